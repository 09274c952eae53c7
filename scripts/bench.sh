#!/usr/bin/env bash
# Benchmark (figures, not a test): the rules core natively (g++, CMake's Release: -O3) and in wasm
# under node (em++ at -Os, as the web build), actions applied per second and replay + save of a
# 10,000-action session, and a 50,000-action one (the file limit) opened alone; then the release
# web app, as scripts/publish.sh leaves it, side by side with Dear ImGui 1.92.2b's own Emscripten
# example in headless Chromium: bytes over the wire (target <= 450 KB gzip), a phone's first and
# repeat visit on Slow 4G, first frame, idle frames, frame times, replay + save in the browser,
# memory, the long game; where the bytes go (scripts/site-bytes.mjs); then live tables under load, on loopback and through Caddy's TLS (scripts/bench-tables.mjs). A figure past its
# target says MISSED. docs/benchmark.md.
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

"$bench/czary-bench" --write-session 10000 "$CZARY_BUILD/bench-session.json"
"$bench/czary-bench" --write-session 50000 "$CZARY_BUILD/bench-long-game.json"

echo "== native (g++, Release)"
"$bench/czary-bench"
echo "-- the long game natively: a session at the file limit opened alone"
"$bench/czary-bench" --open "$CZARY_BUILD/bench-long-game.json"
echo "== wasm (em++ -Os, the web build's Release, node $(node --version))"
node --no-experimental-fetch "$CZARY_BUILD/wasm/czary-bench.js"
echo "== the web app and the stock ImGui 1.92.2b Emscripten example, example_sdl2_opengl3 (headless Chromium)"
# Both as a host serves them: the published folder (with its .gz and .br copies) and the stock
# example with copies made the same way, through scripts/static-server.mjs.
site="$CZARY_BUILD/bench-site"
bash "$ROOT/scripts/publish.sh" "$site" >/dev/null
stock="$CZARY_BUILD/bench-stock"
rm -rf "$stock" && cp -R "$(bash "$ROOT/scripts/build-stock-example.sh")" "$stock"
node "$ROOT/scripts/precompress.mjs" "$stock" >/dev/null
node "$ROOT/tests/browser/bench-web.mjs" "$site" "$stock" "$CZARY_BUILD/bench-session.json" "$CZARY_BUILD/bench-long-game.json"
echo "== where the first visit's bytes go: every file, and the wasm by component (scripts/site-bytes.mjs)"
# The published site's files; the wasm's functions named by the same app linked with their names.
cmake --build "$CZARY_BUILD/wasm" --target czary-app-names >/dev/null
node --no-experimental-fetch "$ROOT/scripts/site-bytes.mjs" "$site" --names "$CZARY_BUILD/wasm/czary-app-names.wasm"
echo "== live tables: 50 tables x 6 phones (Node clients) for 60 s on loopback, then through Caddy's TLS (docs/table-protocol.md, docs/deploy.md)"
node "$ROOT/scripts/bench-tables.mjs" "$CZARY_BUILD/wasm/host" 50 6 60
