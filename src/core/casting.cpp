#include "core/casting.hpp"

#include <algorithm>
#include <array>

#include "core/handlers.hpp"
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
    if (caster.id == black_gates_id) return spell.black_gates;
    if (!caster.is_character()) {
        const MonsterKind* kind = data.monster_kind(caster.monster_kind);
        return kind && contains(kind->spells, spell.id);
    }
    // 13.5 Avnas, Asmoday: Błyskawica "niezależnie od tego, czy w ogóle posiadała dotychczas umiejętność".
    if (spell.altar_cost && caster.cheap_lightning) return true;
    return contains(caster.marked, spell.id) || contains(caster.learned, spell.id);
}

Side enemy_of(Side side) { return side == Side::Party ? Side::Monsters : Side::Party; }

int rank_in_own_formation(const GameState& s, const Figure& f) { return place_of(s, f.id).rank; }

bool is_vampire(const GameData& data, const Figure& f) {
    const MonsterKind* kind = data.monster_kind(f.monster_kind);
    return kind && kind->vampire;
}

// 10.5 Niepewność: "Daje oddziałowi czas na użycie tuż przed rozpoczęciem walki mikstur i czarów
// uzdrawiających": healing spells of the party, from any rank, outside the once-per-round limit.
bool in_hesitation_window(const GameState& s, const Figure& caster, const Spell& spell) {
    return s.fight.active && s.fight.hesitation_window && caster.side == Side::Party && spell.does == SpellEffect::Heal;
}

}  // namespace

const Figure* find_caster(const GameData& data, const GameState& s, const std::string& id) {
    if (id == black_gates_id) return &data.black_gates;
    return s.find(id);
}

CastPlan plan_cast(const GameData& data, const Figure& caster, const Spell& spell, bool use_ring) {
    CastPlan plan;
    plan.cost = spell.cost;
    if (spell.altar_cost && caster.cheap_lightning) plan.cost = *spell.altar_cost;  // 13.5 Avnas, Asmoday
    const bool only_by_ring = caster.is_character() && ring_available(caster, spell) &&
                              !contains(caster.marked, spell.id) && !contains(caster.learned, spell.id);
    if ((use_ring || only_by_ring) && ring_available(caster, spell)) plan.by_ring = plan.free = true;  // 14.8
    if (spell.type == SpellType::Combat && caster.free_combat_spells_active) plan.free = true;      // 13.5 Alloces
    if (caster.id == black_gates_id) plan.free = true;                                               // 16.0
    // 15.5: the Vampire's Urok is free; it has it "tylko podczas dwóch pierwszych rund walki".
    if (is_vampire(data, caster) && spell.does == SpellEffect::Charm) plan.free = true;
    if (plan.free) plan.cost = 0;
    return plan;
}

namespace {

// One cast being checked (cast_refusal): who, what, and what it would cost.
struct CastCheck {
    const GameState& s;
    const GameData& data;
    const Figure& caster;
    const Spell& spell;
    bool use_ring;
    CastPlan plan;
    bool gates;  // the Black Gates cast (16.0)

