#!/usr/bin/env bash
# Makes the folder to put on any static HTTPS host, at its root or under a sub-path
# (https://example.org/czary/): installs what is missing, builds the web app (Release) and copies
# the site into OUT_DIR (default $CZARY_BUILD/site), replacing what was there, with a .gz and a .br
# copy beside each file that compresses. Every URL in it is
# relative, so the folder works wherever it is served; the GitHub Pages workflow
# (.github/workflows/pages.yml) and tests/browser/subpath.test.mjs both run this script.
# Usage: scripts/publish.sh [OUT_DIR]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"

out=${1:-$CZARY_BUILD/site}
bash "$ROOT/scripts/setup.sh"
bash "$ROOT/scripts/build-web.sh" Release web-dist
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
# A gzip and a Brotli copy beside each file: hosts that serve precompressed files (and
# scripts/static-server.mjs, the --lan server) send them to browsers that accept them.
node "$ROOT/scripts/precompress.mjs" "$out"
echo "publish: $out ($(find "$out" -type f | wc -l) files): put it on a static HTTPS host, at its root or in a folder"
