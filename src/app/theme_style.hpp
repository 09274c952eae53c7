#pragma once
// The theme's values (controller/theme.hpp) as ImGui colours, and ImGui's style made from them.
#include <imgui.h>

#include "controller/theme.hpp"

namespace czary::app {

inline ImU32 col(theme::Colour c, float alpha = 1.0f) {
    return IM_COL32(c.r, c.g, c.b, static_cast<int>(c.a * alpha));
}
inline ImVec4 vec(theme::Colour c) { return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, c.a / 255.0f); }

// Colours, spacing and rounding for touch: 44 px targets with the 18 px font.
void apply_theme(ImGuiStyle& style);

}  // namespace czary::app
