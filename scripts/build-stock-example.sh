#!/usr/bin/env bash
# Builds Dear ImGui 1.86's own Emscripten example (examples/example_emscripten_opengl3: SDL2 +
# OpenGL3, its demo window, its shell page) from the same imgui sources and the same SDL2 build
# as the app, with the example Makefile's flags (-Os, no file system); only SDL2 comes from our
# build instead of the USE_SDL=2 port (which would download it). Output: build/stock-example/.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"

sdl=$(bash "$ROOT/scripts/build-sdl2.sh")
imgui="$CZARY_IMGUI_DIR"
example="$imgui/examples/example_emscripten_opengl3"
out="$CZARY_BUILD/stock-example"
mkdir -p "$out/obj"
flags=(-Os -Wall -Wformat -DIMGUI_DISABLE_FILE_FUNCTIONS -I"$imgui" -I"$imgui/backends" -I"$sdl/include/SDL2"
       -s DISABLE_EXCEPTION_CATCHING=1)
objects=()
# Our SDL2 is built without joystick support: the example asks SDL_Init for game controllers too,
# which would stop it at start, so that one flag is taken out of a copy of its main.cpp.
sed "s/ | SDL_INIT_GAMECONTROLLER//" "$example/main.cpp" >"$out/main.cpp"
for source in "$out/main.cpp" "$imgui"/imgui.cpp "$imgui"/imgui_demo.cpp "$imgui"/imgui_draw.cpp \
              "$imgui"/imgui_tables.cpp "$imgui"/imgui_widgets.cpp "$imgui"/backends/imgui_impl_sdl.cpp \
              "$imgui"/backends/imgui_impl_opengl3.cpp; do
  object="$out/obj/$(basename "${source%.cpp}").o"
  [ "$object" -nt "$source" ] || em++ "${flags[@]}" -c "$source" -o "$object"
  objects+=("$object")
done
em++ "${objects[@]}" "$sdl/lib/libSDL2.a" -o "$out/index.html" --shell-file "$example/shell_minimal.html" \
  -s WASM=1 -s ALLOW_MEMORY_GROWTH=1 -s NO_EXIT_RUNTIME=0 -s ASSERTIONS=1 -s NO_FILESYSTEM=1 \
  -s DISABLE_EXCEPTION_CATCHING=1
echo "$out"
