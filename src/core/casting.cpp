#include "core/casting.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>

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
        return Refused(code, rule, "figure", caster.name, "spell", spell.name);
    }
};
using Check = std::optional<Refused> (*)(const CastCheck&);

// 10.0, 15.5: a caster who can act at all: not dead, stone, away or asleep; a charmed character
// obeys its charmer and a possessed one (13.2, 14.6) fights for the monsters: neither casts.
std::optional<Refused> caster_can_act(const CastCheck& c) {
    const Figure& caster = c.caster;
    if (!c.gates && (caster.dead || caster.petrified || !caster.here() || caster.asleep)) return c.refuse("caster_cannot_act", "10.0");
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
            // "tuż przed rozpoczęciem walki": not once a blow of it has been struck or a spell cast.
            if (s.fight.under_way) return c.refuse("hesitation_after_first_blow", spell.rule.c_str());
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

namespace {

// One target being checked (target_refusal).
struct TargetCheck {
    const GameState& s;
    const GameData& data;
    const Figure& caster;
    const Spell& spell;
    const Figure& target;

    Refused refuse(const char* code, const char* rule) const {
        return Refused(code, rule, "figure", caster.name, "spell", spell.name, "target", target.name);
    }
    bool aims_at(std::initializer_list<TargetKind> kinds) const {
        return std::find(kinds.begin(), kinds.end(), spell.target) != kinds.end();
    }
};

// A check's word on a target: nothing (a later check decides), or the last word: refused or taken.
struct Word {
    bool last = false;
    std::optional<Refused> refusal;
};
const Word go_on{};
const Word taken{true, std::nullopt};
Word refused(Refused refusal) { return {true, std::move(refusal)}; }
using TargetRule = Word (*)(const TargetCheck&);

// 10.9: a spell for nobody, or for everyone engaged, takes no target of its own.
Word spell_takes_a_target(const TargetCheck& c) {
    if (c.aims_at({TargetKind::None, TargetKind::AllEngaged})) return refused(c.refuse("no_targets_for_spell", "10.9"));
    return go_on;
}

// 10.8 Wskrzeszenie: a character who died in this fight (or the one just over).
Word raised_from_this_fight(const TargetCheck& c) {
    if (c.spell.target != TargetKind::DeadCharacter) return go_on;
    if (!c.target.is_character() || !c.target.dead) return refused(c.refuse("target_not_dead", "10.8"));
    if (c.target.died_in_fight == 0 || c.target.died_in_fight != c.s.fight.number) return refused(c.refuse("too_late_to_raise", "10.8"));
    return taken;
}

// 9.7: every other spell takes the living only.
Word target_alive(const TargetCheck& c) {
    if (c.target.dead) return refused(c.refuse("target_dead", "9.7"));
    return go_on;
}

// 10.6 Ożywienie kamienia: another character turned to stone, 15.3 "bezpośrednio po zakończeniu
// walki" (later the character counts as dead) or right after the statue (13.2).
Word stone_still_fresh(const TargetCheck& c) {
    if (c.spell.target != TargetKind::PetrifiedCharacter) return go_on;
    if (!c.target.petrified) return refused(c.refuse("target_not_petrified", "10.6"));
    if (c.target.id == c.caster.id) return refused(c.refuse("not_on_self", "10.6"));
    if (!c.s.right_after_fight && !c.target.stone_fresh) return refused(c.refuse("too_late_to_unpetrify", "15.3"));
    return taken;
}

// 10.0: a figure of stone, teleported away or vanished (16.0) is not here for any other spell.
Word target_here(const TargetCheck& c) {
    if (c.target.petrified || !c.target.here()) return refused(c.refuse("target_not_here", "10.0"));
    return go_on;
}

bool aims_at_enemy(const TargetCheck& c) {
    return c.aims_at({TargetKind::EnemyFirstRank, TargetKind::EnemyFirstTwoRanks, TargetKind::AnyMonster});
}

// 10.5 Uśpienie: "na każdego potwora": a monster, never a character, whichever side a charm or a
// possession has put the character on.
Word sleep_takes_monsters(const TargetCheck& c) {
    if (c.spell.target == TargetKind::AnyMonster && c.target.is_character()) return refused(c.refuse("sleep_monsters_only", "10.5"));
    return go_on;
}

// 10.5: an enemy on the board, in the ranks the spell reaches. The Black Gates' Wybuch too: 16.0
// and 9.2 pkt 3 let the Gates cast from any rank of theirs, and Wybuch still reaches the first
// rank only (docs/interpretations.md, "gates-blast-first-rank").
Word enemy_in_reach(const TargetCheck& c) {
    if (!aims_at_enemy(c)) return go_on;
    const Place place = place_of(c.s, c.target.id);
    if (c.target.side != enemy_of(c.caster.side) || !place.on_board()) return refused(c.refuse("target_not_enemy", "10.5"));
    const int deepest = c.spell.target == TargetKind::EnemyFirstRank       ? 0
                        : c.spell.target == TargetKind::EnemyFirstTwoRanks ? 1
                                                                           : 1000;
    if (place.rank > deepest)
        return refused(c.refuse(c.spell.target == TargetKind::EnemyFirstRank ? "target_not_first_rank" : "target_too_far", "10.5"));
    return go_on;
}

// Whom Urok takes. 15.5: the Vampire's, characters (a monster the party charmed is not one);
// 10.5: the party's, monsters; a character charmed by the Vampire is freed only by the Vampire's
// death or Uwolnienie (15.5), the Zło talisman's victim by Urok too (14.6), the statue's only by
// Uwolnienie (13.2). Any other spell at an enemy in reach: taken.
Word whom_a_charm_takes(const TargetCheck& c) {
    if (!aims_at_enemy(c)) return go_on;
    if (c.spell.does != SpellEffect::Charm) return taken;
    const Figure& caster = c.caster;
    const Figure& target = c.target;
    if (!caster.is_character() && !target.is_character()) return refused(c.refuse("monster_charms_characters", "15.5"));
    if (caster.is_character() && target.is_character() && target.possessed != Possession::Talisman) {
        if (!target.charmed_by.empty()) return refused(c.refuse("vampire_charm_only_freed", "15.5"));
        if (target.possessed == Possession::Statue) return refused(c.refuse("statue_only_freed", "13.2"));
        return refused(c.refuse("target_not_monster", "10.5"));
    }
    return taken;
}

// 10.5 Uwolnienie: a character under a charm or possessed; 10.5 a friend; 10.6 Teleportacja: any
// figure but the Nameless One, the Demons or the Black Gates.
Word friend_or_figure(const TargetCheck& c) {
    switch (c.spell.target) {
        case TargetKind::CharmedPartyMember:
            if (!c.target.is_character() || (c.target.charmed_by.empty() && c.target.possessed == Possession::None))
                return refused(c.refuse("target_not_charmed", "10.5"));
            return taken;
        case TargetKind::FriendlyFigure:
            if (c.target.side != c.caster.side) return refused(c.refuse("target_not_friend", "10.5"));
            return taken;
        case TargetKind::AnyFigure: {
            const MonsterKind* kind = c.data.monster_kind(c.target.monster_kind);
            if (kind && (kind->nameless || kind->demon)) return refused(c.refuse("teleport_forbidden", "10.6"));
            return taken;
        }
        default: return go_on;
    }
}

// 10.6: the rest take a character: any, another than the caster, one just poisoned (Neutralizacja
// trucizny), one with the trap talent (Delikatne palce).
Word which_character(const TargetCheck& c) {
    if (!c.target.is_character()) return refused(c.refuse("target_not_character", "10.6"));
    switch (c.spell.target) {
        case TargetKind::AnyCharacter: return taken;
        case TargetKind::OtherCharacter:
            if (c.target.id == c.caster.id) return refused(c.refuse("not_on_self", "10.6"));
            return taken;
        case TargetKind::PoisonedCharacter:
            if (!c.target.poisoned) return refused(c.refuse("target_not_poisoned", "10.6"));
            if (!c.target.poison_fresh) return refused(c.refuse("poison_not_fresh", "10.6"));
            return taken;
        case TargetKind::TrapTalentCharacter:
            if (c.target.talents.traps <= 0) return refused(c.refuse("no_trap_talent", "10.6"));
            return taken;
        default: return refused(c.refuse("no_targets_for_spell", "10.9"));
    }
}

// The order of the rules, written down: the first check with the last word gives it.
constexpr std::array<TargetRule, 10> target_checks = {
    spell_takes_a_target, raised_from_this_fight, target_alive, stone_still_fresh, target_here,
    sleep_takes_monsters, enemy_in_reach, whom_a_charm_takes, friend_or_figure, which_character,
};

}  // namespace

std::optional<Refused> target_refusal(const GameState& s, const GameData& data, const Figure& caster,
                                      const Spell& spell, const Figure& target) {
    const TargetCheck check{s, data, caster, spell, target};
    for (const TargetRule rule : target_checks) {
        Word word = rule(check);
        if (word.last) return std::move(word.refusal);
    }
    return std::nullopt;
}

}  // namespace czary