    Refused refuse(const char* code, const char* rule) const {
        return Refused(code, rule, {{"figure", caster.name}, {"spell", spell.name}});
    }
};
using Check = std::optional<Refused> (*)(const CastCheck&);

// 10.0, 15.5: a caster who can act at all: not dead, stone, away or asleep; a charmed character
// obeys its charmer and a possessed one (13.2, 14.6) fights for the monsters: neither casts.
std::optional<Refused> caster_can_act(const CastCheck& c) {
    const Figure& caster = c.caster;
    if (!c.gates && (caster.dead || caster.petrified || !caster.away.empty() || caster.asleep)) return c.refuse("caster_cannot_act", "10.0");
    if (caster.is_character() && (!caster.charmed_by.empty() || caster.possessed != Possession::None))
        return c.refuse("charmed_cannot_cast", "15.5");
    return std::nullopt;
}

// 4.1, 10.8, 14.8, 10.6, 8.2: what the caster can cast at all: marked, learned or on a ring,
// with uses left; a monster only its own spells.
std::optional<Refused> caster_knows_spell(const CastCheck& c) {
    const Figure& caster = c.caster;
    const Spell& spell = c.spell;
    if (!caster.is_character()) {
        if (!knows_normally(c.data, caster, spell)) return c.refuse("monster_lacks_spell", "8.2");
        return std::nullopt;
    }
    if (!c.s.adventure.active || !c.s.adventure.entered) return c.refuse("not_in_labyrinth", "4.1");
    const bool by_ring = ring_available(caster, spell);
    if (!knows_normally(c.data, caster, spell) && !by_ring) {
        if (spell.type == SpellType::Special) return c.refuse("special_not_learned", "10.8");
        return c.refuse("not_marked", "4.1");
    }
    if (c.use_ring && !by_ring) return c.refuse("no_ring", "14.8");
    if (spell.limited_uses && !c.plan.by_ring) {
        const auto it = caster.uses_left.find(spell.id);
        if (it == caster.uses_left.end() || it->second <= 0) return c.refuse("no_uses_left", "10.6");
    }
    return std::nullopt;
}

// 10.1, 10.6, 10.8: when: type W only in a fight; some spells only or never in a fight.
std::optional<Refused> right_moment(const CastCheck& c) {
    const GameState& s = c.s;
    const Spell& spell = c.spell;
    if (spell.type == SpellType::Combat && !s.fight.active) return c.refuse("only_in_fight", "10.1");
    switch (spell.when) {
        case SpellTiming::Any: break;
        case SpellTiming::FightOnly:
            if (!s.fight.active) return c.refuse("only_in_fight", spell.rule.c_str());
            break;
        case SpellTiming::NotInFight:
            if (s.fight.active) return c.refuse("not_in_fight", spell.rule.c_str());
            break;
        case SpellTiming::RightAfterFight:
            if (s.fight.active) return c.refuse("not_in_fight", spell.rule.c_str());
            if (!s.right_after_fight) return c.refuse("only_right_after_fight", spell.rule.c_str());
            break;
        case SpellTiming::FightStart:
            if (s.fight.round != 1 || s.fight.phase != 1) return c.refuse("hesitation_at_start", spell.rule.c_str());
            break;
    }
    return std::nullopt;
}

// 10.7: N spells serve the negotiation roll, V spells a bribe: neither happens in a fight, nor
// with nobody to talk to or the roll made.
std::optional<Refused> talk_to_serve(const CastCheck& c) {
    if ((c.spell.type == SpellType::Negotiation || c.spell.type == SpellType::Bribe) && c.s.fight.active)
        return c.refuse("talk_spell_not_in_fight", "10.7");
    if (auto r = talk_spell_refusal(c.data, c.s, c.spell)) return c.refuse(r->first.c_str(), r->second.c_str());
    return std::nullopt;
}

// 10.5: no cease-fire with Bezimienny; 15.5: the Vampire charms "tylko podczas dwóch pierwszych
// rund walki".
std::optional<Refused> special_monsters(const CastCheck& c) {
    if (c.spell.does == SpellEffect::CeaseFire && fight_has_nameless(c.data, c.s)) return c.refuse("not_against_nameless", "10.5");
    if (is_vampire(c.data, c.caster) && c.spell.does == SpellEffect::Charm && c.s.fight.round > 2)
        return c.refuse("vampire_charms_two_rounds", "15.5");
    return std::nullopt;
}

// In a fight: 16.0 the Black Gates in phase 3; 10.4 the rank; 9.2 the phase; 10.3 and 9.4 one
// action a round. Healing in Niepewność's time before the fight (10.5) needs none of these.
std::optional<Refused> place_in_fight(const CastCheck& c) {
    const GameState& s = c.s;
    const Figure& caster = c.caster;
    if (!s.fight.active) return std::nullopt;
    if (c.gates) {
        if (!s.fight.black_gates || s.fight.phase != 3) return c.refuse("gates_cast_in_phase_3", "16.0");
        if (!fight_has_nameless(c.data, s)) return c.refuse("gates_need_nameless", "16.0");
        if (s.fight.gates_blasts_left <= 0) return c.refuse("gates_blasts_used", "16.0");
        return std::nullopt;
    }
    const int rank = rank_in_own_formation(s, caster);
    if (rank < 0) return c.refuse("caster_cannot_act", "10.4");
    if (in_hesitation_window(s, caster, c.spell)) return std::nullopt;
    // 10.4: the party casts only from its second rank (a charmed monster too: it stands in the
    // party's formation); the monsters from the first or second rank of theirs.
    if (caster.side == Side::Party && rank != 1) return c.refuse("not_second_rank", "10.4");
    if (caster.side == Side::Monsters && rank > 1) return c.refuse("monster_not_front_ranks", "10.4");
    // 9.2: the party acts in phase 1, the monsters in phase 2; Zawieszenie broni in any phase.
    if (c.spell.does != SpellEffect::CeaseFire) {
        if (caster.side == Side::Party && s.fight.phase != 1) return c.refuse("party_casts_in_phase_1", "9.2");
        if (caster.side == Side::Monsters && s.fight.phase != 2) return c.refuse("monsters_cast_in_phase_2", "9.2");
    }
    if (caster.acted == Acted::Attack) return c.refuse("attacked_this_round", "10.3");
    if (caster.acted == Acted::Cast) return c.refuse("already_cast_this_round", "9.4");
    return std::nullopt;
}

// 10.2: the cost must not kill the caster (the Black Gates' siła is beyond any cost).
std::optional<Refused> cost_leaves_alive(const CastCheck& c) {
    if (!c.plan.free && c.caster.wounds + c.plan.cost >= c.caster.sila) return c.refuse("cost_would_kill", "10.2");
    return std::nullopt;
}

// The order of the rules, written down: the first check that refuses gives the refusal.
constexpr std::array<Check, 7> cast_checks = {
    caster_can_act, caster_knows_spell, right_moment, talk_to_serve, special_monsters, place_in_fight, cost_leaves_alive,
};

}  // namespace

