#!/usr/bin/env bash
# Where the web app's time goes in the benchmark's scripted fight and its imports of the
# 10,000-action session (docs/benchmark.md): the release app linked with its functions' names
# (czary-app-names), put in a copy of the built site, profiled in headless Chromium by
# tests/browser/profile-web.mjs. Figures, not a test; run after scripts/bench.sh has written the
# session (or give another): bash scripts/profile-web.sh [session.json] [top N]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"

bash "$ROOT/scripts/build-web.sh" Release web-dist czary-app-names >/dev/null
site="$CZARY_BUILD/profile-site"
rm -rf "$site" && cp -R "$CZARY_BUILD/wasm/dist" "$site"
cp "$CZARY_BUILD/wasm/czary-app-names.wasm" "$site/czary-app.wasm"
# The names build's glue asks for its own file name.
sed 's/czary-app-names\.wasm/czary-app.wasm/g' "$CZARY_BUILD/wasm/czary-app-names.js" >"$site/czary-app.js"
session="${1:-$CZARY_BUILD/bench-session.json}"
[[ -f "$session" ]] || session=""
node "$ROOT/tests/browser/profile-web.mjs" "$site" $session "${2:-25}"
