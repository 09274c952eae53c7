# Paths and settings shared by the scripts; sourced, never run.
# Third-party sources and the web build of SDL2 live outside the clone, keyed by version,
# so that clean builds and fresh clones on the same machine reuse them.
CZARY_CACHE=${CZARY_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/czary}
CZARY_IMGUI_DIR="$CZARY_CACHE/src/imgui-1.92.2b"
CZARY_SDL_SRC_DIR="$CZARY_CACHE/src/libsdl2-2.26.5"
CZARY_QRCODEGEN_DIR="$CZARY_CACHE/src/qr-code-generator-1.8.0"
CZARY_BUILD=${CZARY_BUILD:-$ROOT/build}
# Emscripten 3.1.6's optimiser needs Debian's acorn (TOOLCHAIN.md).
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
export CZARY_CACHE CZARY_IMGUI_DIR CZARY_SDL_SRC_DIR CZARY_QRCODEGEN_DIR CZARY_BUILD
