#include "app/glyph_check.hpp"

#include <set>

#include <imgui.h>
#include <imgui_internal.h>  // ImTextCharFromUtf8

namespace czary::app {

std::vector<unsigned> missing_glyphs(ImFont& font, const std::vector<std::string_view>& texts) {
    std::set<unsigned> missing;
    for (auto text : texts) {
        const char* p = text.data();
        const char* end = p + text.size();
        while (p < end) {
            unsigned int c = 0;
            const int length = ImTextCharFromUtf8(&c, p, end);
            p += length > 0 ? length : 1;
            if (c < 0x20) continue;
            if (!font.IsGlyphInFont(static_cast<ImWchar>(c))) missing.insert(c);
        }
    }
    return {missing.begin(), missing.end()};
}

}  // namespace czary::app