std::optional<Refused> cast_refusal(const GameState& s, const GameData& data, const Figure& caster,
                                    const Spell& spell, bool use_ring) {
    const CastCheck cast{s, data, caster, spell, use_ring, plan_cast(data, caster, spell, use_ring), caster.id == black_gates_id};
    for (const Check check : cast_checks)
        if (auto refusal = check(cast)) return refusal;
    return std::nullopt;
}

std::optional<Refused> target_refusal(const GameState& s, const GameData& data, const Figure& caster,
                                      const Spell& spell, const Figure& target) {
    auto refuse = [&](const char* code, const char* rule) {
        return Refused(code, rule, {{"figure", caster.name}, {"spell", spell.name}, {"target", target.name}});
    };
    const Place place = place_of(s, target.id);
    const Side enemy = enemy_of(caster.side);
    const MonsterKind* target_kind = data.monster_kind(target.monster_kind);
    switch (spell.target) {
        case TargetKind::None:
        case TargetKind::AllEngaged: return refuse("no_targets_for_spell", "10.9");
        case TargetKind::DeadCharacter:
            if (!target.is_character() || !target.dead) return refuse("target_not_dead", "10.8");
            if (target.died_in_fight == 0 || target.died_in_fight != s.fight.number) return refuse("too_late_to_raise", "10.8");
            return std::nullopt;
        default: break;
    }
    if (target.dead) return refuse("target_dead", "9.7");
    if (spell.target == TargetKind::PetrifiedCharacter) {
        if (!target.petrified) return refuse("target_not_petrified", "10.6");
        if (target.id == caster.id) return refuse("not_on_self", "10.6");
        // 15.3: "bezpośrednio po zakończeniu walki"; later the character counts as dead.
        if (!s.right_after_fight && !target.stone_fresh) return refuse("too_late_to_unpetrify", "15.3");
        return std::nullopt;
    }
    if (target.petrified || !target.away.empty()) return refuse("target_not_here", "10.0");

    switch (spell.target) {
        case TargetKind::EnemyFirstRank:
        case TargetKind::EnemyFirstTwoRanks:
        case TargetKind::AnyEnemy: {
            if (target.side != enemy || !place.on_board()) return refuse("target_not_enemy", "10.5");
            // 16.0: the Black Gates' Wybuch reaches any character.
            const int deepest = caster.id == black_gates_id                       ? 1000
                                : spell.target == TargetKind::EnemyFirstRank      ? 0
                                : spell.target == TargetKind::EnemyFirstTwoRanks  ? 1
                                                                                  : 1000;
            if (place.rank > deepest)
                return refuse(spell.target == TargetKind::EnemyFirstRank ? "target_not_first_rank" : "target_too_far", "10.5");
            if (spell.does == SpellEffect::Charm) {
                // 15.5: the Vampire's Urok takes characters; a monster the party charmed is not one.
                if (!caster.is_character() && !target.is_character()) return refuse("monster_charms_characters", "15.5");
                // 10.5: the party's Urok takes monsters; a character charmed by the Vampire is freed
                // only by the Vampire's death or Uwolnienie (15.5); the Zło talisman's victim by Urok
                // too (14.6), the statue's only by Uwolnienie (13.2).
                if (caster.is_character() && target.is_character() && target.possessed != Possession::Talisman) {
                    if (!target.charmed_by.empty()) return refuse("vampire_charm_only_freed", "15.5");
                    if (target.possessed == Possession::Statue) return refuse("statue_only_freed", "13.2");
                    return refuse("target_not_monster", "10.5");
                }
            }
            return std::nullopt;
        }
        case TargetKind::CharmedPartyMember:
            if (!target.is_character() || (target.charmed_by.empty() && target.possessed == Possession::None))
                return refuse("target_not_charmed", "10.5");
            return std::nullopt;
        case TargetKind::FriendlyFigure:
            if (target.side != caster.side) return refuse("target_not_friend", "10.5");
            return std::nullopt;
        case TargetKind::AnyFigure:
            // 10.6: not the Nameless One, the Demons or the Black Gates.
            if (target_kind && (target_kind->nameless || target_kind->demon)) return refuse("teleport_forbidden", "10.6");
            return std::nullopt;
        default: break;
    }
    if (!target.is_character()) return refuse("target_not_character", "10.6");
    switch (spell.target) {
        case TargetKind::AnyCharacter: return std::nullopt;
        case TargetKind::OtherCharacter:
            if (target.id == caster.id) return refuse("not_on_self", "10.6");
            return std::nullopt;
        case TargetKind::PoisonedCharacter:
            if (!target.poisoned) return refuse("target_not_poisoned", "10.6");
            if (!target.poison_fresh) return refuse("poison_not_fresh", "10.6");
            return std::nullopt;
        case TargetKind::TrapTalentCharacter:
            if (target.talents.traps <= 0) return refuse("no_trap_talent", "10.6");
            return std::nullopt;
        default: return refuse("no_targets_for_spell", "10.9");
    }
}

}  // namespace czary
