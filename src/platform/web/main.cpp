// The web platform: an SDL2 window on the page's canvas, a WebGL context, ImGui's SDL2 and
// OpenGL3 backends, and the browser's animation-frame loop driving the app. Frames are drawn
// only while something changes (input, a hook call, a few frames to settle), to spare phones.
#include <SDL.h>
#include <SDL_opengles2.h>
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl2.h>
#include <imgui_internal.h>  // the input queue's last event (end_hover_after_touch)

#include <algorithm>
#include <cfloat>
#include <cstdio>

#include "app/app.hpp"
#include "app/glyph_check.hpp"
#include "controller/accessibility.hpp"
#include "controller/sessions.hpp"
#include "platform/web/browser_storage.hpp"
#include "platform/web/dice_renderer.hpp"
#include "app/icons.hpp"
#include "app/theme_style.hpp"
#include "platform/web/page_texts.hpp"
#include "platform/web/ui_font.hpp"
#include "platform/web/web_app.hpp"
#include "platform/web/web_status.hpp"

namespace czary::platform {
namespace {

struct WebApp {
    SDL_Window* window = nullptr;
    SDL_GLContext gl = nullptr;
    app::App app;
    UiFont font{"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "icons.ttf", theme::font_size};
    int frames_to_draw = 10;       // the first frames build the layout and the font
    int last_css_w = 0, last_css_h = 0;
    float pixel_ratio = 0;               // the device's, when the canvas was last followed
    std::size_t layout_fingerprint = 0;  // of the last frame drawn
    bool glyphs_checked = false;         // the glyph check runs once, after the first frame
    // At rest the browser's frame loop is paused: no callback 60 times a second keeps an idle
    // phone awake for hours. Input, a resize and the page's hooks resume it (request_frames).
    bool loop_paused = false;
};

WebApp* the_app = nullptr;

// web/glue.js does the browser's part: a download, a file picker (phones included), taking a
// new version (the waiting service worker).
EM_JS(void, download_file, (const char* name, const char* text), { window.czary._download(UTF8ToString(name), UTF8ToString(text)); });
EM_JS(void, pick_session_file, (), { window.czary._pickFile(); });
EM_JS(void, download_stored, (const char* name, const char* key), { window.czary._downloadStored(UTF8ToString(name), UTF8ToString(key)); });
EM_JS(void, apply_update, (), { window.czary._applyUpdate(); });
// "Pass to another device": the link of a session file (compressed by the browser; the page
// calls back czary_share_link), and the system's share sheet with the file.
EM_JS(void, make_share_link, (const char* text), { window.czary._makeShareLink(UTF8ToString(text)); });
EM_JS(void, share_session_file, (const char* name, const char* text), { window.czary._shareFile(UTF8ToString(name), UTF8ToString(text)); });
// A token lifted by a long press: a short buzz where the phone has it.
// The live table's WebSocket (web/glue.js: reconnects with backoff, pings, hands frames back).
EM_JS(void, page_table_connect, (const char* service), { window.czary._tableConnect(UTF8ToString(service)); });
EM_JS(void, page_table_send, (const char* frame), { window.czary._tableSend(UTF8ToString(frame)); });
EM_JS(void, page_table_close, (), { window.czary._tableClose(); });
EM_JS(void, vibrate_briefly, (), { if (navigator.vibrate) navigator.vibrate(15); });
EM_JS(void, announce_started, (), { window.czary._started(); });
// SDL sizes the canvas's pixels on the window's resize event only; a new pixel ratio may come
// without one (a window moved to another screen, emulation), so one is sent.
EM_JS(void, send_resize_event, (), { window.dispatchEvent(new Event('resize')); });
// `why` in the app's language (data/i18n platform.*); the page puts its own words before it.
EM_JS(void, cannot_start, (const char* why), { window.czary._cannotStart(UTF8ToString(why)); });
EM_JS(int, prefers_reduced_motion, (), { return window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 1 : 0; });

void carry_out(const app::PlatformRequest& request) {
    switch (request.kind) {
        case app::PlatformRequest::Kind::Download: return download_file(request.file_name.c_str(), request.text.c_str());
        case app::PlatformRequest::Kind::PickFile: return pick_session_file();
        case app::PlatformRequest::Kind::ApplyUpdate: return apply_update();
        case app::PlatformRequest::Kind::Vibrate: return vibrate_briefly();
        case app::PlatformRequest::Kind::ShareLink: return make_share_link(request.text.c_str());
        case app::PlatformRequest::Kind::ShareFile: return share_session_file(request.file_name.c_str(), request.text.c_str());
        case app::PlatformRequest::Kind::DownloadStored: return download_stored(request.file_name.c_str(), request.text.c_str());
        case app::PlatformRequest::Kind::TableConnect: return page_table_connect(request.text.c_str());
        case app::PlatformRequest::Kind::TableSend: return page_table_send(request.text.c_str());
        case app::PlatformRequest::Kind::TableClose: return page_table_close();
    }
}

// WebGL 1 (GL ES 2): every shader of the app is GLSL ES 1.00 (ImGui's and the dice), old phones
// have it, and its context is made faster than WebGL 2's (the first frame comes sooner). ImGui
// and the dice draw flat, in order: no depth or stencil buffer. SDL reads these when it makes the
// window, so they come before it. web/glue.js makes the context with the same attributes while
// the wasm compiles; SDL then gets that context.
void request_gl_attributes() {
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 2);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
}

// Emscripten is linked with GL_SUPPORT_AUTOMATIC_ENABLE_EXTENSIONS=0: by default it enables
// every extension the browser offers, each a call the page waits on while the context starts.
// ImGui's WebGL 1 path needs only vertex array objects.
bool enable_gl_extensions() {
    return emscripten_webgl_enable_extension(emscripten_webgl_get_current_context(), "OES_vertex_array_object");
}

void touch_friendly_input() {
    ImGuiIO& io = ImGui::GetIO();
    io.MouseDragThreshold = 12.0f;
    io.ConfigInputTextCursorBlink = false;  // a blinking cursor would keep drawing
    // A frame that failed (frame_guard.cpp) leaves windows open: ImGui's error recovery closes
    // them at the frame's end, quietly. The player is told by the app in their own language,
    // not by ImGui's English tooltip, and the page is not stopped by an assert.
    io.ConfigErrorRecovery = true;
    io.ConfigErrorRecoveryEnableAssert = false;
    io.ConfigErrorRecoveryEnableTooltip = false;
    io.ConfigErrorRecoveryEnableDebugLog = false;
}

void report_status(const WebApp& web) {
    auto& status = web_status();
    ++status.frames;
    int css_w = 0, css_h = 0, px_w = 0, px_h = 0;
    SDL_GetWindowSize(web.window, &css_w, &css_h);
    SDL_GL_GetDrawableSize(web.window, &px_w, &px_h);
    status.canvas_css[0] = css_w;
    status.canvas_css[1] = css_h;
    status.canvas_pixels[0] = px_w;
    status.canvas_pixels[1] = px_h;
    status.language = web.app.language;
}

// A finger leaves no pointer behind (WEB-NOTES): after a release from the touch screen (ImGui's
// mouse source, set by the SDL backend), the pointer is queued to leave. ImGui's input queue
// takes the release in one frame, still hovering what the finger lifted from, and the leaving in
// the next. A real mouse keeps its hover.
void end_hover_after_touch() {
    const ImVector<ImGuiInputEvent>& queue = ImGui::GetCurrentContext()->InputEventsQueue;
    if (queue.empty()) return;
    const ImGuiInputEvent& last = queue.back();
    if (last.Type == ImGuiInputEventType_MouseButton && !last.MouseButton.Down &&
        last.MouseButton.MouseSource == ImGuiMouseSource_TouchScreen)
        ImGui::GetIO().AddMousePosEvent(-FLT_MAX, -FLT_MAX);
}

// A press carries its place: a finger that lands where the last one lifted brings no motion from
// SDL, and the pointer was sent away after that lift (end_hover_after_touch). A motion to the
// press's point goes first, through the backend (which tells a finger from a mouse by it).
void move_to_press(const SDL_MouseButtonEvent& press) {
    SDL_Event motion{};
    motion.type = SDL_MOUSEMOTION;
    motion.motion.windowID = press.windowID;
    motion.motion.which = press.which;
    motion.motion.x = press.x;
    motion.motion.y = press.y;
    ImGui_ImplSDL2_ProcessEvent(&motion);
}

// SDL's events into ImGui's input queue; any event asks for frames (ImGui takes a quick tap's
// press and release in two frames: InputEventsQueue below keeps frames coming until it is empty).
void take_events(WebApp& web) {
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
        if (event.type == SDL_MOUSEBUTTONDOWN) move_to_press(event.button);
        ImGui_ImplSDL2_ProcessEvent(&event);
        if (event.type == SDL_MOUSEBUTTONUP) end_hover_after_touch();
        ++web_status().events;
        web.frames_to_draw = std::max(web.frames_to_draw, 3);
    }
    if (!ImGui::GetCurrentContext()->InputEventsQueue.empty()) web.frames_to_draw = std::max(web.frames_to_draw, 2);
}

// Orientation changes settle late on phones: the canvas size is compared whenever the loop runs
// (web/glue.js wakes it when the canvas changes size). SDL sizes the canvas's pixels on a resize
// event only: a new pixel ratio gets one. ImGui bakes the fonts at the new density by itself.
void follow_canvas(WebApp& web) {
    double css_w = 0, css_h = 0;
    emscripten_get_element_css_size("#canvas", &css_w, &css_h);
    if (static_cast<int>(css_w) != web.last_css_w || static_cast<int>(css_h) != web.last_css_h) {
        web.last_css_w = static_cast<int>(css_w);
        web.last_css_h = static_cast<int>(css_h);
        web.frames_to_draw = std::max(web.frames_to_draw, 3);
    }
    const float pixel_ratio = static_cast<float>(emscripten_get_device_pixel_ratio());
    if (pixel_ratio != web.pixel_ratio) {
        if (web.pixel_ratio != 0) send_resize_event();
        web.pixel_ratio = pixel_ratio;
        web.frames_to_draw = std::max(web.frames_to_draw, 3);
    }
    // Large text (the player's setting): every size follows the style's main scale.
    ImGui::GetStyle().FontScaleMain = web.app.text_scale;
}

// Nothing changed (queued keys and moving dice ask for frames): the canvas keeps the last frame,
// and the loop waits to be woken: by input, or when the toast's reading time is over (it goes by
// itself).
void rest(WebApp& web) {
    if (web.app.frame.wake_in > 0)
        emscripten_set_timeout([](void*) { request_frames(1); }, web.app.frame.wake_in * 1000.0 + 20.0, nullptr);
    emscripten_pause_main_loop();
    web.loop_paused = web_status().loop_paused = true;
    ++web_status().rests;
}

// One ImGui frame of the app, drawn and shown.
void draw_and_show(WebApp& web) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    draw_app_or_recover(web.app);
    ImGui::Render();
    int width = 0, height = 0;
    SDL_GL_GetDrawableSize(web.window, &width, &height);
    // ImGui's backend leaves its state as it drew the last frame (it reads none back: web_app.cmake),
    // the scissor test on with the last clip rectangle: the whole canvas is cleared.
    glDisable(GL_SCISSOR_TEST);
    glViewport(0, 0, width, height);
    glClearColor(0.10f, 0.09f, 0.12f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    SDL_GL_SwapWindow(web.window);
}

// Once the first frame is shown: the dice shaders are compiled (nothing rolls yet), and the glyph
// check runs (it only reports: status().missing_glyphs).
void after_first_frame(WebApp& web) {
    if (web_status().frames == 1) {
        web_status().startup.emplace_back("first frame", emscripten_get_now());
        if (init_dice_renderer()) web.app.draw_die = draw_die;
        web_status().startup.emplace_back("dice shaders", emscripten_get_now());
    }
    if (web.glyphs_checked) return;
    // Every text and icon in the text font; the headings' texts in the bold one.
    auto texts = app::all_display_texts(web.app);
    texts.insert(texts.end(), app::icon::all.begin(), app::icon::all.end());
    const ImVector<ImFont*>& fonts = ImGui::GetIO().Fonts->Fonts;
    auto missing = app::missing_glyphs(*fonts[0], texts);
    for (unsigned c : app::missing_glyphs(*fonts[1], texts))
        if (std::find(missing.begin(), missing.end(), c) == missing.end()) missing.push_back(c);
    web_status().missing_glyphs = missing;
    web_status().startup.emplace_back("glyph check", emscripten_get_now());
    web.glyphs_checked = true;
}

// Dice tumbling, a long press being timed, a glide, or a layout that moved: another frame.
void ask_for_next_frame(WebApp& web) {
    if (web.app.wants_frames()) web.frames_to_draw = std::max(web.frames_to_draw, 1);
    const std::size_t fingerprint = web.app.layout.fingerprint();
    if (fingerprint != web.layout_fingerprint) web.frames_to_draw = std::max(web.frames_to_draw, 1);
    web.layout_fingerprint = fingerprint;
}

void frame(void* arg) {
    auto& web = *static_cast<WebApp*>(arg);
    take_events(web);
    follow_canvas(web);
    if (web.frames_to_draw <= 0) return rest(web);
    --web.frames_to_draw;
    draw_and_show(web);
    report_status(web);
    update_page_texts(web.app);
    after_first_frame(web);
    ask_for_next_frame(web);
    // Taken out first: a request may lead the page to call back into the app.
    const auto requests = std::move(web.app.platform_requests);
    web.app.platform_requests.clear();
    for (const auto& request : requests) carry_out(request);
}

}  // namespace

