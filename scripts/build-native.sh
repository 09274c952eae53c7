#!/usr/bin/env bash
# Builds the rules core, its unit tests and czary-cli with g++ into build/native, and registers
# every test with ctest (the wasm and browser ones too when build/wasm exists).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"

build="$CZARY_BUILD/native"
mkdir -p "$CZARY_BUILD"
wasm_dir=""
[ -f "$CZARY_BUILD/wasm/czary_tests.js" ] && wasm_dir="$CZARY_BUILD/wasm"
checks=()  # the sanitizer and fuzzing builds of scripts/build-checks.sh, when they exist
[ -x "$CZARY_BUILD/native-asan/czary_tests" ] && checks+=(-DCZARY_ASAN_BUILD_DIR="$CZARY_BUILD/native-asan")
[ -x "$CZARY_BUILD/fuzz/fuzz_actions" ] && checks+=(-DCZARY_FUZZ_BUILD_DIR="$CZARY_BUILD/fuzz")
cmake -S "$ROOT" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCZARY_WASM_BUILD_DIR="$wasm_dir" "${checks[@]}" \
  -DCZARY_ARTIFACTS="$CZARY_BUILD/artifacts" >"$build.configure.log" 2>&1 ||
  { cat "$build.configure.log" >&2; exit 1; }
cmake --build "$build"
