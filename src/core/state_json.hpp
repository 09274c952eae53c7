#pragma once
// The state as JSON: the session file's "start", the CLI's output, the app's window.czary.state().
#include <nlohmann/json.hpp>

#include "core/game_data.hpp"
#include "core/state.hpp"

namespace czary {

// The ranges of a state's numbers (docs/session-format.md 5.8): far above anything a game at
// the table reaches, far below where int arithmetic could overflow. A start state outside them is
// refused; an action that would take a counter past its limit is refused ("counter_limit").
namespace state_limits {
inline constexpr int max_counter = 1'000'000'000;  // next_id, fight.number and round, adventure.number, experience
inline constexpr int max_sila = 1'000'000;         // add_monster's largest code (20K6x1000) gives 120,000
inline constexpr int max_wounds = 2'000'000;       // wounds past siła are kept (a dead troll shows 13/9)
inline constexpr int max_points = 1'000;           // potential, armour, strength bonus, uses left
inline constexpr int max_talk_bonus = 1'000'000;   // Elokwencja's bonus, the bribe roll's reduction
}  // namespace state_limits

nlohmann::json state_to_json(const GameState& state);
// Reads a state checked whole: every field of the right type, every number a whole number in its
// range (as written: 4294967297 is not 1), every id named anywhere made by the rules' id scheme and
// standing for a figure where the rules look it up, ranks of exactly three places, spells and
// monster kinds of `data`. Throws DataError naming the field that is wrong.
GameState state_from_json(const nlohmann::json& json, const GameData& data = GameData::builtin());

}  // namespace czary
