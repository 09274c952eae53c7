#!/usr/bin/env bash
# Makes the folder to put on any static HTTPS host, at its root or under a sub-path
# (https://example.org/czary/): installs what is missing, builds the web app (Release) and copies
# the site into OUT_DIR (default $CZARY_BUILD/site), replacing what was there, with a .gz and a .br
# copy beside each file that compresses. Every URL in it is
# relative, so the folder works wherever it is served; the GitHub Pages workflow
# (.github/workflows/pages.yml) and tests/browser/subpath.test.mjs both run this script.
# It also leaves the live tables' service, to run on a server with only Node (docs/deploy.md), in
# SERVICE_DIR (default $CZARY_BUILD/table-service; scripts/make-table-service.sh), and with
# --table-server=wss://HOST[:PORT][/PATH] bakes that service's address into the site as the one
# its app uses (scripts/page-config.mjs: index.html's page-config, the service worker made again).
# Usage: scripts/publish.sh [OUT_DIR] [--service-dir=SERVICE_DIR] [--table-server=URL]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"

usage() {
  echo "usage: scripts/publish.sh [OUT_DIR] [--service-dir=DIR] [--table-server=wss://HOST[:PORT][/PATH]]" >&2
  exit 2
}
out= service= table_server=
for arg in "$@"; do
  case $arg in
    --service-dir=?*) service=${arg#--service-dir=} ;;
    --table-server=*) table_server=${arg#--table-server=}; [ -n "$table_server" ] || usage ;;
    -*) usage ;;
    *) [ -z "$out" ] || usage; out=$arg ;;
  esac
done
out=${out:-$CZARY_BUILD/site}
service=${service:-$CZARY_BUILD/table-service}
# The service is no file of the site: neither folder inside the other.
case "$(realpath -m "$service")/" in "$(realpath -m "$out")"/*) echo "publish: the service's folder '$service' is inside the site's '$out'" >&2; exit 2 ;; esac
case "$(realpath -m "$out")/" in "$(realpath -m "$service")"/*) echo "publish: the site's folder '$out' is inside the service's '$service'" >&2; exit 2 ;; esac
# A wrong address is said before anything is built (exit 2).
if [ -n "$table_server" ]; then node "$ROOT/scripts/page-config.mjs" "--table-server=$table_server"; fi

bash "$ROOT/scripts/setup.sh"
bash "$ROOT/scripts/build-web.sh" Release web-dist czary-table-core
dist="$CZARY_BUILD/wasm/dist"

# A root-relative or absolute URL would leave the sub-path (or the host): refuse the build.
if grep -nE '(href|src)="/|"(start_url|scope|src)": *"/|register\(.(/|https?:)' \
     "$dist/index.html" "$dist/manifest.webmanifest" "$dist/glue.js" "$dist/sw.js"; then
  echo "publish: the lines above name a URL outside the site's folder; every URL must be relative" >&2
  exit 1
fi

rm -rf "$out"
mkdir -p "$out"
cp -R "$dist/." "$out/"
# The table service's address in the page, before the copies are made (the service worker's list
# and build id cover the page as it is published).
if [ -n "$table_server" ]; then node "$ROOT/scripts/page-config.mjs" "--table-server=$table_server" "$out"; fi
# A gzip and a Brotli copy beside each file: hosts that serve precompressed files (and
# scripts/static-server.mjs, the --lan server) send them to browsers that accept them.
node "$ROOT/scripts/precompress.mjs" "$out"
echo "publish: $out ($(find "$out" -type f | wc -l) files): put it on a static HTTPS host, at its root or in a folder"
bash "$ROOT/scripts/make-table-service.sh" "$service" "--core=$CZARY_BUILD/wasm/host"
