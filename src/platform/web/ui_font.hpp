#pragma once
// The interface fonts: TTFs with every Polish letter (regular and bold, icons merged in), added
// once. ImGui 1.92 rasterises each size on demand at the screen's pixel density (the backend's
// framebuffer scale), so text stays sharp at devicePixelRatio 2 and 3 and large text needs no
// new atlas.
#include <string>

namespace czary::platform {

struct UiFont {
    std::string file;       // the compiled-in fonts' names (platform/web/embedded_fonts.hpp)
    std::string bold_file;  // headings
    std::string icon_file;  // merged into both
    float css_size = 0;     // size in CSS pixels, what the layout sees at text scale 1
};

// Fonts[0]: the text; Fonts[1]: headings (bold). Sets the style's base size to css_size.
void add_ui_fonts(const UiFont& font);

struct WebStatus;
// The fonts as ImGui holds them now (the text scale, the density, the atlas and its sizes), into
// the status: read when the page asks for it, not every frame.
void report_ui_fonts(WebStatus& status);

}  // namespace czary::platform