app::App& web_app() { return the_app->app; }

void request_frames(int count) {
    if (!the_app) return;
    the_app->frames_to_draw = std::max(the_app->frames_to_draw, count);
    if (the_app->loop_paused) {
        the_app->loop_paused = web_status().loop_paused = false;
        emscripten_resume_main_loop();
    }
}

void press_key(ImGuiKey key) {
    if (!the_app) return;
    ImGui::GetIO().AddKeyEvent(key, true);
    ImGui::GetIO().AddKeyEvent(key, false);
    request_frames(3);
}

void fail_next_frame() {
    if (!the_app) return;
    the_app->app.fail_next_frame = true;
    request_frames(3);
}

void type_text(const char* utf8) {
    if (!the_app) return;
    ImGui::GetIO().AddInputCharactersUTF8(utf8);
    request_frames(3);
}

}  // namespace czary::platform

int main(int, char**) {
    using namespace czary::platform;
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        std::fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    auto mark = [](const char* step) { web_status().startup.emplace_back(step, emscripten_get_now()); };
    mark("main");
    static WebApp web;
    web.app = czary::app::make_app(static_cast<std::uint64_t>(emscripten_get_now() * 1000.0) ^ 0x5eedULL);
    the_app = &web;
    // The last session reopens; an unreadable one is reported and left untouched.
    static BrowserStorage storage;
    static czary::store::SessionStore sessions(storage, now_ms);
    web.app.store = &sessions;
    mark("data");
    czary::app::open_start_session(web.app);
    mark("session");
    // The canvas is sized by CSS (full page); SDL follows it and scales the backing store by
    // devicePixelRatio.
    request_gl_attributes();
    const auto flags = static_cast<SDL_WindowFlags>(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    web.window = SDL_CreateWindow("Czary", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 390, 844, flags);
    mark("window");
    web.gl = web.window ? SDL_GL_CreateContext(web.window) : nullptr;
    mark("window + context");
    if (!web.gl) {
        std::fprintf(stderr, "WebGL context: %s\n", SDL_GetError());
        cannot_start(web.app.local(czary::Phrase{"platform.no_webgl"}).c_str());
        return 1;
    }
    SDL_GL_MakeCurrent(web.window, web.gl);
    if (!enable_gl_extensions()) {
        cannot_start(web.app.local(czary::Phrase{"platform.no_vertex_arrays"}).c_str());
        return 1;
    }
    web_status().gl_version = reinterpret_cast<const char*>(glGetString(GL_VERSION));

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // the layout is fixed; sessions are saved by the app
    czary::app::apply_theme(ImGui::GetStyle());
    add_ui_fonts(web.font);
    web_status().font_file = web.font.file;
    web_status().font_css_size = web.font.css_size;
    touch_friendly_input();
    ImGui_ImplSDL2_InitForOpenGL(web.window, web.gl);
    ImGui_ImplOpenGL3_Init("#version 100");
    web.app.system_reduced_motion = prefers_reduced_motion();
    czary::app::restore_settings(web.app);  // large text and reduced motion, as the player left them
    czary::app::rejoin_table_on_start(web.app);  // a reload at a live table joins it again

    mark("gl");
    announce_started();
    // The first frame now, not at the next animation frame: the page shows the app sooner.
    frame(&web);
    emscripten_set_main_loop_arg(frame, &web, 0, true);
    return 0;
}
