#pragma once
// What the interface decides without drawing, tested natively: whose choice comes next while the
// party is set up, and how long a toast stays before it goes by itself.
#include <optional>
#include <string>

#include "core/state.hpp"

namespace czary::app {

// Does this character still have to choose its pool (10.0) / its marks for the adventure (4.1 D)?
bool needs_pool(const GameState& s, const Figure& f);
bool needs_marks(const GameState& s, const Figure& f);

// The next living character of the party after `done` (in the party's order, round to the
// start) that still `needs` to choose; none when everyone has.
std::optional<std::string> next_to_choose(const GameState& s, const std::string& done, bool (*needs)(const GameState&, const Figure&));

// A reader's pace: five seconds and a little more for every character; a refusal half as long
// again (the player has to see why, then try another way).
double reading_time(const std::string& text, bool refusal);

}  // namespace czary::app
