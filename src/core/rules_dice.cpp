// The dice tray: a roll of any dice code of chapter 3, for whatever the table needs beyond the
// rolls the actions make themselves (a counter's siła, a trap, a wandering monster).
#include "core/handlers.hpp"
#include "core/utf8.hpp"

namespace czary {

// roll_dice {code, purpose?, figure?}: changes nothing but the generator and the log (3.1).
void apply(Turn& t, const actions::RollDice& a) {
    const std::string& text = a.code;
    const auto code = DiceCode::parse(text);
    if (!code || code->count == 0) refuse("bad_dice_code", "3.1", "code", plain(text));
    const std::string purpose = a.purpose.value_or("tray");
    // Characters, not bytes: "Pożółkły łuk" counts 12 (docs/actions.md, roll_dice).
    if (purpose.empty() || utf8_length(purpose) > 40) refuse("bad_purpose", "");
    std::string figure;
    if (a.figure) figure = t.figure(*a.figure).id;
    const int total = t.dice.roll(*code, purpose, figure);
    std::string pips;
    for (int pip : t.dice.records().back().pips) pips += (pips.empty() ? "" : " ") + std::to_string(pip);
    t.outcome["code"] = code->to_string();
    t.outcome["pips"] = t.dice.records().back().pips;
    t.outcome["total"] = total;
    t.note("dice_roll", "3.1", "code", plain(code->to_string()), "pips", plain(pips), "total", number_text(total));
}

}  // namespace czary
