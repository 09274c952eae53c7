#!/usr/bin/env bash
# Builds Dear ImGui 1.92.2b's own Emscripten example (examples/example_sdl2_opengl3 with its
# Makefile.emscripten: SDL2 + OpenGL3, its demo window) from the same imgui sources and the same
# SDL2 build as the app, with that Makefile's flags (-Os, no file system, ASSERTIONS=1); only SDL2
# comes from our build instead of the USE_SDL=2 port (which would download it). Since 1.89 there
# is no dedicated Emscripten example. Debian's source package leaves out examples/libs/ (its
# Files-Excluded), which holds the example's main-loop stub and shell page for Emscripten: both
# are written here as upstream has them (the loop's body as a std::function that
# emscripten_set_main_loop calls, and a full-page canvas). Output: build/stock-example/.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"

sdl=$(bash "$ROOT/scripts/build-sdl2.sh")
imgui="$CZARY_IMGUI_DIR"
example="$imgui/examples/example_sdl2_opengl3"
out="$CZARY_BUILD/stock-example"
mkdir -p "$out/obj" "$out/libs/emscripten"
cat >"$out/libs/emscripten/emscripten_mainloop_stub.h" <<'STUB'
#pragma once
#include <emscripten.h>
#include <functional>
static std::function<void()>            MainLoopForEmscriptenP;
static void MainLoopForEmscripten()     { MainLoopForEmscriptenP(); }
#define EMSCRIPTEN_MAINLOOP_BEGIN       MainLoopForEmscriptenP = [&]() { do
#define EMSCRIPTEN_MAINLOOP_END         while (0); }; emscripten_set_main_loop(MainLoopForEmscripten, 0, true)
STUB
cat >"$out/libs/emscripten/shell_minimal.html" <<'SHELL'
<!doctype html>
<html lang="en-us">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, minimum-scale=1, user-scalable=no"/>
  <title>Dear ImGui Emscripten example</title>
  <style>
    body { margin: 0; background-color: black }
    .emscripten { position: absolute; top: 0px; left: 0px; margin: 0px; border: 0; width: 100%; height: 100%;
                  overflow: hidden; display: block; image-rendering: optimizeSpeed; image-rendering: pixelated; }
  </style>
</head>
<body>
  <canvas class="emscripten" id="canvas" oncontextmenu="event.preventDefault()"></canvas>
  <script type='text/javascript'>
    var Module = {
      print: function(text) { console.log(Array.prototype.slice.call(arguments).join(' ')); },
      printErr: function(text) { console.error(Array.prototype.slice.call(arguments).join(' ')); },
      canvas: document.getElementById('canvas'),
      setStatus: function(text) { console.log("status: " + text); },
      monitorRunDependencies: function(left) {}
    };
    window.onerror = function() { console.log("onerror: " + event); };
  </script>
  {{{ SCRIPT }}}
</body>
</html>
SHELL
# The Makefile's flags (EMS, CPPFLAGS and LDFLAGS with USE_FILE_SYSTEM=0), and its
# "-I../libs/emscripten"-relative include of the stub, found beside the copy of main.cpp.
flags=(-Os -Wall -Wformat -DIMGUI_DISABLE_FILE_FUNCTIONS -I"$imgui" -I"$imgui/backends" -I"$sdl/include/SDL2"
       -s DISABLE_EXCEPTION_CATCHING=1 -include emscripten/em_macros.h)
objects=()
# Our SDL2 is built without joystick support: the example asks SDL_Init for game controllers too,
# which would stop it at start, so that one flag is taken out of a copy of its main.cpp.
mkdir -p "$out/src"
sed -e "s/ | SDL_INIT_GAMECONTROLLER//" "$example/main.cpp" >"$out/src/main.cpp"
for source in "$out/src/main.cpp" "$imgui"/imgui.cpp "$imgui"/imgui_demo.cpp "$imgui"/imgui_draw.cpp \
              "$imgui"/imgui_tables.cpp "$imgui"/imgui_widgets.cpp "$imgui"/backends/imgui_impl_sdl2.cpp \
              "$imgui"/backends/imgui_impl_opengl3.cpp; do
  object="$out/obj/$(basename "${source%.cpp}").o"
  [ "$object" -nt "$source" ] || em++ "${flags[@]}" -c "$source" -o "$object"
  objects+=("$object")
done
em++ "${objects[@]}" "$sdl/lib/libSDL2.a" -o "$out/index.html" --shell-file "$out/libs/emscripten/shell_minimal.html" \
  -s WASM=1 -s ALLOW_MEMORY_GROWTH=1 -s NO_EXIT_RUNTIME=0 -s ASSERTIONS=1 -s NO_FILESYSTEM=1 \
  -s DISABLE_EXCEPTION_CATCHING=1
rm -rf "$out/src" "$out/libs"
echo "$out"
