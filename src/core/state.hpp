#pragma once
// The whole state of a game at the table, as far as the spell system needs it. Plain data:
// the rules (apply.hpp) turn one state and an action into the next state.
#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/dice.hpp"
#include "core/spell_catalog.hpp"

namespace czary {

enum class FigureKind { Character, Monster };
enum class Side { Party, Monsters };
enum class Sun { None = -1, Red = 0, Yellow = 1, Blue = 2 };  // 4.1 D: index into the potential

// States of a few values: enums inside; their names (index = the enumerator) only in files.
enum class Acted { Nothing, Cast, Attack };  // this round (10.3)
inline constexpr std::array<const char*, 3> acted_names{"", "cast", "attack"};
enum class Possession { None, Statue, Talisman };  // 13.2 Bezimienny's statue, 14.6 the Zło talisman
inline constexpr std::array<const char*, 3> possession_names{"", "statue", "talisman"};
enum class FightOutcome { None, Victory, Agreement, CeaseFire, Fled };  // how the last fight ended
inline constexpr std::array<const char*, 5> fight_outcome_names{"", "victory", "agreement", "cease_fire", "fled"};
// What talking to the group (8.4-8.9) came to.
enum class TalkOutcome { None, Failure, Agreement, Intimidation, IntimidationAllTreasure, BribeAccepted, BribeRejected };
inline constexpr std::array<const char*, 7> talk_outcome_names{"", "failure", "agreement", "intimidation", "intimidation_all_treasure",
                                                               "bribe_accepted", "bribe_rejected"};
// 8.6: an agreement or an intimidation lets the party go on.
inline bool party_may_go_on(TalkOutcome outcome) {
    return outcome == TalkOutcome::Agreement || outcome == TalkOutcome::Intimidation || outcome == TalkOutcome::IntimidationAllTreasure;
}
template <class E, std::size_t N>
const char* name_of(E value, const std::array<const char*, N>& names) {
    return names[static_cast<std::size_t>(value)];
}

struct Talents {
    int traps = 0;        // pułapki (max 5)
    int negotiation = 0;  // negocjacje
    int black_gates = 0;  // Czarne Wrota (max 5)
    bool traps_lost = false;  // 13.5 Vassago's failure: pułapki gone "na stałe, do końca całej gry"
};

// A character or a monster; fields that do not apply to one kind stay at their defaults.
struct Figure {
    std::string id;  // "c1", "m2", ...
    FigureKind kind = FigureKind::Character;
    LocalizedText name;
    std::string hero;          // id in table 4.3, if made from a hero
    std::string race;          // initiates' race
    std::string monster_kind;  // id in table 8.2
    int level = 1;             // monsters: 6.7
    int nn = -1;               // monsters: niechęć do negocjacji; -1 = cannot negotiate
    int sila = 1;              // wound capacity
    int wounds = 0;
    int odpornosc = 0;         // 11.0, at most 5
    int zrecznosc = 0;
    Talents talents;
    std::array<int, 3> potential{0, 0, 0};  // red / yellow / blue
    std::vector<std::string> pool;    // 10.0, 4.1 B6
    std::vector<std::string> marked;  // 4.1 D: castable in this adventure
    std::vector<std::string> learned;  // type S spells learned during play (10.8) and where
    std::map<std::string, int> uses_left;  // 10.6 Uzdrowienie / Odmłodzenie per adventure
    std::vector<std::string> rings;        // 14.8 ring spells: once per adventure, free
    std::vector<std::string> rings_used;

    Side side = Side::Party;     // whom it fights for now (charms change it)
    std::string charmed_by;      // 10.5 Urok: the caster's id
    Possession possessed = Possession::None;  // fights the party
    bool dead = false;
    int died_in_fight = 0;       // fight number, for Wskrzeszenie (10.8)
    bool asleep = false;         // 10.5 Uśpienie
    bool magic_shield = false;   // 10.5, this fight
    int armor = 0;               // 10.6 Magiczna zbroja points
    bool poisoned = false;
    bool poison_fresh = false;   // 10.6 Neutralizacja: only right after the poisoning
    int poison_wounds = 0;       // 10.6: the wounds the poison dealt, which Neutralizacja takes back
    bool petrified = false;      // 15.3
    bool stone_fresh = false;    // 15.3: turned to stone outside a fight; Ożywienie kamienia at once
    std::string away;            // teleported to this segment (10.6); "" = here
    bool vanished = false;       // 16.0: a Demon gone at Bezimienny's death, for good
    int strength_bonus_next = 0;    // 10.6 Siła / 14.5: for the next fight
    int strength_bonus_active = 0;  // in the current fight
    bool trap_bonus = false;        // 10.6 Delikatne palce: +3 for one attempt
    bool free_combat_spells_next = false;    // 13.5 Alloces: next fight
    bool free_combat_spells_active = false;
    bool cheap_lightning = false;   // 13.5 Avnas / Asmoday: Błyskawica for 1 wound
    Acted acted = Acted::Nothing;  // this round (10.3)
    int wounds_at_entry = 0;        // 10.8 Wskrzeszenie
    int experience = 0;             // 12.0
    std::vector<std::string> improved;  // 12.2: what experience raised since the last adventure
    int armor_sila = 0;             // 14.4: the magic armour's siła, part of `sila`
    int zrecznosc_this_adventure = 0;  // 13.5 Alloces: a change undone when the adventure ends
    int thought_uses = 0;           // 14.6 Myśl: uses left
    std::vector<std::string> medallions;  // 14.7 worn: neutralizacja_trucizny, elokwencja
    std::vector<std::string> killed;  // ids of monsters it killed (12.1)

