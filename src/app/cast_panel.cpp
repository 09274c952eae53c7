// The cast bar, pinned in the sheet under the board while a spell is prepared: which spell on
// whom, its cost, the exact odds, the dice (the app's, or slots for the table's dice labelled by
// purpose), and one tap to cast. Card -> target -> cast: three taps from a selected caster.
#include <algorithm>
#include <cstdio>

#include "app/panels.hpp"
#include "app/widgets.hpp"
#include "core/casting.hpp"
#include "core/dice.hpp"
#include "core/queries.hpp"

namespace czary::app {
namespace {

void odds_lines(App& app, const CastDraft& cast) {
    const auto& s = app.session.state();
    const auto odds = odds_of_cast(s, *app.data, cast.caster, cast.spell, cast.targets);
    std::string texts;
    const Spell* spell = app.data->spells.find(cast.spell);
    for (const TargetOdds& entry : odds) {
        const Figure* target = s.find(entry.figure);
        if (spell && !spell->resistible) {
            // Nothing to resist (11.0): a healing spell says how much it heals, capped by the
            // wounds there are; any other what it gives.
            std::string line;
            const auto code = spell->dice ? DiceCode::parse(*spell->dice) : std::nullopt;
            if (spell->does == SpellEffect::Heal && code)
                line = app.local(both(app, "odds.heals", {{"{figure}", app.local(target->name)}, {"{from}", std::to_string(std::min(code->min(), target->wounds))},
                                                            {"{to}", std::to_string(std::min(code->max(), target->wounds))}, {"{wounds}", std::to_string(target->wounds)}}));
            else
                line = app.local(both(app, "odds.no_resisting", {{"{figure}", app.local(target->name)}, {"{effect}", app.local(spell->short_effect)}}));
            ImGui::TextWrapped("%s", line.c_str());
            texts += line + "\n";
            continue;
        }
        std::string line = app.local(target->name) + ": " + app.tr("odds.resist") + " " + percent(entry.resist);
        if (entry.kill) line += ", " + std::string(app.tr("odds.kill")) + " " + percent(*entry.kill);
        ImGui::TextWrapped("%s", line.c_str());
        // The whole distribution of wounds when the spell is not resisted.
        if (!entry.wounds.empty()) {
            std::string wounds = std::string(app.tr("odds.wounds")) + ":";
            // "6 → 33%" kept on one line (no-break spaces): a number never parts from its chance.
            for (const auto& [amount, p] : entry.wounds) wounds += "  " + std::to_string(amount) + "\u00A0→\u00A0" + percent(p);
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            ImGui::TextWrapped("%s", wounds.c_str());
            ImGui::PopStyleColor();
            texts += line + " | " + wounds + "\n";
        } else {
            texts += line + "\n";
        }
    }
    app.layout.add_last_item("cast:odds");
    app.layout.add_text("cast:odds", texts);
}

// The table's dice of this cast, in the order they are entered: each target's resistance, then
// the spell's own dice ("odporność — Troll: 1K6 · efekt: 1K3x2").
std::string dice_needed(App& app, const Spell& spell, const CastDraft& cast) {
    std::string text;
    auto add = [&](const std::string& part) { text += (text.empty() ? "" : " · ") + part; };
    if (spell.resistible) {
        for (const auto& id : cast.targets)
            if (const Figure* f = app.session.state().find(id)) add(std::string(app.tr("roll.resist")) + " — " + app.local(f->name) + ": 1K6");
    }
    if (spell.dice) add(std::string(app.tr("cast.dice_effect")) + ": " + shown_code(*spell.dice));
    return text;
}

// Returns true when the cast is confirmed from under the pad: with the table's dice the pips are
// entered there, and the next tap is right under them (the confirm above may be out of view).
bool dice_entry(App& app, const Spell& spell, CastDraft& cast) {
    checkbox(app, app.tr("dice.table_mode"), "cast:dice-mode", &cast.table_dice);
    if (!cast.table_dice) return false;
    const std::string needed = dice_needed(app, spell, cast);
    ImGui::TextWrapped("%s", needed.empty() ? app.tr("cast.no_dice") : (std::string(app.tr("cast.dice_order")) + " " + needed).c_str());
    app.layout.add_last_item("cast:dice-needed");
    app.layout.add_text("cast:dice-needed", needed);
    pip_pad(app, cast.pips, "cast:pip");
    ImGui::PushStyleColor(ImGuiCol_Button, vec(theme::go));
    const bool confirmed = touch_button(app, app.tr("cast.confirm"), "cast:confirm-pips", -1);
    ImGui::PopStyleColor();
    // A pip entered: the button that takes them is brought into view if the sheet's edge cuts it
    // (the pad then rises by as much, once, after the tap; nothing moves while it is pressed).
    if (cast.pips.size() != cast.pips_shown) {
        cast.pips_shown = cast.pips.size();
        const float bottom = ImGui::GetItemRectMax().y, edge = ImGui::GetWindowPos().y + ImGui::GetWindowHeight();
        if (bottom > edge) {
            ImGui::SetScrollY(ImGui::GetScrollY() + bottom - edge + ImGui::GetStyle().WindowPadding.y);
            app.frame.redraw = true;
        }
    }
    return confirmed;
}

}  // namespace

void draw_cast_panel(App& app) {
    CastDraft& cast = app.ui.cast;
    const auto& s = app.session.state();
    const Spell* spell = app.data->spells.find(cast.spell);
    const Figure* caster = find_caster(*app.data, s, cast.caster);
    if (!spell || !caster) {
        cast = {};
        return;
    }
    const bool needs_target = takes_targets(*spell);
    const Figure* target = cast.targets.empty() ? nullptr : s.find(cast.targets.front());
    // Heading: caster → spell → target, the rule's text on request, and a way out.
    std::string heading = app.local(caster->name) + " → " + app.local(spell->name);
    if (target) heading += " → " + app.local(target->name);
    const float small = touch_size + 8;
    const float rule_w = std::max(small, ImGui::CalcTextSize(spell->rule.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x + 2);
    const float text_width = ImGui::GetContentRegionAvail().x - small - rule_w - 2 * ImGui::GetStyle().ItemSpacing.x;
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + text_width);
    ImGui::PushFont(bold_font());
    ImGui::TextWrapped("%s", heading.c_str());
    ImGui::PopFont();
    ImGui::PopTextWrapPos();
    app.layout.add_last_item("cast:heading");
    app.layout.add_text("cast:heading", heading);
    ImGui::SameLine(ImGui::GetContentRegionMax().x - small - rule_w - ImGui::GetStyle().ItemSpacing.x);
    if (touch_button(app, spell->rule.c_str(), "cast:rule", rule_w)) cast.show_rule = !cast.show_rule;
    ImGui::SameLine();
    if (touch_button(app, "×", "cast:cancel", small)) {
        cast = {};
        app.ui.notice.reset();
        return;
    }
    if (cast.show_rule) {
        ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::text_dim));
        ImGui::TextWrapped("%s", spell->rule_text.c_str());
        ImGui::PopStyleColor();
        app.layout.add_last_item("rule-text:" + spell->id);
        app.layout.add_text("rule-text:" + spell->id, spell->rule_text);
    }
    const std::string cost = app.local(both(app, "cast.cost_line", {{"{cost}", std::to_string(cast.cost)},
                                                                    {"{left}", std::to_string(std::max(0, caster->sila - caster->wounds))},
                                                                    {"{sila}", std::to_string(caster->sila)}}));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    wrapped(cost);  // wrapped, never cut: "życie rzucającego" at 360 px with large text
    ImGui::PopStyleColor();
    app.layout.add_last_item("cast:cost");
    app.layout.drawn_text("cast:cost", cost);
    if (!spell->cost_note.pl.empty()) {
        const std::string note = "* " + app.local(spell->cost_note);
        ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::text_dim));
        ImGui::TextWrapped("%s", note.c_str());
        ImGui::PopStyleColor();
        app.layout.add_last_item("cast:cost-note");
        app.layout.add_text("cast:cost-note", note);
    }
    app.layout.add_text("cast:cost", cost);
    if (needs_target && cast.targets.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::accent));
        ImGui::TextWrapped("%s", app.tr("cast.pick_target"));
        ImGui::PopStyleColor();
        app.layout.add_last_item("cast:pick-target");
        return;
    }
    // Healing a figure that has no wounds costs the caster and a use and heals nothing: ask.
    const bool pointless_healing = spell->heals && target && target->wounds == 0;
    const bool asking = pointless_healing && cast.asked_no_wounds;
    ImGui::PushStyleColor(ImGuiCol_Button, vec(theme::go));
    bool confirm = touch_button(app, app.tr(asking ? "cast.confirm_anyway" : "cast.confirm"), "cast:confirm", -1);
    ImGui::PopStyleColor();
    // The question under the button: the second tap lands where the first did.
    if (asking) {
        ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::accent));
        ImGui::TextWrapped("%s", app.local(both(app, "cast.no_wounds", {{"{figure}", app.local(target->name)}})).c_str());
        ImGui::PopStyleColor();
        app.layout.add_last_item("cast:no-wounds");
    }
    if (needs_target || spell->target == TargetKind::AllEngaged) odds_lines(app, cast);
    if (spell->target == TargetKind::AnyFigure) {  // Teleportacja: where to
        ImGui::SetNextItemWidth(-1);
        ImGui::InputTextWithHint("##destination", app.tr("cast.destination"), app.ui.table.destination, sizeof app.ui.table.destination);
        record_field(app, "input:destination", app.ui.table.destination, app.tr("cast.destination"));
        cast.destination = app.ui.table.destination;
    }
    // Under the button: the pad stays put above the bottom edge (a second "Rzuć czar" under it).
    confirm = dice_entry(app, *spell, cast) || confirm;
    if (!confirm) return;
    if (pointless_healing && !cast.asked_no_wounds) {
        cast.asked_no_wounds = true;
        return;
    }
    actions::Cast action{cast.caster, cast.spell};
    action.targets = cast.targets;
    if (cast.table_dice) action.dice = cast.pips;
    if (!cast.destination.empty()) action.destination = cast.destination;
    if (dispatch(app, action).ok) {
        cast = {};
        app.ui.table.destination[0] = 0;
    }
}

}  // namespace czary::app
