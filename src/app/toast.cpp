// One place for outcomes: a toast just above the tab bar (or above the Table tab's sheet) for
// every result and refusal of the last tap: its text, its dice, its rule number. It lies over
// the content and never pushes it, so nothing moves under the finger. A plain toast lets taps
// through and goes at the next press; one that offers something (export, restore) waits.
#include <imgui.h>
#include <imgui_internal.h>

#include "app/dice_view.hpp"
#include "app/panels.hpp"
#include "app/widgets.hpp"
#include "controller/share.hpp"

namespace czary::app {
namespace {

constexpr std::size_t lines_shown = 4;  // the rest is in the log
constexpr std::size_t rolls_shown = 3;

bool has_outcome(const App& app) {
    return app.ui.outcome_step && *app.ui.outcome_step < app.session.position();
}

void dismiss(App& app) {
    // Closing the question of a passed session is "Anuluj": it must not stay waiting unseen.
    if (app.ui.notice && app.ui.notice->offer == "open_shared") decline_incoming_share(app);
    app.ui.notice.reset();
    app.ui.outcome_step.reset();
}

// "[10.4]" with no space inside: a rule number is never broken across lines.
std::string with_rule(const std::string& text, const std::string& rule) {
    if (rule.empty() || text.find(rule) != std::string::npos) return text;
    return text + " [" + rule + "]";
}

void draw_notice_text(App& app, const Notice& notice, std::string& shown) {
    const ImVec4 colour = vec(notice.refusal ? theme::toast_refusal_text : theme::toast_outcome_text);
    shown = with_rule(app.local(notice.text), notice.rule);
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    wrapped(shown);
    ImGui::PopStyleColor();
}

void draw_outcome(App& app, std::string& shown) {
    const std::size_t index = *app.ui.outcome_step;
    const auto& step = app.session.steps()[index];
    if (step.log.empty()) {  // a step that logs nothing is still confirmed: "✓ Pula czarów"
        shown = "✓ " + step_title(app, step);
        wrapped(shown);
    }
    for (std::size_t i = 0; i < step.log.size(); ++i) {
        const std::string line = with_rule(app.local(step.log[i].text), step.log[i].rule);
        shown += (shown.empty() ? "" : "\n") + line;
        if (i < lines_shown) wrapped(line);
    }
    if (step.log.size() > lines_shown) ImGui::TextDisabled("%s", app.local(both(app, "toast.more", {{"{n}", std::to_string(step.log.size() - lines_shown)}})).c_str());
    for (std::size_t i = 0; i < step.rolls.size() && i < rolls_shown; ++i) draw_roll(app, index, i, step.rolls[i], 30.0f, "last");
    if (step.rolls.size() > rolls_shown)
        ImGui::TextDisabled("%s", app.local(both(app, "roll.more", {{"{n}", std::to_string(step.rolls.size() - rolls_shown)}})).c_str());
}

}  // namespace

void draw_toast(App& app) {
    const bool notice = app.ui.notice.has_value();
    app.frame.toast_height = 0;
    app.frame.announcement.clear();
    if (!notice && !has_outcome(app)) {
        return;
    }
    const bool offers = notice && !app.ui.notice->offer.empty();
    // A plain toast goes at the next press: on the toast itself that is all the press does (it
    // never reaches a widget hidden under it); elsewhere the press also does what it does.
    if (!offers && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        dismiss(app);
        return;
    }
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    float width = std::min(viewport->WorkSize.x - 12.0f, 560.0f);
    float x = viewport->WorkPos.x + (viewport->WorkSize.x - width) / 2;
    if (app.frame.toast_width > 0 && viewport->WorkSize.x >= 600.0f) {  // a tablet: over the latest steps
        width = app.frame.toast_width;
        x = app.frame.toast_left;
    }
    ImGui::SetNextWindowPos(ImVec2(x, app.frame.toast_bottom), ImGuiCond_Always, ImVec2(0, 1));
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, viewport->WorkSize.y * 0.45f));
    ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                             ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoMove;
    const bool refusal = notice && app.ui.notice->refusal;
    ImGui::PushStyleColor(ImGuiCol_WindowBg, vec(refusal ? theme::toast_refusal_bg : theme::toast_outcome_bg));
    ImGui::PushStyleColor(ImGuiCol_Border, vec(refusal ? theme::toast_refusal_edge : theme::toast_outcome_edge));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 10.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 1.5f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(12, 10));
    ImGui::Begin("##toast", nullptr, flags);
    ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
    std::string shown;
    if (notice) draw_notice_text(app, *app.ui.notice, shown);
    else draw_outcome(app, shown);
    if (offers && !draw_notice_offer(app) && app.ui.notice) {
        // A single offer: "×" beside it (not on a row of its own) closes the toast.
        ImGui::SameLine();
        if (touch_button(app, "×", "toast:close", touch_size)) dismiss(app);
    }
    const ImGuiWindow* window = ImGui::GetCurrentWindow();
    app.frame.toast_height = window->Size.y;
    app.layout.add("toast", window->Pos.x, window->Pos.y, window->Pos.x + window->Size.x, window->Pos.y + window->Size.y);
    app.layout.add_text("toast", shown);
    app.frame.announcement = shown;  // plain text: "[10.6]", not the dot leader drawn on screen
    // Older tests and tools read the refusal or message under "notice".
    if (notice) {
        app.layout.add("notice", window->Pos.x, window->Pos.y, window->Pos.x + window->Size.x, window->Pos.y + window->Size.y);
        app.layout.add_text("notice", shown);
    }
    ImGui::End();
    ImGui::PopStyleVar(3);
    ImGui::PopStyleColor(2);
}

}  // namespace czary::app
