// The table during an adventure: fight controls, the board, the selected character's spells and
// the cast being prepared. Tablets in landscape put the board and the spells side by side.
#include "app/panels.hpp"
#include "app/widgets.hpp"

namespace czary::app {

void draw_table_tab(App& app) {
    const float width = ImGui::GetContentRegionAvail().x;
    const bool wide = width >= 760.0f;
    draw_fight_controls(app);
    if (wide) {
        ImGui::BeginChild("##board", ImVec2(width * 0.55f, 0), false, ImGuiWindowFlags_NoScrollbar);
        draw_board(app);
        scroll_by_drag();
        ImGui::EndChild();
        ImGui::SameLine();
        ImGui::BeginChild("##spells", ImVec2(0, 0), false, ImGuiWindowFlags_NoScrollbar);
        draw_cast_panel(app);
        draw_spell_cards(app);
        scroll_by_drag();
        ImGui::EndChild();
    } else {
        draw_board(app);
        draw_cast_panel(app);
        draw_spell_cards(app);
    }
}

}  // namespace czary::app
