#pragma once
// Every action type and the function that applies it (apply.cpp dispatches by "type").
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
void check_charm_place(Turn& t);
void charm_into_place(Turn& t, Figure& target, const Figure& caster);
// 13.2, 14.6: the possessed character is a party member again (Urok or Uwolnienie not resisted).
void end_possession(Turn& t, Figure& c);
// shared by the negotiation actions and the odds (queries.cpp)
const Figure& strongest_monster(const GameState& s);  // refuses when nobody may be talked to
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
// During an adventure a choice only grows (14.6): every spell of `before` must stay.
void check_keeps(const std::vector<std::string>& before, const std::vector<std::string>& after,
                 const char* code);

// Shared by end_fight and Zawieszenie broni: closes the fight and shares experience (12.0).
void finish_fight(Turn& t, const std::string& outcome);

}  // namespace czary
