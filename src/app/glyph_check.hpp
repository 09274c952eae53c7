#pragma once
#include <string_view>
#include <vector>

struct ImFont;

namespace czary::app {

// Code points used in the texts that the font cannot draw (ImGui would draw its fallback glyph).
std::vector<unsigned> missing_glyphs(ImFont& font, const std::vector<std::string_view>& texts);

}  // namespace czary::app
