#pragma once
// One function per panel: each reads the model, draws, and emits actions through dispatch().
#include "app/app.hpp"

namespace czary::app {

void draw_top_bar(App& app);          // session, round and phase or the sun, undo/redo
void draw_tab_bar(App& app);          // the tabs, at the bottom within thumb reach
void draw_toast(App& app);            // the outcome or refusal of the last tap, above the tab bar
void draw_party_panel(App& app);      // heroes, initiates, pools, the adventure (4.1)
void draw_table_tab(App& app);        // board, fight controls, spell cards, the cast
void draw_board(App& app);            // the two formations, long-press drag, targets, effects
void draw_toast_strip(App& app);      // a phone: above the board, where a toast lies (the phase under it)
float toast_strip_height();
float token_height(const App& app);   // a counter on the board (taller with large text)
void draw_sheet(App& app);            // below the board: the figure, the cast, monsters or talk
void draw_figure_sheet(App& app, const Figure& f);  // wounds, statuses, weapon attack
// A character's "Przedmioty i zdarzenia", collapsed: poison, stone, possession, potions,
// talismans, medallions, armour, rings, altars, finds, experience (items_panel.cpp).
void draw_items_section(App& app, const Figure& character);
void draw_monster_form(App& app);     // table 8.2: kind, siła, level
void draw_talk_sheet(App& app);       // negotiation and bribes, the result shown large
void draw_recent_log(App& app);       // the latest steps, on a tablet beside the board
void draw_fight_controls(App& app);   // fight, phases, monsters, wounds, negotiation
void draw_spell_cards(App& app);      // the selected figure's hand of spell cards, lit or dimmed
void draw_cast_panel(App& app);       // the cast bar: target, cost, odds, dice, one tap to cast
void draw_dice_panel(App& app);       // the tray: any code rolled, odds, the seed, every roll
void draw_log_panel(App& app);        // everything that happened; undo and redo
void draw_sessions_panel(App& app);   // the stored sessions: new, open, rename, copy, delete

// The finger at the start of a frame: a swipe scrolls from anywhere, a long press lifts a
// token (touch.cpp); the lifted token follows the finger (board_panel.cpp).
void begin_touch_frame(App& app);
void draw_lifted_token(App& app);
// The page keeps its scroll across reloads (view.cpp): called at the top of the scrolled page.
void keep_scroll(App& app);


}  // namespace czary::app
