#pragma once
// The interface fonts: TTFs with every Polish letter (regular and bold, icons merged in), rasterised at the screen's pixel density
// so that text stays sharp at devicePixelRatio 2 and 3 (ImGui 1.86 builds its atlas at 1x).
#include <string>

namespace czary::platform {

struct UiFont {
    std::string file;       // the compiled-in fonts' names (platform/web/embedded_fonts.hpp)
    std::string bold_file;  // headings
    std::string icon_file;  // merged into both
    float css_size = 0;       // size in CSS pixels, what the layout sees
    float pixel_ratio = 0;    // the atlas is rasterised at css_size * scale * pixel_ratio
    float scale = 1.0f;       // large text (the player's setting): set it, the atlas follows
    float built_scale = 0;    // the scale of the atlas as built
};

// (Re)builds the atlas when the ratio or the scale changed; returns true if it did. Needs a GL context.
bool ensure_ui_font(UiFont& font, float pixel_ratio);

}  // namespace czary::platform
