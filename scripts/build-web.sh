#!/usr/bin/env bash
# Builds the web app and the wasm unit tests with em++ into build/wasm (site in build/wasm/dist):
# the preset wasm of CMakePresets.json, given SDL2's build (scripts/build-sdl2.sh) and the build type.
# Usage: scripts/build-web.sh [Release|Debug] [TARGET...]   (default: every target; expects
# scripts/setup.sh to have run). The site alone is the target web-dist. Its tests: `ctest --preset wasm`.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"
source "$ROOT/scripts/trees.sh"

build_type=${1:-Release}
targets=("${@:2}")
czary_configure_wasm "$build_type"
czary_build wasm ${targets[@]/#/--target=}
