#pragma once
// The spells of chapter 10 (table 10.9), read from data/spells.json.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/localized_text.hpp"

namespace czary {

// 10.1, 10.9: the type decides when a spell may be cast.
enum class SpellType { Combat /*W*/, Any /*O*/, Negotiation /*N*/, Bribe /*V*/, Special /*S*/ };

char spell_type_letter(SpellType type);

// Whom a spell may be cast on ("target" in data/spells.json; docs/session-format.md, section 6).
enum class TargetKind {
    None,                 // "none": nobody (Zamek, the N and V spells, ...)
    AllEngaged,           // "all_engaged": every figure on the board (Eksplozja)
    EnemyFirstRank,       // "monster_rank_1"
    EnemyFirstTwoRanks,   // "monster_rank_1_2"
    AnyMonster,           // "any_monster": a monster of the other side, never a character
    CharmedPartyMember,   // "charmed_party_member"
    FriendlyFigure,       // "friendly_figure"
    AnyCharacter,         // "any_character"
    OtherCharacter,       // "other_character": not the caster
    PoisonedCharacter,    // "poisoned_character"
    PetrifiedCharacter,   // "petrified_character"
    DeadCharacter,        // "dead_character"
    TrapTalentCharacter,  // "trap_talent_character"
    AnyFigure,            // "any_figure"
};

// What a spell does ("does" in data/spells.json): casting.cpp applies it by this, never by id.
enum class SpellEffect {
    Wound, Charm, Sleep, FreeFromCharm, Shield, Hesitation, CeaseFire,            // 10.5
    LockDoor, Armor, NeutralisePoison, Unpetrify, Strength, Heal, Teleport,       // 10.6
    DelicateFingers,
    NegotiationBonus, Intimidation, IntimidationAllTreasure, BribeModifier,       // 10.7
    Resurrect,                                                                     // 10.8
};

// When a spell may be cast, beyond what its type says (10.1) ("when" in data/spells.json).
enum class SpellTiming {
    Any,              // "any": as its type allows
    FightOnly,        // "fight": only in a fight (Gniew Boży, a type S spell)
    NotInFight,       // "not_in_fight" (Ożywienie kamienia, Teleportacja)
    RightAfterFight,  // "right_after_fight" (Wskrzeszenie)
    FightStart,       // "fight_start": round 1, phase 1, before anything (Niepewność)
};


struct Spell {
    std::string id;
    LocalizedText name;
    std::string abbreviation;
    int cost = 0;  // wounds the caster takes (10.0, 10.2)
    SpellType type = SpellType::Any;
    std::string rule;    // "10.5" ... "10.8"
    TargetKind target = TargetKind::None;
    std::string target_name;  // the same, as data/spells.json writes it
    SpellEffect does = SpellEffect::Wound;
    SpellTiming when = SpellTiming::Any;
    bool resistible = false;  // 11.0
    bool heals = false;       // takes wounds off its target (Uzdrowienie, Odmłodzenie)
    bool limited_uses = false;  // 10.6: 1K6 uses per adventure, rolled before entering
    bool ring = false;          // 14.8: a ring of this spell exists
    bool black_gates = false;   // 16.0: the spell the Black Gates cast in phase 3
    int bonus = 0;              // 10.7: the negotiation bonus or the bribe roll's reduction
    std::optional<int> altar_cost;  // 13.5 Avnas, Asmoday: the cost after their altar, known or not
    std::vector<std::string> learned_from;  // 10.8: how a type S spell is learned (ring, bookshelf, ...)
    std::optional<std::string> dice;  // dice code of its effect, e.g. "1K3x2"
    LocalizedText effect;
    LocalizedText short_effect;  // one line on its card
    LocalizedText cost_note;     // where the rulebook disagrees on the cost (Gniew Boży: 10.8 vs table 10.9)
    std::string rule_text;  // the rule's own words (10-czary.txt), Polish
};

// Does the spell deal wounds (so Magiczna tarcza stops it and Magiczna zbroja absorbs them)?
inline bool is_wounding(const Spell& spell) { return spell.does == SpellEffect::Wound; }
// Does the player name its targets (false: nobody, or everyone engaged)?
inline bool takes_targets(const Spell& spell) {
    return spell.target != TargetKind::None && spell.target != TargetKind::AllEngaged;
}

class SpellCatalog {
public:
    // Throws DataError with a message naming the spell and field that is wrong.
    static SpellCatalog from_json(std::string_view json_text);

    const std::vector<Spell>& all() const { return spells_; }
    const Spell* find(std::string_view id) const;

private:
    std::vector<Spell> spells_;
};

}  // namespace czary
