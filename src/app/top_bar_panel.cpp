#include "app/panels.hpp"
#include "app/widgets.hpp"

namespace czary::app {

void draw_top_bar(App& app) {
    ImGui::TextUnformatted(app.tr("app.title"));
    const float width = ImGui::GetContentRegionAvail().x;
    // Language switch, right-aligned on the title line.
    ImGui::SameLine(width - 2 * 52.0f);
    for (const char* language : {"pl", "en"}) {
        const bool selected = app.language == language;
        if (selected) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (touch_button(app, language == std::string("pl") ? "PL" : "EN", std::string("language:") + language, 48))
            app.language = language;
        if (selected) ImGui::PopStyleColor();
        ImGui::SameLine();
    }
    ImGui::NewLine();

    const float tab_width = (width - 2 * ImGui::GetStyle().ItemSpacing.x) / 3;
    struct TabButton { Tab tab; const char* key; const char* id; };
    for (const TabButton& tab : {TabButton{Tab::Party, "tab.party", "tab:party"}, TabButton{Tab::Table, "tab.table", "tab:table"},
                                 TabButton{Tab::Log, "tab.log", "tab:log"}}) {
        const bool selected = app.ui.tab == tab.tab;
        if (selected) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (touch_button(app, app.tr(tab.key), tab.id, tab_width)) app.ui.tab = tab.tab;
        if (selected) ImGui::PopStyleColor();
        if (tab.tab != Tab::Log) ImGui::SameLine();
    }

    const float half = (width - ImGui::GetStyle().ItemSpacing.x) / 2;
    if (touch_button(app, app.tr("log.undo"), "undo", half, app.session.can_undo())) undo(app);
    ImGui::SameLine();
    if (touch_button(app, app.tr("log.redo"), "redo", half, app.session.can_redo())) redo(app);
    ImGui::Separator();
}

}  // namespace czary::app
