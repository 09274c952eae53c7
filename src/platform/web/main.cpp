// The web platform: an SDL2 window on the page's canvas, a WebGL context, ImGui's SDL2 and
// OpenGL3 backends, and the browser's animation-frame loop driving the app.
#include <SDL.h>
#include <SDL_opengles2.h>
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <cstdio>

#include "app/app.hpp"
#include "app/glyph_check.hpp"
#include "platform/web/ui_font.hpp"
#include "platform/web/web_status.hpp"

namespace {

struct WebApp {
    SDL_Window* window = nullptr;
    SDL_GLContext gl = nullptr;
    czary::app::App app;
    czary::platform::UiFont font{"/fonts/DejaVuSans.ttf", 18.0f, 0.0f};
};

// WebGL 2 where the browser has it, WebGL 1 otherwise; ImGui's shaders are GLSL ES 1.00 in both.
SDL_GLContext create_gl_context(SDL_Window* window) {
    for (int major : {3, 2}) {
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, major);
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
        if (SDL_GLContext context = SDL_GL_CreateContext(window)) return context;
    }
    return nullptr;
}

void report_status(const WebApp& web) {
    auto& status = czary::platform::web_status();
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

void frame(void* arg) {
    auto& web = *static_cast<WebApp*>(arg);
    SDL_Event event;
    while (SDL_PollEvent(&event)) ImGui_ImplSDL2_ProcessEvent(&event);

    if (czary::platform::ensure_ui_font(web.font, static_cast<float>(emscripten_get_device_pixel_ratio()))) {
        auto& status = czary::platform::web_status();
        status.font_file = web.font.file;
        status.font_css_size = web.font.css_size;
        status.font_pixel_ratio = web.font.pixel_ratio;
        status.missing_glyphs = czary::app::missing_glyphs(*ImGui::GetIO().Fonts->Fonts[0],
                                                           czary::app::all_display_texts(web.app));
    }

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    czary::app::draw_app(web.app);
    ImGui::Render();

    int width = 0, height = 0;
    SDL_GL_GetDrawableSize(web.window, &width, &height);
    glViewport(0, 0, width, height);
    glClearColor(0.10f, 0.09f, 0.12f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    SDL_GL_SwapWindow(web.window);
    report_status(web);
}

}  // namespace

int main(int, char**) {
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        std::fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    static WebApp web{nullptr, nullptr, czary::app::make_app()};
    // The canvas is sized by CSS (full page); SDL follows it and scales the backing store by
    // devicePixelRatio.
    const auto flags = static_cast<SDL_WindowFlags>(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    web.window = SDL_CreateWindow("Czary", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 390, 844, flags);
    web.gl = web.window ? create_gl_context(web.window) : nullptr;
    if (!web.gl) {
        std::fprintf(stderr, "WebGL context: %s\n", SDL_GetError());
        return 1;
    }
    SDL_GL_MakeCurrent(web.window, web.gl);
    czary::platform::web_status().gl_version = reinterpret_cast<const char*>(glGetString(GL_VERSION));

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // the layout is fixed; sessions are saved by the app, not by ImGui
    ImGui::StyleColorsDark();
    ImGui_ImplSDL2_InitForOpenGL(web.window, web.gl);
    ImGui_ImplOpenGL3_Init("#version 100");

    emscripten_set_main_loop_arg(frame, &web, 0, true);
    return 0;
}
