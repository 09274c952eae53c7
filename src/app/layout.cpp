#include "app/layout.hpp"

#include <algorithm>
#include <functional>

#include <imgui.h>
#include <imgui_internal.h>

namespace czary::app {

void Layout::add_last_item(const std::string& id) {
    const ImRect full(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    ImRect rect = full;
    rect.ClipWith(ImGui::GetCurrentWindow()->ClipRect);
    if (rect.GetWidth() <= 0 || rect.GetHeight() <= 0) return;  // scrolled out of sight
    // Vertical clipping only: full-width rows reach a little into the window padding.
    const bool clipped = rect.GetHeight() < full.GetHeight() - 0.5f;
    add(id, rect.Min.x, rect.Min.y, rect.Max.x, rect.Max.y, clipped);
}

std::size_t Layout::fingerprint() const {
    std::size_t hash = rects_.size();
    auto mix = [&hash](std::size_t value) { hash ^= value + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2); };
    for (const auto& [id, r] : rects_) {
        mix(std::hash<std::string>()(id));
        for (float v : {r.x, r.y, r.w, r.h}) mix(std::hash<float>()(v));
    }
    return hash;
}

nlohmann::json Layout::to_json() const {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [id, r] : rects_) {
        out[id] = {{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}};
        if (r.clipped) out[id]["clipped"] = true;
    }
    return out;
}

}  // namespace czary::app
