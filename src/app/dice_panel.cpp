// The Dice tab: a tray for any dice code of chapter 3 (the app's dice or the table's), the exact
// odds of the code, the last roll tumbling, every roll of the session, and the generator's seed.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/dice_view.hpp"
#include "app/panels.hpp"
#include "app/widgets.hpp"
#include "core/dice.hpp"

namespace czary::app {
namespace {

constexpr const char* tray_codes[] = {"1K6", "2K6", "1K3", "2K6+2", "1K3x2", "1K3+1", "1K6+1", "2K3+1", "2+2"};

void draw_code_choice(App& app) {
    const float third = (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3;
    int column = 0;
    for (const char* code : tray_codes) {
        const bool chosen = std::string(app.ui.tray.dice_code) == code;
        if (chosen) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (touch_button(app, shown_code(code).c_str(), std::string("tray:code:") + code, third)) std::snprintf(app.ui.tray.dice_code, sizeof app.ui.tray.dice_code, "%s", code);
        if (chosen) ImGui::PopStyleColor();
        if (++column % 3 != 0) ImGui::SameLine();
    }
    wrapped(app.tr("tray.any_code"));
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    ImGui::InputText("##dice-code", app.ui.tray.dice_code, sizeof app.ui.tray.dice_code, ImGuiInputTextFlags_CharsUppercase);
    record_field(app, "input:dice-code", app.ui.tray.dice_code);
}

// The exact distribution of the code's total: one bar per total.
void draw_odds(App& app, const DiceCode& code) {
    wrapped(std::string(app.tr("tray.odds")) + " " + shown_code(code.to_string()) + " (" + std::to_string(code.min()) + "–" + std::to_string(code.max()) + "):");
    const auto distribution = code.distribution();
    double highest = 0;
    for (const auto& [total, p] : distribution) highest = std::max(highest, p);
    // The total, the bar, the chance: the columns measured at the text's size (large text on a
    // small phone cut "16,7%" at the edge when they were fixed).
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float number_w = ImGui::CalcTextSize("000").x + spacing;
    const float width = std::max(20.0f, ImGui::GetContentRegionAvail().x - number_w - ImGui::CalcTextSize("100,0%").x - 2 * spacing);
    std::string odds_text;
    const float line_x = ImGui::GetCursorPosX();
    for (const auto& [total, p] : distribution) {
        ImGui::Text("%3d", total);
        ImGui::SameLine(line_x + number_w);
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float bar = static_cast<float>(p / highest) * width;
        ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + bar, at.y + ImGui::GetTextLineHeight()), col(theme::accent), 3.0f);
        ImGui::Dummy(ImVec2(width, ImGui::GetTextLineHeight()));
        ImGui::SameLine();
        // "2,8%" in Polish (a decimal comma, as the settings write "1,25×"), "2.8%" in English.
        char shown[16];
        std::snprintf(shown, sizeof shown, "%5.1f%%", p * 100.0);
        if (app.language != "en")
            for (char& c : shown)
                if (c == '.') c = ',';
        ImGui::TextUnformatted(shown);
        char line[32];
        std::snprintf(line, sizeof line, "%d:%.4f ", total, p);
        odds_text += line;
    }
    app.layout.add_text("tray:odds", odds_text);
}

void draw_roll_controls(App& app, const DiceCode& code) {
    const bool table = app.ui.tray.table_dice || app.ui.table_dice_everywhere;
    if (checkbox(app, app.tr("tray.table_dice"), "tray:table-dice", &app.ui.tray.table_dice)) app.ui.pending_pips.clear();
    actions::RollDice action{code.to_string()};
    if (table) {
        wrapped(app.tr("tray.enter_pips"));
        pip_pad(app, app.ui.pending_pips, "tray:pip");
        const bool complete = static_cast<int>(app.ui.pending_pips.size()) == code.count;
        if (touch_button(app, app.tr("tray.record"), "tray:roll", ImGui::GetContentRegionAvail().x, complete)) {
            action.dice = app.ui.pending_pips;
            if (dispatch(app, action).ok) app.ui.pending_pips.clear();
        }
    } else if (touch_button(app, app.tr("tray.roll"), "tray:roll", ImGui::GetContentRegionAvail().x)) {
        dispatch(app, action);
    }
}

// Every roll of the applied steps, newest first (the last 200 on screen).
void draw_history(App& app) {
    ImGui::Separator();
    wrapped(app.tr("tray.history"));
    const auto& steps = app.session.steps();
    int shown = 0;
    nlohmann::json listed = nlohmann::json::array();
    for (std::size_t step = app.session.position(); step-- > 0 && shown < 200;) {
        const auto& rolls = steps[step].rolls;
        for (std::size_t i = 0; i < rolls.size() && shown < 200; ++i, ++shown) {
            const auto& roll = rolls[i];
            const bool from_table = roll.source == "table";
            wrapped("#" + std::to_string(step + 1) + "  " + roll_heading(app, roll) + ": " + shown_code(roll.code) + "  [" +
                    roll_arithmetic(roll) + "]  · " + app.tr(from_table ? "roll.source.table" : "roll.source.app"));
            listed.push_back({{"step", step + 1}, {"purpose", roll.purpose}, {"figure", roll.figure}, {"code", roll.code},
                              {"pips", roll.pips}, {"total", roll.total}, {"source", roll.source}});
        }
    }
    if (shown == 0) ImGui::TextDisabled("%s", app.tr("tray.no_rolls"));
    app.layout.add_text("tray:history", listed.dump());
}

}  // namespace

void draw_dice_panel(App& app) {
    checkbox(app, app.tr("tray.reduced_motion"), "tray:reduced-motion", &app.reduced_motion);
    ImGui::Separator();

    // The latest roll of the session (this tray's or any action's) lies in the tray.
    const std::size_t position = app.session.position();
    bool shown = false;
    for (std::size_t step = position; step-- > 0 && !shown;) {
        const auto& rolls = app.session.steps()[step].rolls;
        for (std::size_t i = 0; i < rolls.size(); ++i) draw_roll(app, step, i, rolls[i], 72.0f, "tray");
        shown = !rolls.empty();
    }
    if (!shown) ImGui::TextDisabled("%s", app.tr("tray.empty"));

    // The roll button right under the tray, the code and its odds below it.
    const auto code = DiceCode::parse(app.ui.tray.dice_code);
    const bool valid = code && code->count > 0;
    if (valid) draw_roll_controls(app, *code);
    ImGui::Separator();
    draw_code_choice(app);
    if (valid) {
        draw_odds(app, *code);
    } else {
        ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::bad));
        wrapped(app.local(app.data->message("refuse.bad_dice_code", {{"code", std::string(app.ui.tray.dice_code)}})));
        ImGui::PopStyleColor();
    }
    draw_history(app);
    // The generator's seed last: it matters to whoever replays the log, not at the table.
    ImGui::Separator();
    const std::string seed = std::to_string(app.session.start().rng.state);
    ImGui::TextDisabled("%s", app.tr("tray.seed"));
    ImGui::TextDisabled("%s", seed.c_str());
    app.layout.add_last_item("tray:seed");
    app.layout.add_text("tray:seed", seed);
}

}  // namespace czary::app
