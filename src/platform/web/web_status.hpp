#pragma once
// What the page reports about itself to tests and tools (window.czary.status()).
#include <string>
#include <vector>

namespace czary::platform {

struct WebStatus {
    long frames = 0;
    long events = 0;  // SDL events received (input reaches the app)
    // At rest the frame loop is paused (nothing to draw, dice still); `rests` counts the times it
    // came to rest. Tests wait for these instead of for fixed times: after an input, the app has
    // acted on it once `events` (or `frames`) moved on and the loop is paused again.
    bool loop_paused = false;
    long rests = 0;
    long frame_errors = 0;  // frames that threw and were recovered (main.cpp draw_app_or_recover)
    std::string gl_version;
    std::string font_file;
    float font_css_size = 0;
    float font_scale = 1;  // the player's large-text setting
    float font_pixel_ratio = 0;
    int font_atlas[2] = {0, 0};  // the atlas texture's pixels: ImGui grows it as sizes are baked
    int font_sizes = 0;          // sizes of the text font baked and kept in the atlas
    int canvas_css[2] = {0, 0};
    int canvas_pixels[2] = {0, 0};
    std::vector<unsigned> missing_glyphs;
    std::string language;
    // performance.now() (ms since the page began) at each step of starting: what the first
    // frame waits for.
    std::vector<std::pair<std::string, double>> startup;

    std::string to_json() const;
};

WebStatus& web_status();

}  // namespace czary::platform
