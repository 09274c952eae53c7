#pragma once
// One function per panel: each reads the model, draws, and emits actions through dispatch().
#include "app/app.hpp"

namespace czary::app {

void draw_top_bar(App& app);          // title, language, tabs, undo/redo
void draw_party_panel(App& app);      // heroes, initiates, pools, the adventure (4.1)
void draw_table_tab(App& app);        // board, fight controls, spell cards, the cast
void draw_board(App& app);            // the two formations, drag and drop, targets
void draw_fight_controls(App& app);   // fight, phases, monsters, wounds, negotiation
void draw_spell_cards(App& app);      // the selected character's spells, lit or dimmed
void draw_cast_panel(App& app);       // targets, odds, dice, confirm, outcome
void draw_dice_panel(App& app);       // the tray: any code rolled, odds, the seed, every roll
void draw_log_panel(App& app);        // everything that happened; undo and redo
void draw_sessions_panel(App& app);   // the stored sessions: new, open, rename, copy, delete

// Drag on empty space scrolls the current window (ImGui has no touch scrolling of its own).
void scroll_by_drag();

}  // namespace czary::app
