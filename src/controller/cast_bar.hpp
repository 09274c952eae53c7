#pragma once
// What the cast bar shows and sends, worked out from the model without drawing (the app's
// cast_panel.cpp draws it): the heading, the cost, the odds, the dice the table rolls, and the
// cast a confirmation sends. Tested natively (tests/unit/cast_bar_test.cpp).
#include <optional>
#include <string>
#include <vector>

#include "controller/model.hpp"

namespace czary::app {

// One target's odds: "Troll 1: odpiera 17%, zabija 33%" and, when wounds are rolled, their
// whole distribution ("Rany:  2 → 33%  4 → 33%  6 → 33%"); a spell nothing resists says what it
// heals or gives instead (11.0), with no `wounds`.
struct OddsLine {
    std::string line;
    std::string wounds;
};

struct CastBarView {
    std::string heading;       // "Larraka → Błyskawica → Troll 1"
    std::string rule;          // the spell's rule number, a button opening its text
    std::string rule_text;
    std::string cost;          // "Koszt: 2 rany · życie rzucającego: 8/10" (10.2)
    std::string cost_note;     // "* …" where the card's cost differs from table 10.9, else ""
    bool pick_target = false;  // a target is still to be tapped on the board: nothing else shows
    const char* confirm_key = "cast.confirm";
    std::string no_wounds;     // the question under the button: healing a figure with no wounds
    bool shows_odds = false;
    std::vector<OddsLine> odds;
    bool asks_destination = false;  // Teleportacja: where to
    std::string dice_needed;   // the table's dice of this cast, in the order they are entered
    std::size_t pips_needed = 0;  // how many pips that is (a resist die a target, the spell's dice)
};

// The bar for app.ui.cast, or none when its spell or caster is gone (the draft is then dropped).
std::optional<CastBarView> cast_bar_view(App& app);
// A confirmation (the button, or the one under the pips): the cast to send, or none while the bar
// first asks about healing a figure with no wounds (the second tap sends it).
std::optional<actions::Cast> confirmed_cast(App& app);

}  // namespace czary::app
