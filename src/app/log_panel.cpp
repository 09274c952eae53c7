// Everything that happened, newest first, in the chosen language with rule numbers.
#include "app/panels.hpp"
#include "app/widgets.hpp"

namespace czary::app {
namespace {

// "#12 Błyskawica", and at a live table who made it: "#12 Błyskawica · Ania".
std::string numbered_title(const App& app, std::size_t index, const SessionStep& step) {
    std::string title = "#" + std::to_string(index + 1) + " " + step_title(app, step);
    if (!step.player.empty()) title += " · " + step.player;
    return title;
}

}  // namespace

void draw_log_panel(App& app) {
    const auto& steps = app.session.steps();
    const std::size_t applied = app.session.position();
    const std::size_t oldest_shown = steps.size() > app.ui.log_steps_shown ? steps.size() - app.ui.log_steps_shown : 0;
    for (std::size_t i = steps.size(); i-- > oldest_shown;) {
        const auto& step = steps[i];
        const bool undone = i >= applied;  // can be redone
        if (undone) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.45f);
        const std::string title = numbered_title(app, i, step);
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        wrapped(title);
        ImGui::PopStyleColor();
        app.layout.add_last_item("log:title:" + std::to_string(i + 1));
        app.layout.add_text("log:title:" + std::to_string(i + 1), title);
        app.layout.add_last_item("log:step:" + std::to_string(i + 1));  // only when on screen
        const bool seen = ImGui::IsItemVisible();
        std::string said;
        for (const auto& entry : step.log) {
            const std::string line = entry.rule.empty() ? app.local(entry.text()) : app.local(entry.text()) + "  [" + entry.rule + "]";
            wrapped(line);
            if (seen) said += line + "\n";
        }
        // What a step on screen says, for the browser tests (texts of steps out of sight are not kept).
        if (seen) app.layout.add_text("log:step:" + std::to_string(i + 1), said);
        if (undone) ImGui::PopStyleVar();
    }
    if (oldest_shown > 0) {
        const auto more = app.local(both(app, "log.older", {{"{n}", std::to_string(oldest_shown)}}));
        if (touch_button(app, more.c_str(), "log:older", ImGui::GetContentRegionAvail().x)) app.ui.log_steps_shown += UiState::kLogPage;
        app.layout.add_text("log:older", more);
    }
    app.layout.add_text("log:shown", std::to_string(steps.size() - oldest_shown));
    // A session that begins from a game already under way (passed as the current position only,
    // or a file with a start state): its log begins here, and says so rather than look empty.
    if (oldest_shown == 0 && !app.session.start().figures.empty()) {
        ImGui::Separator();
        const std::string begun = app.local(both(app, "log.begun_mid_game", {{"{n}", std::to_string(app.session.start().figures.size())}}));
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        wrapped(begun);
        ImGui::PopStyleColor();
        app.layout.add_last_item("log:begun");
        app.layout.add_text("log:begun", begun);
    }
}

void draw_recent_log(App& app) {
    // The newest steps first: on a tablet the outcomes stay in view beside the board.
    ImGui::TextDisabled("%s", app.tr("log.recent"));
    const auto& steps = app.session.steps();
    const std::size_t applied = app.session.position();
    constexpr std::size_t shown = 30;
    for (std::size_t i = applied, n = 0; i-- > 0 && n < shown; ++n) {
        ImGui::Separator();
        // Wrapped, title and lines: a narrow column (a tablet in portrait) cuts nothing.
        const std::string title = numbered_title(app, i, steps[i]);
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        wrapped(title);
        ImGui::PopStyleColor();
        std::string said = title;
        for (const auto& entry : steps[i].log) {
            const std::string line = entry.rule.empty() ? app.local(entry.text()) : app.local(entry.text()) + " [" + entry.rule + "]";
            wrapped(line);
            said += "\n" + line;
        }
        const std::string id = "recent:step:" + std::to_string(i + 1);
        app.layout.add_last_item(id);
        app.layout.drawn_text(id, said);
    }
}

}  // namespace czary::app
