// The cast bar, pinned in the sheet under the board while a spell is prepared: which spell on
// whom, its cost, the exact odds, the dice (the app's, or slots for the table's dice labelled by
// purpose), and one tap to cast. Card -> target -> cast: three taps from a selected caster, the
// cast button in view under the heading as soon as the target is tapped.
#include <algorithm>

#include "app/panels.hpp"
#include "app/widgets.hpp"
#include "controller/cast_bar.hpp"

namespace czary::app {
namespace {

// Caster → spell → target, across the whole bar.
void heading(App& app, const CastBarView& view) {
    ImGui::PushFont(bold_font(), 0.0f);
    wrapped(view.heading);
    ImGui::PopFont();
    app.layout.add_last_item("cast:heading");
    app.layout.add_text("cast:heading", view.heading);
}

// Under the heading, one row: the cast button (or, while no target is tapped, the hint to tap
// one), the rule's number (a tap opens its text) and a way out. The button comes before the cost
// and the odds, so that on a small phone with large text it is in view as soon as the target is
// tapped: card, target, cast, with no swipe. Returns whether the button was pressed; `left` is set
// when the player leaves the cast.
bool action_row(App& app, const CastBarView& view, bool& left) {
    CastDraft& cast = app.ui.cast;
    const float small = touch_size + 8;
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float rule_w = std::max(small, ImGui::CalcTextSize(view.rule.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x + 2);
    const float main_w = ImGui::GetContentRegionAvail().x - small - rule_w - 2 * spacing;
    bool pressed = false;
    if (view.pick_target) {
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + main_w);
        ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::accent));
        wrapped(app.tr("cast.pick_target"));
        ImGui::PopStyleColor();
        ImGui::PopTextWrapPos();
        app.layout.add_last_item("cast:pick-target");
    } else {
        ImGui::PushStyleColor(ImGuiCol_Button, vec(theme::go));
        pressed = touch_button(app, app.tr(view.confirm_key), "cast:confirm", main_w);
        ImGui::PopStyleColor();
    }
    ImGui::SameLine(content_right() - small - rule_w - spacing);
    if (touch_button(app, view.rule.c_str(), "cast:rule", rule_w)) cast.show_rule = !cast.show_rule;
    ImGui::SameLine();
    if (touch_button(app, "×", "cast:cancel", small)) {
        cast = {};
        app.ui.notice.reset();
        left = true;
        return false;
    }
    // The question under the button: the second tap lands where the first did.
    if (!view.no_wounds.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::accent));
        wrapped(view.no_wounds);
        ImGui::PopStyleColor();
        app.layout.add_last_item("cast:no-wounds");
    }
    if (cast.show_rule) {
        ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::text_dim));
        wrapped(view.rule_text);
        ImGui::PopStyleColor();
        app.layout.add_last_item("rule-text:" + cast.spell);
        app.layout.add_text("rule-text:" + cast.spell, view.rule_text);
    }
    return pressed;
}

// What the cast costs the caster (10.2), wrapped, never cut ("życie rzucającego" at 360 px with
// large text), and the card's note where its cost differs from table 10.9.
void cost_lines(App& app, const CastBarView& view) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    wrapped(view.cost);
    ImGui::PopStyleColor();
    app.layout.add_last_item("cast:cost");
    app.layout.drawn_text("cast:cost", view.cost);
    if (!view.cost_note.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::text_dim));
        wrapped(view.cost_note);
        ImGui::PopStyleColor();
        app.layout.add_last_item("cast:cost-note");
        app.layout.add_text("cast:cost-note", view.cost_note);
    }
    app.layout.add_text("cast:cost", view.cost);
}

void odds_lines(App& app, const CastBarView& view) {
    std::string texts;
    for (const OddsLine& entry : view.odds) {
        wrapped(entry.line);
        if (entry.wounds.empty()) {
            texts += entry.line + "\n";
            continue;
        }
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        wrapped(entry.wounds);
        ImGui::PopStyleColor();
        texts += entry.line + " | " + entry.wounds + "\n";
    }
    app.layout.add_last_item("cast:odds");
    app.layout.add_text("cast:odds", texts);
}

// Returns true when the cast is confirmed from under the pad: with the table's dice the pips are
// entered there, and the next tap is right under them (the confirm above may be out of view).
bool dice_entry(App& app, const CastBarView& view) {
    CastDraft& cast = app.ui.cast;
    const bool ticked = checkbox(app, app.tr("dice.table_mode"), "cast:dice-mode", &cast.table_dice);
    if (!cast.table_dice) return false;
    wrapped(view.dice_needed.empty() ? std::string(app.tr("cast.no_dice")) : std::string(app.tr("cast.dice_order")) + " " + view.dice_needed);
    app.layout.add_last_item("cast:dice-needed");
    app.layout.add_text("cast:dice-needed", view.dice_needed);
    pip_pad(app, cast.pips, "cast:pip");
    // Just ticked: the pad comes whole into view, once (the fifth playtest found its row cut at
    // the sheet's bottom edge, 19 px of it, and needed a swipe to enter a die).
    if (ticked) {
        const float bottom = ImGui::GetItemRectMax().y, edge = ImGui::GetWindowPos().y + ImGui::GetWindowHeight();
        if (bottom > edge) {
            ImGui::SetScrollY(ImGui::GetScrollY() + bottom - edge + ImGui::GetStyle().WindowPadding.y);
            app.frame.redraw = true;
        }
    }
    ImGui::PushStyleColor(ImGuiCol_Button, vec(theme::go));
    const bool confirmed = touch_button(app, app.tr("cast.confirm"), "cast:confirm-pips", -1);
    ImGui::PopStyleColor();
    // The last pip the bar asks for entered: the button that takes them is brought into view if
    // the sheet's edge cuts it (the pad then rises by as much, once, after that tap). Before it the
    // pad stays under the thumb: the next pip is where the last one was.
    if (cast.pips.size() != cast.pips_shown) {
        cast.pips_shown = cast.pips.size();
        if (cast.pips.size() < view.pips_needed) return confirmed;
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
    const auto view = cast_bar_view(app);
    if (!view) return;
    heading(app, *view);
    bool left = false;
    bool confirm = action_row(app, *view, left);
    if (left) return;
    cost_lines(app, *view);
    if (view->pick_target) return;
    if (view->shows_odds) odds_lines(app, *view);
    if (view->asks_destination) {  // Teleportacja: where to
        ImGui::SetNextItemWidth(-1);
        ImGui::InputTextWithHint("##destination", app.tr("cast.destination"), app.ui.table.destination, sizeof app.ui.table.destination);
        record_field(app, "input:destination", app.ui.table.destination, app.tr("cast.destination"));
        app.ui.cast.destination = app.ui.table.destination;
    }
    // Under the odds: the pad stays put above the bottom edge (a second "Rzuć czar" under it).
    confirm = dice_entry(app, *view) || confirm;
    if (!confirm) return;
    const auto action = confirmed_cast(app);
    if (action && dispatch(app, *action).ok) {
        app.ui.cast = {};
        app.ui.table.destination[0] = 0;
    }
}

}  // namespace czary::app
