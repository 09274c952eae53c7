#include "platform/web/ui_font.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

#include "platform/web/embedded_fonts.hpp"
#include "platform/web/web_status.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // the atlas's baked sizes (report_ui_fonts)

namespace czary::platform {
namespace {

// The fonts are compiled in (the build's cut-down TTF files, scripts/embed_data.cmake), so a name
// not found is a fault of the build, not of the device: nothing else to fall back to (ImGui's own
// font is left out of the web build, IMGUI_DISABLE_DEFAULT_FONT).
// No glyph ranges: ImGui 1.92 takes each glyph from the first of a font's sources that has it, when
// it is first drawn; the build cut the files down to the glyphs the app draws (src/web_app.cmake).
ImFont* add_font(const std::string& file, float pixels, ImFontConfig config) {
    const std::string_view bytes = fonts::file(file);
    if (bytes.empty()) throw std::logic_error("the font " + file + " is not compiled in");
    config.FontDataOwnedByAtlas = false;  // static bytes: the atlas must not free them
    return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<char*>(bytes.data()), static_cast<int>(bytes.size()),
                                                      pixels, &config);
}

// A text font with the icons merged into it: an icon is a glyph of the same font. The sizes and
// offsets given here are at the reference size; ImGui scales them to each size it bakes.
void add_font_with_icons(const std::string& file, const std::string& icons, float pixels) {
    // No snapping of advances to whole CSS pixels (ImGui would round each letter's advance to
    // one, 1/3 of a letter's width apart on a phone): glyphs are rasterised at device pixels, and
    // ImGui picks its oversampling by the size it rasterises at.
    ImFontConfig config;
    add_font(file, pixels, config);
    ImFontConfig merged = config;
    merged.MergeMode = true;
    merged.GlyphMinAdvanceX = pixels;  // icons one em wide: rows of them line up
    merged.GlyphOffset = ImVec2(0, pixels * 0.06f);
    add_font(icons, pixels * 0.92f, merged);
}

}  // namespace

void add_ui_fonts(const UiFont& font) {
    // Room from the start for what the first screens draw at a phone's 3x (ImGui would start at
    // 512 x 128 and make the texture again twice while the first frame bakes its glyphs).
    ImGui::GetIO().Fonts->TexMinHeight = 512;
    add_font_with_icons(font.file, font.icon_file, font.css_size);
    add_font_with_icons(font.bold_file, font.icon_file, font.css_size);
    ImGui::GetStyle().FontSizeBase = font.css_size;
}

void report_ui_fonts(WebStatus& status) {
    if (!ImGui::GetCurrentContext()) return;  // asked before the app started
    status.font_scale = ImGui::GetStyle().FontScaleMain;
    status.font_pixel_ratio = ImGui::GetIO().DisplayFramebufferScale.x;  // the density ImGui bakes text at
    const ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
    status.font_atlas[0] = atlas.TexData ? atlas.TexData->Width : 0;
    status.font_atlas[1] = atlas.TexData ? atlas.TexData->Height : 0;
    status.font_sizes = 0;
    for (int i = 0; atlas.Builder && i < atlas.Builder->BakedPool.Size; ++i) {
        const ImFontBaked& baked = atlas.Builder->BakedPool[i];
        if (baked.ContainerFont == atlas.Fonts[0] && !baked.WantDestroy) ++status.font_sizes;
    }
}

}  // namespace czary::platform
