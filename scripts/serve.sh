#!/usr/bin/env bash
# README command 1: installs what is missing, builds the web app and serves it on localhost.
# Usage: scripts/serve.sh [--lan] [PORT] [--allow-origin=ORIGIN]... [--table-days=N]
#   (default port 8080; Ctrl-C stops)
#   --lan: listen on every interface, so that phones on the same Wi-Fi can open it; prints the URL
#   of each LAN address with a QR code (qrencode) and why offline install needs HTTPS there.
#   --allow-origin=ORIGIN (repeatable): pages of that origin may join the live tables too.
#   --table-days=N: a table no phone joined for N days is archived (tables/archive/).
# The server is started again if it dies on its own (scripts/keep-serving.sh), and the terminal
# says so; after 5 deaths within a minute it gives up.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"

bash "$ROOT/scripts/setup.sh"
bash "$ROOT/scripts/build-web.sh" Release web-dist czary-table-core
exec bash "$ROOT/scripts/keep-serving.sh" node "$ROOT/scripts/static-server.mjs" "$CZARY_BUILD/wasm/dist" --table-core="$CZARY_BUILD/wasm/host" "$@"
