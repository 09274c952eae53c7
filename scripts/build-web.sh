#!/usr/bin/env bash
# Builds the web app and the wasm unit tests with em++ into build/wasm (site in build/wasm/dist).
# Usage: scripts/build-web.sh [Release|Debug] [TARGET...]   (default: every target; expects
# scripts/setup.sh to have run). The site alone is the target web-dist.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"

build_type=${1:-Release}
targets=("${@:2}")
sdl_prefix=$(bash "$ROOT/scripts/build-sdl2.sh")
build="$CZARY_BUILD/wasm"
mkdir -p "$CZARY_BUILD"
emcmake cmake -S "$ROOT" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" \
  -DCZARY_IMGUI_DIR="$CZARY_IMGUI_DIR" -DCZARY_SDL2_PREFIX="$sdl_prefix" >"$build.configure.log" 2>&1 ||
  { cat "$build.configure.log" >&2; exit 1; }
cmake --build "$build" ${targets[@]/#/--target=}
