#include "controller/theme.hpp"

#include <algorithm>
#include <cmath>

namespace czary::theme {

double relative_luminance(Colour c) {
    auto linear = [](std::uint8_t channel) {
        const double v = channel / 255.0;
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

double contrast(Colour foreground, Colour background) {
    const double a = relative_luminance(foreground), b = relative_luminance(background);
    return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
}

Colour type_colour(SpellType type) {
    switch (type) {
        case SpellType::Combat: return {168, 44, 34};        // W: the fight's red
        case SpellType::Any: return {78, 84, 96};            // O: any time, slate
        case SpellType::Negotiation: return {36, 112, 62};   // N: talk, green
        case SpellType::Bribe: return {150, 104, 20};        // V: gold
        case SpellType::Special: return {104, 60, 140};      // S: special, violet
    }
    return {78, 84, 96};
}

Colour sun_colour(Sun sun) {
    switch (sun) {
        case Sun::Red: return {214, 64, 48};
        case Sun::Yellow: return {236, 190, 48};
        case Sun::Blue: return {72, 124, 224};
        case Sun::None: break;
    }
    return {140, 132, 120};
}

std::vector<TextOn> text_pairs() {
    std::vector<TextOn> pairs = {
        {"text on the window", text, window_bg},
        {"text on a panel", text, panel_bg},
        {"text on the board", text, board_bg},
        {"text in a popup", text, popup_bg},
        {"text in a field", text, frame_bg},
        {"secondary text on a panel", text_dim, panel_bg},
        {"secondary text on the window", text_dim, window_bg},
        {"disabled text on a panel", text_disabled, panel_bg},
        {"text on a button", text, button},
        {"text on a hovered button", text, button_hovered},
        {"text on a pressed button", text, button_active},
        {"text on the chosen button", text, chosen},
        {"text on a danger button", text, danger},
        {"text on a go button", text, go},
        {"text on a section header", text, header},
        {"a tab's text", text, tab_bar_bg},
        {"accent text on a panel", accent, panel_bg},
        {"good news on a panel", good, panel_bg},
        {"bad news on a panel", bad, panel_bg},
        {"resisted on a token", info, token_edge},
        {"rank numbers on the board", rank_number, board_bg},
        {"a party counter", token_text, party_token},
        {"a monster counter", token_text, monster_token},
        {"a charmed counter", token_text, charmed_token},
        {"a card's name", card_ink, card_face},
        {"a card's small print", card_ink_soft, card_face},
        {"a dimmed card's name", card_ink, card_face_dimmed},
        {"a dimmed card's reason", ribbon_text, ribbon},
        {"a refusal", toast_refusal_text, toast_refusal_bg},
        {"an outcome", toast_outcome_text, toast_outcome_bg},
        {"a die's face", die_pip, die_face},
    };
    for (SpellType type : {SpellType::Combat, SpellType::Any, SpellType::Negotiation, SpellType::Bribe, SpellType::Special})
        pairs.push_back({std::string("the type letter ") + spell_type_letter(type), card_band_text, type_colour(type)});
    return pairs;
}

}  // namespace czary::theme
