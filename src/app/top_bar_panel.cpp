#include "app/panels.hpp"
#include "app/sessions.hpp"
#include "app/widgets.hpp"

namespace czary::app {
namespace {

// A new version is taken only when the player agrees, and never in the middle of a cast.
void draw_update_offer(App& app) {
    if (!app.update_ready) return;
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.55f, 0.8f, 1.0f, 1));
    ImGui::TextWrapped("%s", app.tr("update.ready"));
    ImGui::PopStyleColor();
    app.layout.add_last_item("update:notice");
    const bool mid_action = app.ui.cast.active() || !app.ui.pending_pips.empty();
    if (touch_button(app, app.tr("update.apply"), "update:apply", 0, !mid_action)) {
        save(app);
        app.platform_requests.push_back({PlatformRequest::Kind::ApplyUpdate, "", ""});
    }
    if (mid_action) {
        ImGui::SameLine();
        ImGui::TextWrapped("%s", app.tr("update.after_cast"));
    }
}

// Offline start would fail now (a first visit still caching, the cache evicted): the player
// is told before going offline.
void draw_offline_note(App& app) {
    if (!app.offline_not_ready) return;
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.75f, 0.4f, 1));
    ImGui::TextWrapped("%s", app.tr("offline.not_ready"));
    ImGui::PopStyleColor();
    app.layout.add_last_item("offline:notice");
    app.layout.add_text("offline:notice", app.tr("offline.not_ready"));
}

}  // namespace

void draw_top_bar(App& app) {
    const float width = ImGui::GetContentRegionAvail().x;
    // The open session's name leads to the Sessions tab; the language switch is beside it.
    const std::string name = app.store ? app.store->current_name() : std::string(app.tr("app.title"));
    const bool on_sessions = app.ui.tab == Tab::Sessions;
    if (on_sessions) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (touch_button(app, (std::string(app.tr("session.tab")) + ": " + name).c_str(), "tab:sessions", width - 2 * 56.0f))
        app.ui.tab = Tab::Sessions;
    if (on_sessions) ImGui::PopStyleColor();
    ImGui::SameLine();
    for (const char* language : {"pl", "en"}) {
        const bool selected = app.language == language;
        if (selected) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (touch_button(app, language == std::string("pl") ? "PL" : "EN", std::string("language:") + language, 48))
            app.language = language;
        if (selected) ImGui::PopStyleColor();
        ImGui::SameLine();
    }
    ImGui::NewLine();

    // Four tabs on a phone's width: narrower side padding keeps "Dziennik" whole.
    const float tab_width = (width - 3 * ImGui::GetStyle().ItemSpacing.x) / 4;
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(2, ImGui::GetStyle().FramePadding.y));
    struct TabButton { Tab tab; const char* key; const char* id; };
    for (const TabButton& tab : {TabButton{Tab::Party, "tab.party", "tab:party"}, TabButton{Tab::Table, "tab.table", "tab:table"},
                                 TabButton{Tab::Dice, "tab.dice", "tab:dice"}, TabButton{Tab::Log, "tab.log", "tab:log"}}) {
        const bool selected = app.ui.tab == tab.tab;
        if (selected) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (touch_button(app, app.tr(tab.key), tab.id, tab_width)) app.ui.tab = tab.tab;
        if (selected) ImGui::PopStyleColor();
        if (tab.tab != Tab::Log) ImGui::SameLine();
    }
    ImGui::PopStyleVar();

    const float half = (width - ImGui::GetStyle().ItemSpacing.x) / 2;
    if (touch_button(app, app.tr("log.undo"), "undo", half, app.session.can_undo())) undo(app);
    ImGui::SameLine();
    if (touch_button(app, app.tr("log.redo"), "redo", half, app.session.can_redo())) redo(app);
    draw_update_offer(app);
    draw_offline_note(app);
    ImGui::Separator();
}

}  // namespace czary::app
