#include "app/layout.hpp"

#include <algorithm>

#include <imgui.h>
#include <imgui_internal.h>

namespace czary::app {

void Layout::add_last_item(const std::string& id) {
    ImRect rect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    rect.ClipWith(ImGui::GetCurrentWindow()->ClipRect);
    if (rect.GetWidth() <= 0 || rect.GetHeight() <= 0) return;  // scrolled out of sight
    add(id, rect.Min.x, rect.Min.y, rect.Max.x, rect.Max.y);
}

nlohmann::json Layout::to_json() const {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [id, r] : rects_) out[id] = {{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}};
    return out;
}

}  // namespace czary::app
