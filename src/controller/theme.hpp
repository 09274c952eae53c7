#pragma once
// Czary's look in one place: every colour, size and rounding the panels draw with. The game's
// counters and cards on a dark table (readable in a dim room; the parchment cards and the
// contrast of at least 4.5:1 for every text keep it readable in daylight). No ImGui here: the
// contrast is checked by a unit test from these values; src/app/theme_style.cpp hands them to
// ImGui's style.
#include <cstdint>
#include <string>
#include <vector>

#include "core/spell_catalog.hpp"
#include "core/state.hpp"

namespace czary::theme {

struct Colour {
    std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

// The WCAG 2 definitions (relative luminance of sRGB, contrast ratio 1..21).
double relative_luminance(Colour c);
double contrast(Colour foreground, Colour background);

// The table: dark wood, parchment text.
inline constexpr Colour window_bg{27, 22, 18};
inline constexpr Colour panel_bg{38, 32, 26};      // the sheet under the board, children
inline constexpr Colour board_bg{33, 28, 24};      // the board's own child
inline constexpr Colour popup_bg{44, 37, 30};
inline constexpr Colour frame_bg{60, 50, 40};      // fields
inline constexpr Colour border{120, 100, 76};
inline constexpr Colour text{242, 230, 207};       // parchment
inline constexpr Colour text_dim{196, 182, 156};   // hints, secondary lines
inline constexpr Colour text_disabled{150, 138, 118};
inline constexpr Colour accent{224, 176, 64};      // the gold of frames, the chosen, the lifted
inline constexpr Colour good{150, 220, 140};       // healing, a success
inline constexpr Colour bad{255, 150, 130};        // a refusal, a wound, a failure
inline constexpr Colour info{160, 200, 250};       // resisted

// Buttons: wood; the chosen one of a row: dark gold; danger: dark red.
inline constexpr Colour button{74, 58, 42};
inline constexpr Colour button_hovered{92, 72, 52};
inline constexpr Colour button_active{112, 86, 58};
inline constexpr Colour chosen{110, 78, 24};
inline constexpr Colour danger{122, 36, 30};
inline constexpr Colour alarm{178, 30, 24};         // the live table out of reach: seen across the table
inline constexpr Colour go{46, 84, 52};            // the one step forward: confirm, to the fight
inline constexpr Colour tab_bar_bg{20, 16, 13};
inline constexpr Colour header{66, 52, 38};        // a section's header

// The counters (tokens): the side's colour, like the game's counter sheets.
inline constexpr Colour party_token{43, 74, 110};
inline constexpr Colour monster_token{122, 42, 34};
inline constexpr Colour charmed_token{94, 58, 122};
inline constexpr Colour token_edge{16, 12, 10};
inline constexpr Colour token_text{250, 244, 232};
inline constexpr Colour life_bar_bg{50, 18, 16};
inline constexpr Colour life_bar{110, 200, 100};
inline constexpr Colour rank_number{176, 160, 132};
inline constexpr Colour front_line{224, 176, 64, 170};
inline constexpr Colour token_bevel{255, 255, 255, 50};   // the light upper edge of a counter
inline constexpr Colour selected_edge{255, 255, 255};     // the selected figure's frame
inline constexpr Colour shadow{0, 0, 0, 100};             // under a lifted counter, under a card

// The spell cards: parchment, dark ink, a type band of the card's colour.
inline constexpr Colour card_face{232, 220, 192};
inline constexpr Colour card_face_dimmed{150, 142, 128};
inline constexpr Colour card_ink{42, 32, 24};
inline constexpr Colour card_ink_soft{84, 68, 52};
inline constexpr Colour card_band_text{255, 255, 255};
inline constexpr Colour ribbon{128, 36, 28};        // the reason a dimmed card cannot be cast
inline constexpr Colour ribbon_text{255, 240, 225};
inline constexpr Colour pip_wound{150, 30, 24};     // a wound pip of the cost
inline constexpr Colour pip_free{40, 110, 60};      // a free cast (a ring, 13.5)

// The toast: solid, a refusal in dark red, an outcome in dark green.
inline constexpr Colour toast_refusal_bg{76, 26, 23};
inline constexpr Colour toast_refusal_edge{216, 90, 72};
inline constexpr Colour toast_refusal_text{255, 200, 186};
inline constexpr Colour toast_outcome_bg{33, 44, 33};
inline constexpr Colour toast_outcome_edge{216, 178, 76};
inline constexpr Colour toast_outcome_text{196, 242, 196};

// Dice: ivory faces, dark pips.
inline constexpr Colour die_face{240, 235, 215};
inline constexpr Colour die_pip{30, 25, 35};

Colour type_colour(SpellType type);  // the card's band: W, O, N, V, S each its own
Colour sun_colour(Sun sun);

// Sizes and rounding (CSS px).
inline constexpr float rounding = 6.0f;
inline constexpr float card_rounding = 9.0f;
inline constexpr float token_rounding = 5.0f;
inline constexpr float font_size = 18.0f;

// Every pair of a text colour and the background it is drawn on, for the contrast test.
struct TextOn {
    std::string what;
    Colour text, background;
};
std::vector<TextOn> text_pairs();

}  // namespace czary::theme
