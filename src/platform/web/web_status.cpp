#include "platform/web/web_status.hpp"

#include <emscripten/emscripten.h>
#include <nlohmann/json.hpp>

namespace czary::platform {

std::string WebStatus::to_json() const {
    return nlohmann::json{
        {"frames", frames},
        {"events", events},
        {"loopPaused", loop_paused},
        {"rests", rests},
        {"frameErrors", frame_errors},
        {"glVersion", gl_version},
        {"startup", startup},
        {"font", {{"file", font_file}, {"cssSize", font_css_size}, {"scale", font_scale}, {"pixelRatio", font_pixel_ratio}}},
        {"canvas", {{"css", {canvas_css[0], canvas_css[1]}}, {"pixels", {canvas_pixels[0], canvas_pixels[1]}}}},
        {"missingGlyphs", missing_glyphs},
        {"language", language},
    }.dump();
}

WebStatus& web_status() {
    static WebStatus status;
    return status;
}

}  // namespace czary::platform

// Read by web/glue.js; the string lives until the next call.
extern "C" EMSCRIPTEN_KEEPALIVE const char* czary_status_json() {
    static std::string text;
    text = czary::platform::web_status().to_json();
    return text.c_str();
}
