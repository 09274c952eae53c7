#!/usr/bin/env bash
# README command 1: installs what is missing, builds the web app and serves it on localhost.
# Usage: scripts/serve.sh [PORT]   (default 8080; Ctrl-C stops)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"

bash "$ROOT/scripts/setup.sh"
bash "$ROOT/scripts/build-web.sh" Release web-dist
exec node "$ROOT/scripts/static-server.mjs" "$CZARY_BUILD/wasm/dist" "${1:-8080}"
