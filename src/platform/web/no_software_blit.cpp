// SDL2's software blitters, left out of the web app. The app draws with WebGL only: no SDL
// surface is ever blitted, converted by a blit or RLE-encoded. SDL_surface.c still refers to
// these three functions, and through them the linker would take SDL_blit.c, SDL_blit_0/1/A/N/
// auto/copy/slow.c and SDL_RLEaccel.c (about 220 KB of the wasm, 30 KB gzip: the blitters of
// every pixel format). Defined here, the archive's members holding them are not linked.
// Signatures of SDL 2.26.5's src/video/SDL_blit.h and SDL_RLEaccel_c.h.
#include <SDL.h>

extern "C" {
int SDL_CalculateBlit(SDL_Surface*) { return SDL_SetError("no software blitting in this build (WebGL only)"); }
int SDL_RLESurface(SDL_Surface*) { return -1; }
void SDL_UnRLESurface(SDL_Surface*, int) {}
}
