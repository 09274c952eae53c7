#include "platform/web/ui_font.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

#include "platform/web/embedded_fonts.hpp"

#include <imgui.h>
#include <imgui_impl_opengl3.h>

namespace czary::platform {
namespace {

// Basic Latin + Latin-1, Latin Extended-A (ą ć ę ł ń ś ź ż), dashes and Polish quotes, arrows,
// minus sign, ≤ ≥, ↶ ↷ (undo, redo), ✓ (a hero in the party).
// Static: ImGui keeps the pointer until the atlas is built.
const ImWchar glyph_ranges[] = {0x0020, 0x00FF, 0x0100, 0x017F, 0x2010, 0x2027, 0x2190, 0x2193,
                                 0x21B6, 0x21B7, 0x2212, 0x2212, 0x2264, 0x2265, 0x2713, 0x2713, 0};
// Fork Awesome's private-use block: the build keeps only the icons of src/app/icons.hpp.
const ImWchar icon_ranges[] = {0xF000, 0xF2FF, 0};

// The fonts are compiled in (the build's cut-down TTF files, scripts/embed_data.cmake), so a name
// not found is a fault of the build, not of the device: nothing else to fall back to (ImGui's own
// font is left out of the web build, src/web_app.cmake).
ImFont* add_font(const std::string& file, float pixels, ImFontConfig config, const ImWchar* ranges) {
    const std::string_view bytes = fonts::file(file);
    if (bytes.empty()) throw std::logic_error("the font " + file + " is not compiled in");
    config.FontDataOwnedByAtlas = false;  // static bytes: the atlas must not free them
    return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<char*>(bytes.data()), static_cast<int>(bytes.size()),
                                                      pixels, &config, ranges);
}

// A text font with the icons merged into it: an icon is a glyph of the same font.
void add_font_with_icons(const std::string& file, const std::string& icons, float pixels) {
    ImFontConfig config;
    config.OversampleH = 1;  // rasterised at device pixels already
    config.PixelSnapH = true;
    add_font(file, pixels, config, glyph_ranges);
    ImFontConfig merged = config;
    merged.MergeMode = true;
    merged.GlyphMinAdvanceX = pixels;  // icons one em wide: rows of them line up
    merged.GlyphOffset = ImVec2(0, pixels * 0.06f);
    add_font(icons, pixels * 0.92f, merged, icon_ranges);
}

}  // namespace

bool ensure_ui_font(UiFont& font, float pixel_ratio) {
    if (pixel_ratio == font.pixel_ratio && font.scale == font.built_scale) return false;
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    const float pixels = font.css_size * font.scale * pixel_ratio;
    // Fonts[0]: the text; Fonts[1]: headings (bold).
    add_font_with_icons(font.file, font.icon_file, pixels);
    add_font_with_icons(font.bold_file, font.icon_file, pixels);
    io.FontGlobalScale = 1.0f / pixel_ratio;
    // The first time, ImGui's first NewFrame builds the atlas and its texture (with its shaders);
    // made here too, it would be uploaded twice and the first texture leaked.
    // Later (a new ratio), only the atlas texture is made again; the shaders stay.
    if (font.pixel_ratio != 0) {
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
    }
    font.pixel_ratio = pixel_ratio;
    font.built_scale = font.scale;
    return true;
}

}  // namespace czary::platform
