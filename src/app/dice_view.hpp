#pragma once
// Rolled dice on screen: six-sided dice drawn by the platform's shader (shaders/dice.frag),
// tumbling for about a second after a roll and resting on the pips the core recorded.
#include <string>

#include "app/app.hpp"

namespace czary::app {

// One roll: a heading (what for, whose, the code), its dice, each die's pips under it (a K3
// also shows the halved value), and the total.
void draw_roll(App& app, std::size_t step, std::size_t index, const RollRecord& roll, float die_size, const std::string& where);
// The rolls of the action just applied, under the notice on every tab, until the next change.
void draw_last_rolls(App& app);
// "Opór — Troll" / "Resist — Troll": what a roll was for, and whose it was.
std::string roll_heading(const App& app, const RollRecord& roll);

}  // namespace czary::app
