#!/usr/bin/env bash
# Benchmark (figures, not a test): the rules core natively (g++, CMake's Release: -O3) and in wasm
# under node (em++ at -Os, as the web build), actions applied per second and replay + save of a
# 10,000-action session; then the release web app side by side with Dear ImGui 1.86's own
# Emscripten example in headless Chromium: bytes over the wire (target <= 600 KB gzip), first
# frame, idle frames, frame times, replay + save in the browser, memory; then live tables under
# load (scripts/bench-tables.mjs). docs/benchmark.md.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"

bash "$ROOT/scripts/setup.sh"
bench="$CZARY_BUILD/bench-native"
mkdir -p "$CZARY_BUILD"
cmake -S "$ROOT" -B "$bench" -G Ninja -DCMAKE_BUILD_TYPE=Release >"$bench.configure.log" 2>&1 ||
  { cat "$bench.configure.log" >&2; exit 1; }
cmake --build "$bench" --target czary-bench >/dev/null
bash "$ROOT/scripts/build-web.sh" Release >/dev/null

echo "== native (g++, Release)"
"$bench/czary-bench"
echo "== wasm (em++ -Os, the web build's Release, node $(node --version))"
node --no-experimental-fetch "$CZARY_BUILD/wasm/czary-bench.js"
echo "== the web app and the stock ImGui 1.86 Emscripten example (headless Chromium)"
stock=$(bash "$ROOT/scripts/build-stock-example.sh")
"$bench/czary-bench" --write-session "$CZARY_BUILD/bench-session.json"
node "$ROOT/tests/browser/bench-web.mjs" "$CZARY_BUILD/wasm/dist" "$stock" "$CZARY_BUILD/bench-session.json"
echo "== live tables: 50 tables x 6 phones (Node clients) on loopback for 60 s (docs/table-protocol.md)"
node "$ROOT/scripts/bench-tables.mjs" "$CZARY_BUILD/wasm/host" 50 6 60
