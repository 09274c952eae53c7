#include <imgui.h>

#include "app/panels.hpp"

namespace czary::app {

void draw_spell_table_panel(const App& app) {
    const Strings& t = app.text();
    if (!ImGui::CollapsingHeader(t("spells.heading"), ImGuiTreeNodeFlags_DefaultOpen)) return;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("spells", 4, flags)) return;
    ImGui::TableSetupColumn(t("spells.name"), ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn(t("spells.type"));
    ImGui::TableSetupColumn(t("spells.cost"));
    ImGui::TableSetupColumn(t("spells.rule"));
    ImGui::TableHeadersRow();
    for (const auto& spell : app.spells.all()) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(spell.name.in(app.language).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%c", spell_type_letter(spell.type));
        ImGui::TableNextColumn();
        ImGui::Text("%d", spell.cost);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(spell.rule.c_str());
    }
    ImGui::EndTable();
}

}  // namespace czary::app
