#include "core/casting.hpp"

#include <algorithm>

#include "core/turn.hpp"

namespace czary {
namespace {

bool contains(const std::vector<std::string>& list, const std::string& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

bool ring_available(const Figure& caster, const Spell& spell) {
    return contains(caster.rings, spell.id) && !contains(caster.rings_used, spell.id);
}

bool knows_normally(const GameData& data, const Figure& caster, const Spell& spell) {
    if (caster.id == black_gates_id) return spell.id == "wybuch";
    if (!caster.is_character()) {
        const MonsterKind* kind = data.monster_kind(caster.monster_kind);
        return kind && contains(kind->spells, spell.id);
    }
    return contains(caster.marked, spell.id) || contains(caster.learned, spell.id);
}

Side enemy_of(Side side) { return side == Side::Party ? Side::Monsters : Side::Party; }

int rank_in_own_formation(const GameState& s, const Figure& f) { return place_of(s, f.id).rank; }

bool is_vampire(const Figure& f) { return f.monster_kind == "wampir"; }

}  // namespace

const Figure& black_gates_figure() {
    static const Figure gates = [] {
        Figure f;
        f.id = black_gates_id;
        f.kind = FigureKind::Monster;
        f.name = {"Czarne Wrota", "Black Gates"};
        f.side = Side::Monsters;
        f.sila = 1000;
        return f;
    }();
    return gates;
}

const Figure* find_caster(const GameState& s, const std::string& id) {
    if (id == black_gates_id) return &black_gates_figure();
    return s.find(id);
}

bool spell_takes_targets(const Spell& spell) { return spell.target != "none" && spell.target != "all_engaged"; }

CastPlan plan_cast(const GameState& s, const Figure& caster, const Spell& spell, bool use_ring) {
    CastPlan plan;
    plan.cost = spell.cost;
    if (spell.id == "blyskawica" && caster.cheap_lightning) plan.cost = 1;  // 13.5 Avnas, Asmoday
    const bool only_by_ring = caster.is_character() && ring_available(caster, spell) &&
                              !contains(caster.marked, spell.id) && !contains(caster.learned, spell.id);
    if ((use_ring || only_by_ring) && ring_available(caster, spell)) plan.by_ring = plan.free = true;  // 14.8
    if (spell.type == SpellType::Combat && caster.free_combat_spells_active) plan.free = true;      // 13.5 Alloces
    if (caster.id == black_gates_id) plan.free = true;                                               // 16.0
    if (is_vampire(caster) && spell.id == "urok" && s.fight.active && s.fight.round <= 2) plan.free = true;  // 15.5
    if (plan.free) plan.cost = 0;
    return plan;
}

std::optional<Refused> cast_refusal(const GameState& s, const GameData& data, const Figure& caster,
                                    const Spell& spell, bool use_ring) {
    auto refuse = [&](const char* code, const char* rule) {
        return Refused(code, rule, {{"figure", caster.name}, {"spell", spell.name}});
    };
    const bool gates = caster.id == black_gates_id;
    if (!gates && (caster.dead || caster.petrified || !caster.away.empty() || caster.asleep))
        return refuse("caster_cannot_act", "10.0");
    if (caster.is_character() && !caster.charmed_by.empty()) return refuse("charmed_cannot_cast", "15.5");

    // What the caster can cast at all.
    if (caster.is_character()) {
        if (!s.adventure.active || !s.adventure.entered) return refuse("not_in_labyrinth", "4.1");
        const bool by_ring = ring_available(caster, spell);
        if (!knows_normally(data, caster, spell) && !by_ring) {
            if (spell.type == SpellType::Special) return refuse("special_not_learned", "10.8");
            return refuse("not_marked", "4.1");
        }
        if (use_ring && !by_ring) return refuse("no_ring", "14.8");
        const CastPlan plan = plan_cast(s, caster, spell, use_ring);
        if ((spell.id == "uzdrowienie" || spell.id == "odmlodzenie") && !plan.by_ring) {
            const auto it = caster.uses_left.find(spell.id);
            if (it == caster.uses_left.end() || it->second <= 0) return refuse("no_uses_left", "10.6");
        }
    } else if (!knows_normally(data, caster, spell)) {
        return refuse("monster_lacks_spell", "8.2");
    }

    // When: type W only in a fight (10.1); some spells never in a fight (10.6, 10.8).
    if (spell.type == SpellType::Combat && !s.fight.active) return refuse("only_in_fight", "10.1");
    if (spell.id == "gniew_bozy" && !s.fight.active) return refuse("only_in_fight", "10.8");
    if ((spell.id == "ozywienie_kamienia" || spell.id == "teleportacja") && s.fight.active)
        return refuse("not_in_fight", "10.6");
    if (spell.id == "wskrzeszenie") {
        if (s.fight.active) return refuse("not_in_fight", "10.8");
        if (!s.right_after_fight) return refuse("only_right_after_fight", "10.8");
    }
    // 10.7: N spells serve the negotiation roll, V spells a bribe: neither happens in a fight.
    if ((spell.type == SpellType::Negotiation || spell.type == SpellType::Bribe) && s.fight.active)
        return refuse("talk_spell_not_in_fight", "10.7");
    if (spell.id == "niepewnosc" && (s.fight.round != 1 || s.fight.phase != 1)) return refuse("hesitation_at_start", "10.5");
    if (spell.id == "zawieszenie_broni" && fight_has_nameless(s)) return refuse("not_against_nameless", "10.5");

    if (s.fight.active) {
        if (gates) {
            if (!s.fight.black_gates || s.fight.phase != 3) return refuse("gates_cast_in_phase_3", "16.0");
            if (!fight_has_nameless(s)) return refuse("gates_need_nameless", "16.0");
            if (s.fight.gates_blasts_left <= 0) return refuse("gates_blasts_used", "16.0");
            return std::nullopt;
        }
        const int rank = rank_in_own_formation(s, caster);
        if (rank < 0) return refuse("caster_cannot_act", "10.4");
        // 10.4: characters cast only from the second rank; monsters from the first or second.
        if (caster.is_character() && rank != 1) return refuse("not_second_rank", "10.4");
        if (!caster.is_character() && rank > 1) return refuse("monster_not_front_ranks", "10.4");
        // 9.2: the party acts in phase 1, the monsters in phase 2; Zawieszenie broni in any phase.
        if (spell.id != "zawieszenie_broni") {
            if (caster.side == Side::Party && s.fight.phase != 1) return refuse("party_casts_in_phase_1", "9.2");
            if (caster.side == Side::Monsters && s.fight.phase != 2) return refuse("monsters_cast_in_phase_2", "9.2");
        }
        if (caster.acted == "attack") return refuse("attacked_this_round", "10.3");
        if (caster.acted == "cast") return refuse("already_cast_this_round", "9.2");
    }

    // 10.2: the cost must not kill the caster.
    const CastPlan plan = plan_cast(s, caster, spell, use_ring);
    if (!plan.free && caster.wounds + plan.cost >= caster.sila) return refuse("cost_would_kill", "10.2");
    return std::nullopt;
}

std::optional<Refused> target_refusal(const GameState& s, const Figure& caster, const Spell& spell,
                                      const Figure& target) {
    auto refuse = [&](const char* code, const char* rule) {
        return Refused(code, rule, {{"figure", caster.name}, {"spell", spell.name}, {"target", target.name}});
    };
    const Place place = place_of(s, target.id);
    const std::string& kind = spell.target;
    if (kind == "dead_character") {
        if (!target.is_character() || !target.dead) return refuse("target_not_dead", "10.8");
        if (target.died_in_fight == 0 || target.died_in_fight != s.fight.number) return refuse("too_late_to_raise", "10.8");
        return std::nullopt;
    }
    if (target.dead) return refuse("target_dead", "9.7");
    if (kind == "petrified_character") {
        if (!target.petrified) return refuse("target_not_petrified", "10.6");
        if (target.id == caster.id) return refuse("not_on_self", "10.6");
        return std::nullopt;
    }
    if (target.petrified || !target.away.empty()) return refuse("target_not_here", "10.0");

    const Side enemy = enemy_of(caster.side);
    if (kind == "monster_rank_1" || kind == "monster_rank_1_2" || kind == "any_monster") {
        if (target.side != enemy || !place.on_board()) return refuse("target_not_enemy", "10.5");
        // 16.0: the Black Gates' Wybuch reaches any character.
        const int deepest = caster.id == black_gates_id ? 1000 : kind == "monster_rank_1" ? 0 : kind == "monster_rank_1_2" ? 1 : 1000;
        if (place.rank > deepest) return refuse(kind == "monster_rank_1" ? "target_not_first_rank" : "target_too_far", "10.5");
        return std::nullopt;
    }
    if (kind == "charmed_party_member") {
        if (!target.is_character() || target.charmed_by.empty()) return refuse("target_not_charmed", "10.5");
        return std::nullopt;
    }
    if (kind == "friendly_figure") {
        if (target.side != caster.side) return refuse("target_not_friend", "10.5");
        return std::nullopt;
    }
    if (!target.is_character() && kind != "any_figure") return refuse("target_not_character", "10.6");
    if (kind == "any_character") return std::nullopt;
    if (kind == "other_character") {
        if (target.id == caster.id) return refuse("not_on_self", "10.6");
        return std::nullopt;
    }
    if (kind == "poisoned_character") {
        if (!target.poisoned) return refuse("target_not_poisoned", "10.6");
        if (!target.poison_fresh) return refuse("poison_not_fresh", "10.6");
        return std::nullopt;
    }
    if (kind == "trap_talent_character") {
        if (target.talents.traps <= 0) return refuse("no_trap_talent", "10.6");
        return std::nullopt;
    }
    if (kind == "any_figure") {
        if (target.monster_kind == "bezimienny" || target.monster_kind == "demon") return refuse("teleport_forbidden", "10.6");
        return std::nullopt;
    }
    return refuse("no_targets_for_spell", "10.9");
}

}  // namespace czary
