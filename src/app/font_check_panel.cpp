#include <imgui.h>

#include "app/panels.hpp"

namespace czary::app {

// The pangram holds every Polish diacritic; the browser smoke test checks that each is in the font.
void draw_font_check_panel(const App& app) {
    const Strings& t = app.text();
    if (!ImGui::CollapsingHeader(t("test.panel"), ImGuiTreeNodeFlags_DefaultOpen)) return;
    ImGui::TextUnformatted(t("test.pangram"));
    ImGui::TextUnformatted(t("test.letters"));
}

}  // namespace czary::app
