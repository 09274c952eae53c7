// eglGetProcAddress without Emscripten's table of every GL function. SDL2's Emscripten driver
// takes it only for EGL extensions it may do without and for SDL_GL_GetProcAddress (with
// SDL_GL_ExtensionSupported and SDL_GL_GetAttribute, the only callers), none of which the app
// or ImGui's backends call: the app calls GL functions directly. Emscripten's own (libGL's
// libprocaddr.o) names every GL function, so all of them were linked, and their JavaScript:
// czary-app.js 147 -> 114 KB raw (34.0 -> 27.9 KB gzip), the wasm 2.8 KB gzip smaller.
extern "C" void* eglGetProcAddress(const char*) { return nullptr; }
