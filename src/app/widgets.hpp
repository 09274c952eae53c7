#pragma once
// Small building blocks shared by the panels: touch-sized buttons that report their place,
// the notice bar, colours.
#include <algorithm>
#include <initializer_list>
#include <string>

#include <imgui.h>

#include "app/app.hpp"
#include "app/theme_style.hpp"

namespace czary::app {

inline constexpr float touch_size = 44.0f;  // CSS px: the smallest target a finger hits reliably
// The tab bar: an icon over a label, 50 px, taller with large text so that the two never overlap
// (5 px, the icon at 1.05 of the text's size, the label at most 0.78 of it, 5 px; and a gap).
inline float tab_bar_height() { return std::max(50.0f, 12.0f + 1.83f * ImGui::GetFontSize()); }

// A button at least 44 px high; its rectangle is recorded under `id`.
bool touch_button(App& app, const char* label, const std::string& id, float width = 0.0f, bool enabled = true);
// The buttons of one row (each `width` wide) drawn between these two with their labels at one
// size: the smallest any of them needs (large text: "Potwory" was drawn larger than "Rozmowa"
// and "Do walki!" beside it).
void push_row_labels(const App& app, std::initializer_list<const char*> labels, float width);
void pop_row_labels();
ImU32 sun_colour(Sun sun);
// The dominant sun (4.1 D) as the game draws it: a disc with rays.
void draw_sun(ImDrawList* draw, ImVec2 centre, float radius, ImU32 colour);
// How far from its centre draw_sun's rays reach (what must stay clear of them).
constexpr float sun_reach(float radius) { return radius * 1.8f; }
// Headings, names on counters and cards: the bold face (the text font if there is none).
ImFont* bold_font();
// Text `factor` times the size in use, until pop_text_size: ImGui's size before its global scales
// (the player's large text, style.FontScaleMain), which then apply once.
void push_text_size(float factor);
void pop_text_size();
// The right edge of the window's content, in the window's own coordinates (for SameLine and
// PushTextWrapPos): where the current line's room ends.
float content_right();
// The width of one of `count` widgets sharing the rest of the row.
float share(int count);
// A touch button drawn in the theme's chosen colour while `chosen` (a tab, a kind, a level).
bool chosen_button(App& app, const char* text, const std::string& id, float width, bool chosen, bool enabled = true);
// Six big buttons for the pips of real dice, the pips entered so far and a clear button;
// ids "<prefix>:1".."<prefix>:6" and "<prefix>:clear".
void pip_pad(App& app, std::vector<int>& pips, const std::string& prefix);
// In real-dice mode, the pad for the pips of the roll the button below it makes (ids "pad:N"):
// drawn right above every button that rolls outside a cast.
void rolling_pad(App& app, const std::string& prefix = "pad");
// The text field just drawn, recorded under `id` with what it shows: its value, or its hint
// while empty (cut where it does not fit the field).
void record_field(App& app, const std::string& id, const std::string& value, const char* hint = nullptr);
// A checkbox recorded under `id` with its label as drawn (cut where it does not fit the row).
bool checkbox(App& app, const std::string& text, const std::string& id, bool* value);
// A collapsing section whose header is recorded as "section:<id>"; true when open.
bool section(App& app, const char* key, const std::string& id);
// What a notice offers to do about itself (export, restore, delete for good, leave unsaved, open
// a passed session); true when the offer has its own way out (Anuluj, Zostań).
bool draw_notice_offer(App& app);
// Wrapped text whose rule numbers ("10.6") are never broken across lines.
void wrapped(const std::string& text);
// Wrapped text in a room as tall as the tallest text that could stand there instead (a line
// that changes as the player ticks or chooses): what follows it never moves.
void wrapped_in_room(const std::string& text, const std::vector<std::string>& could_be);
std::string numbers_kept_whole(std::string text);
// The text, shortened with "…" on a character boundary until it fits `width` px.
std::string fit_text(const std::string& text, float width, ImFont* font = nullptr, float size = 0);
// The width of the widest word of `text` (words split at spaces) in `font` at `size`: a text
// broken between words only needs at least that much.
float widest_word(const std::string& text, ImFont* font, float size);
// The text broken between words into lines no wider than `width`, "\n" between them; a word
// wider than a line on its own is broken between characters (never inside one).
std::string wrap_words(const std::string& text, float width, ImFont* font, float size);
// Label (translated) with an id suffix that keeps ImGui ids stable across languages.
std::string label(const App& app, const char* key, const std::string& id);

}  // namespace czary::app
