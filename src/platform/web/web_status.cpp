#include "platform/web/web_status.hpp"

#include <emscripten/emscripten.h>

#include "core/json_writer.hpp"
#include "platform/web/ui_font.hpp"

namespace czary::platform {

std::string WebStatus::to_json() const {
    JsonWriter w;
    w.object().field("frames", frames).field("events", events).field("loopPaused", loop_paused).field("rests", rests);
    w.field("frameErrors", frame_errors).field("glVersion", gl_version);
    w.key("startup").array();
    for (const auto& [step, at] : startup) w.array().value(step).value(at).end();
    w.end();
    w.key("font").object().field("file", font_file).field("cssSize", font_css_size).field("scale", font_scale);
    w.field("pixelRatio", font_pixel_ratio).field("sizes", font_sizes);
    w.key("atlas").array().value(font_atlas[0]).value(font_atlas[1]).end().end();
    w.key("canvas").object();
    w.key("css").array().value(canvas_css[0]).value(canvas_css[1]).end();
    w.key("pixels").array().value(canvas_pixels[0]).value(canvas_pixels[1]).end();
    w.end();
    w.key("missingGlyphs").array();
    for (const unsigned glyph : missing_glyphs) w.value(glyph);
    w.end();
    w.field("language", language);
    return w.end().take();
}

WebStatus& web_status() {
    static WebStatus status;
    return status;
}

}  // namespace czary::platform

// Read by web/glue.js; the string lives until the next call.
extern "C" EMSCRIPTEN_KEEPALIVE const char* czary_status_json() {
    static std::string text;
    czary::platform::report_ui_fonts(czary::platform::web_status());
    text = czary::platform::web_status().to_json();
    return text.c_str();
}