    bool is_character() const { return kind == FigureKind::Character; }
    bool alive() const { return !dead; }
    // Where the party is (not teleported away, not vanished): a figure the spells and the ranks
    // may reach. Stone or dead are other matters.
    bool here() const { return away.empty() && !vanished; }
    // 10.0: the pool holds as many spells as the largest of the three potentials.
    int pool_size() const { return *std::max_element(potential.begin(), potential.end()); }
    // A spell it could cast at all: from its pool, learned (10.8) or from a ring (14.8). A fighter
    // has none.
    bool knows_spells() const { return !pool.empty() || !learned.empty() || !rings.empty(); }
};

// Ranks of three places, front rank first; "" is an empty place (4.1 C, 9.1).
struct Formation {
    std::vector<std::array<std::string, 3>> ranks;
};

struct Adventure {
    int number = 0;
    bool active = false;   // from begin_adventure until end_adventure
    bool entered = false;  // marks and limits fixed, the party is in the labyrinth
    Sun sun = Sun::None;
};

struct Fight {
    int number = 0;  // counts every fight of the session
    bool active = false;
    int round = 0;
    int phase = 0;   // 1..5 of 9.2
    bool black_gates = false;     // 16.0: phase 3 exists
    int gates_blasts_left = 0;    // 16.0: three free Wybuch per phase 3
    bool hesitation = false;      // 10.5 Niepewność was cast
    bool hesitation_window = false;  // 10.5 Niepewność: healing before the fight starts, until it does
    bool under_way = false;       // an attack, a wound or a spell of this fight is on record (10.5 Niepewność: before it)
    std::vector<int> ranks_moved_from;  // 9.8: one character from each rank per phase 4
    // 9.8 party pkt 4: one left alive in the first rank when phase 4 began: the only move, and a
    // move that must be made, is one from the second rank to the first.
    enum class FirstRankMove { None, Owed, Made };
    FirstRankMove first_rank_move = FirstRankMove::None;
    // 9.8 monsters pkt 2: the first rank was full when phase 5 began, so one monster at most steps
    // forward; `monsters_stepped` counts the monsters the players moved forward in this phase 5.
    bool monster_front_full = false;
    int monsters_stepped = 0;
    std::vector<std::string> monsters_killed;
    FightOutcome outcome = FightOutcome::None;  // after it ends
};

// The monster group the party faces now (8.4-8.9).
struct Encounter {
    int negotiation_bonus = 0;    // 10.7 Elokwencja
    bool intimidation = false;    // 10.7 Zastraszenie
    bool all_treasure = false;    // 10.7 Zniechęcenie
    int bribe_modifier = 0;       // 10.7 Sugestia, Pochlebstwo
    bool bribe_tried = false;     // 8.9: once per group
    TalkOutcome outcome = TalkOutcome::None;
};

struct Notes {
    std::vector<std::string> locked_doors;                  // 10.6 Zamek
    std::vector<std::array<std::string, 2>> teleports;      // 10.6 Teleportacja: who, where
};

// Rules the players add to the book's (2.3), each off until turned on (set_house_rule).
struct HouseRules {
    bool end_fight_early = false;  // end_fight may close a fight as "agreement" or "fled" (9.0 forbids it)
};

struct GameState {
    int next_id = 1;
    std::vector<Figure> figures;
    Formation party;
    Formation monsters;
    Adventure adventure;
    Fight fight;
    bool right_after_fight = false;  // 10.8 Wskrzeszenie window
    Encounter encounter;
    Notes notes;
    HouseRules house_rules;
    Rng rng;

    Figure* find(const std::string& id);
    const Figure* find(const std::string& id) const;
};

const char* sun_name(Sun sun);

// 12.2, 12.3: what spent experience raises by one point after an adventure ("sila", "odpornosc",
// "zrecznosc", "potential_red", "potential_yellow", "potential_blue", and the talents
// "talent_traps", "talent_negotiation", "talent_black_gates"), in the order the app offers them.
const std::vector<std::string_view>& improvable_traits();
// 13.5: the altars of the spell system, in the app's order ("alloces", "vassago", "avnas",
// "malthus", "asmoday"; Leraje's bow skill is left to the character sheet).
const std::vector<std::string_view>& altar_names();
bool improvable(std::string_view what);
// Its price in experience now: 100 (zręczność 150, 12.3), 10% of that more for every adventure
// ended after the first (17.5: "Koszty te rosną 10% po zakończeniu każdej kolejnej przygody,
// poczynając od drugiej").
int improve_price(const GameState& s, std::string_view what);
// 14.7: the medallions the spell system knows, in the app's order.
inline constexpr std::string_view poison_medallion = "neutralizacja_trucizny";  // no poison harms the wearer
inline constexpr std::string_view eloquence_medallion = "elokwencja";           // +1 to negotiations
const std::vector<std::string_view>& medallion_names();
bool known_medallion(std::string_view medallion);
bool wears_medallion(const Figure& figure, std::string_view medallion);

}  // namespace czary
