#include <imgui.h>

#include "app/panels.hpp"

namespace czary::app {

void draw_title_panel(App& app) {
    const Strings& t = app.text();
    ImGui::TextUnformatted(t("app.title"));
    ImGui::TextDisabled("%s", t("app.subtitle"));

    ImGui::TextUnformatted(t("menu.language"));
    for (const char* language : {"pl", "en"}) {
        ImGui::SameLine();
        const bool selected = app.language == language;
        if (selected) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::Button(language == std::string("pl") ? "PL" : "EN")) app.language = language;
        if (selected) ImGui::PopStyleColor();
    }
    ImGui::Separator();
}

}  // namespace czary::app
