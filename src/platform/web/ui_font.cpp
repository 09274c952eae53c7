#include "platform/web/ui_font.hpp"

#include <imgui.h>
#include <imgui_impl_opengl3.h>

namespace czary::platform {
namespace {

// Basic Latin + Latin-1, Latin Extended-A (ą ć ę ł ń ś ź ż), dashes and Polish quotes, arrows,
// minus sign, ≤ ≥, ↶ ↷ (undo, redo), ✓ (a hero in the party).
// Static: ImGui keeps the pointer until the atlas is built.
const ImWchar glyph_ranges[] = {0x0020, 0x00FF, 0x0100, 0x017F, 0x2010, 0x2027, 0x2190, 0x2193,
                                 0x21B6, 0x21B7, 0x2212, 0x2212, 0x2264, 0x2265, 0x2713, 0x2713, 0};

}  // namespace

bool ensure_ui_font(UiFont& font, float pixel_ratio) {
    if (pixel_ratio == font.pixel_ratio && font.scale == font.built_scale) return false;
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    ImFontConfig config;
    config.OversampleH = 1;  // rasterised at device pixels already
    config.PixelSnapH = true;
    if (!io.Fonts->AddFontFromFileTTF(font.file.c_str(), font.css_size * font.scale * pixel_ratio, &config, glyph_ranges))
        io.Fonts->AddFontDefault();  // the glyph check then reports what is missing
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
