#pragma once
// Every action type and the function that applies it (apply.cpp dispatches by "type").
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "core/turn.hpp"

namespace czary {

// rules_party.cpp
void action_add_hero(Turn& t);
void action_add_initiate(Turn& t);
void action_add_character(Turn& t);
void action_set_pool(Turn& t);
void action_learn_spell(Turn& t);
// rules_adventure.cpp
void action_begin_adventure(Turn& t);
void action_mark_spells(Turn& t);
void action_roll_use_limit(Turn& t);
void action_enter_labyrinth(Turn& t);
void action_end_adventure(Turn& t);
// rules_formation.cpp
void action_move_figure(Turn& t);
// rules_fight.cpp
void action_add_monster(Turn& t);
void action_clear_monsters(Turn& t);
void action_rejoin(Turn& t);
void action_start_fight(Turn& t);
void action_next_phase(Turn& t);
void action_weapon_attack(Turn& t);
void action_wound(Turn& t);
void action_heal(Turn& t);
void action_kill_sleeping(Turn& t);
void action_end_fight(Turn& t);
void action_set_house_rule(Turn& t);
// 6.7 "Poziomy labiryntu" for a monster met on `level` (1-3).
int level_nn_bonus(int level);
int level_experience_multiplier(int level);
// rules_casting.cpp
void action_cast(Turn& t);
// rules_negotiation.cpp
void action_negotiate(Turn& t);
void action_bribe(Turn& t);
// rules_items.cpp
void action_grant_ring(Turn& t);
void action_resistance_ring(Turn& t);
void action_altar(Turn& t);
void action_bookshelf(Turn& t);
void action_manuscript(Turn& t);
void action_talisman(Turn& t);
void action_poison(Turn& t);
void action_petrify(Turn& t);
void action_disarm_trap(Turn& t);
void action_possess(Turn& t);
void action_charm_potion(Turn& t);
void action_thought_talisman(Turn& t);
void action_use_thought(Turn& t);
void action_medallion(Turn& t);
void action_magic_armor(Turn& t);
void action_improve(Turn& t);
// 10.5 "w wolnym miejscu": Urok (spell or potion) on a monster, with the place the players chose
// ({rank, slot} of the action, 1-based), checked before anything changes; the first free place by default.
struct PartyPlace {
    int rank = 1;  // 1-based
    int slot = 1;
};
// The place read from the action, refused when taken or beyond a new rank; none when not given.
std::optional<PartyPlace> charm_place(Turn& t);
void charm_into_place(Turn& t, Figure& target, const Figure& caster);
// 13.2, 14.6: the possessed character is a party member again (Urok or Uwolnienie not resisted).
void end_possession(Turn& t, Figure& c);
// shared by the negotiation actions and the odds (queries.cpp)
// The strongest monster, who speaks for the group; refuses when nobody may be talked to (Bezimienny
// or Demons, refused with `no_talk_rule`: 8.4 negotiation, 8.7 bribe; no monsters).
const Figure& strongest_monster(const GameData& data, const GameState& s, const char* no_talk_rule);
// The same with the built-in tables and rule 8.4 (kept for the odds in queries.cpp).
const Figure& strongest_monster(const GameState& s);
// Every check of `negotiate` / `bribe` but the negotiator and the gold: shared with the odds.
// Opens a fight in round 1: phase 1, or phase 2 when the monsters strike first (8.7, 10.5).
void begin_fight(Turn& t, bool gates, bool monsters_first);
const Figure& check_negotiation(const GameData& data, const GameState& s);  // 8.4, 8.6: once per group
void check_negotiator(const GameState& s, const Figure& negotiator);       // 8.4: a party member with the party
const Figure& check_bribe(const GameData& data, const GameState& s);        // 8.7, 8.8: once per group
// 10.7: why an N or V spell may not be cast now ({code, rule}), or nothing: no monster to talk to,
// the roll it serves already made, or the same spell already cast for that roll.
std::optional<std::pair<std::string, std::string>> talk_spell_refusal(const GameState& s, const Spell& spell);
int negotiation_total(const GameState& s, const Figure& negotiator, const Figure& monster, int roll);
std::string negotiation_result(int total);            // failure | agreement | intimidation (8.6)
int bribe_needed(const GameData& data, const Figure& monster, int gold, int* offered_row);  // table 8.9
// rules_dice.cpp
void action_roll_dice(Turn& t);

void learn(Turn& t, Figure& c, const Spell& spell, const std::string& source);
// A chosen list of spells: known ids, none twice, and (with `from`) each in that list (4.1).
// Type S spells are refused unless `special_allowed` (10.8).
void check_spell_choice(Turn& t, const Figure& c, const std::vector<std::string>& spells,
                        const std::vector<std::string>* from, bool special_allowed);
// A choice that only grows (10.0, 14.6): every spell of `before` must stay, else `code` (`rule`).
void check_keeps(const std::vector<std::string>& before, const std::vector<std::string>& after,
                 const char* code, const char* rule = "14.6");

// Shared by end_fight and Zawieszenie broni: closes the fight and shares experience (12.0):
// equally, or as `shares` (character id -> points, from end_fight) says.
void finish_fight(Turn& t, const std::string& outcome, const std::map<std::string, int>* shares = nullptr);
// The party goes on and leaves the monsters where they are (clear_monsters, an accepted bribe).
void leave_monsters_behind(Turn& t);

}  // namespace czary
