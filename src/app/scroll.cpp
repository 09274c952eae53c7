#include <imgui.h>
#include <imgui_internal.h>

#include "app/panels.hpp"

namespace czary::app {

// After ocornut/imgui#3379: a press on empty space of the window, then a drag, scrolls it.
void scroll_by_drag() {
    ImGuiContext& g = *ImGui::GetCurrentContext();
    ImGuiWindow* window = g.CurrentWindow;
    const ImGuiID id = window->GetID("##scroll-by-drag");
    ImGui::KeepAliveID(id);
    const bool hovered_empty = ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows) && g.HoveredId == 0 && g.ActiveId == 0;
    if (hovered_empty && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) ImGui::SetActiveID(id, window);
    if (g.ActiveId != id) return;
    if (!g.IO.MouseDown[0]) {
        ImGui::ClearActiveID();
        return;
    }
    ImGui::SetScrollY(window, window->Scroll.y - g.IO.MouseDelta.y);
}

}  // namespace czary::app
