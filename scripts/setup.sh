#!/usr/bin/env bash
# Installs everything Czary needs on Debian 12 and prepares third-party sources in a cache
# outside the clone. Idempotent: a second run checks and returns within seconds.
# Nothing is fetched from anywhere but Debian's archive and the npm registry.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/env.sh
source "$ROOT/scripts/env.sh"

APT_PACKAGES=(
  emscripten          # em++ 3.1.6 (clang-14, lld, binaryen)
  nlohmann-json3-dev  # JSON, header-only
  doctest-dev         # unit tests, header-only
  cmake make g++ ninja-build
  clang-14 libclang-rt-14-dev  # libFuzzer and the sanitizers' runtimes (fuzzing in the test command)
  dpkg-dev            # dpkg-source, to unpack the imgui and libsdl2 source packages
  chromium            # browser tests (driven by playwright-core)
  firefox-esr         # the cross-engine suite (tests/browser/engines.test.mjs, puppeteer-core)
  webkit2gtk-driver   # ... and WebKitGTK: WebKitWebDriver and MiniBrowser
  xvfb xauth          # ... on an X display of their own (xvfb-run): headless they have no WebGL
  fonts-dejavu-core   # DejaVuSans.ttf and -Bold.ttf: every Polish letter (Latin Extended-A)
  zopfli              # the site's .gz copies: gzip that browsers read, 5% smaller than gzip -9 (scripts/precompress.mjs)
  fonts-fork-awesome  # the icons for actions and statuses (src/app/icons.hpp)
  fonttools           # pyftsubset: the font is cut down to the glyphs the app draws
  qrencode            # serve.sh --lan: a QR code of each LAN address in the terminal
  zbar-tools          # zbarimg: the unit test decodes the QR codes the app draws
  caddy               # the table service's tests and benchmark: TLS in front of it, as on a server (tests/tls/caddy.mjs)
  libnss3-tools       # certutil: a browser test's Chromium trusts Caddy's local CA (tests/browser/tls-table.test.mjs)
)
# ImGui from Debian's unstable suite (1.92's input queue, touch as touch, fonts at any size:
# docs/benchmark.md); SDL2, Emscripten and everything else stay bookworm's.
IMGUI_VERSION=1.92.2b IMGUI_SUITE=sid
SDL_VERSION=2.26.5
QRCODEGEN_VERSION=1.8.0

log() { printf '[setup] %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else
    log "not root and no sudo; please run as root: $*"
    exit 1
  fi
}

missing_packages() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"
  done
}

apt_updated=0
apt_update_once() {
  if [ $apt_updated = 0 ]; then as_root apt-get update -q >/dev/null; apt_updated=1; fi
}

# --- Debian binary packages --------------------------------------------------------------
wanted=("${APT_PACKAGES[@]}")
command -v node >/dev/null 2>&1 || wanted+=(nodejs)
command -v npm >/dev/null 2>&1 || wanted+=(npm)
mapfile -t missing < <(missing_packages "${wanted[@]}")
if [ ${#missing[@]} -gt 0 ]; then
  log "installing Debian packages: ${missing[*]}"
  apt_update_once
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
  # Debian's caddy enables a system service serving /etc/caddy/Caddyfile on port 80. The tests run
  # a Caddy of their own (tests/tls/caddy.mjs), so one installed here is not left serving.
  if printf '%s\n' "${missing[@]}" | grep -qx caddy && [ -d /run/systemd/system ]; then
    log "stopping and disabling caddy.service (the tests start their own Caddy; docs/deploy.md sets one up on a server)"
    as_root systemctl disable --now caddy.service >/dev/null 2>&1 || true
  fi
fi

# --- Debian source packages: imgui 1.92.2b (sid), libsdl2 2.26.5, qr-code-generator 1.8.0 --------------------------
# The machine's apt lists binary packages only; deb-src entries derived from its own sources
# file (same archive, same signatures) make the source packages available: bookworm's, and the
# unstable suite's for ImGui alone (each package is fetched from a named suite). Source entries
# change nothing that apt installs.
enable_deb_src() {
  local src=/etc/apt/sources.list.d/debian.sources dst=/etc/apt/sources.list.d/czary-deb-src.sources
  local unstable=/etc/apt/sources.list.d/czary-deb-src-$IMGUI_SUITE.sources
  [ -f "$dst" ] && [ -f "$unstable" ] && return 0
  if [ ! -f "$src" ]; then
    log "no $src: add deb-src entries for Debian 12 and for $IMGUI_SUITE by hand, then run again"; exit 1
  fi
  if [ ! -f "$dst" ]; then
    log "adding a deb-src entry derived from $src"
    sed 's/^Types:.*/Types: deb-src/' "$src" | as_root tee "$dst" >/dev/null
  fi
  if [ ! -f "$unstable" ]; then
    log "adding a deb-src entry for $IMGUI_SUITE (ImGui's sources only) derived from $src"
    # The stanza of the main archive (the one whose suites include plain "bookworm"), as sources.
    awk -v suite="$IMGUI_SUITE" 'BEGIN { RS = ""; ORS = "\n\n" }
      /(^|\n)Suites:([^\n]* )?bookworm( |\n|$)/ {
        sub(/(^|\n)Types:[^\n]*/, "\nTypes: deb-src"); sub(/\nSuites:[^\n]*/, "\nSuites: " suite)
        sub(/^\n/, ""); print; exit }' "$src" | as_root tee "$unstable" >/dev/null
    grep -q "^Suites: $IMGUI_SUITE" "$unstable" || { log "no bookworm stanza in $src to derive $IMGUI_SUITE from"; exit 1; }
  fi
  apt_updated=0
}

fetch_source() { # package suite version dir
  local pkg=$1 suite=$2 version=$3 dir=$4
  [ -f "$dir/.czary-complete" ] && return 0
  enable_deb_src
  apt_update_once
  local work; work=$(mktemp -d "$CZARY_CACHE/src/.fetch-XXXXXX")
  log "downloading source package $pkg ($version, $suite)"
  local complete=1
  (cd "$work" && apt-get source -q --download-only "$pkg/$suite" >/dev/null 2>&1) || complete=0
  local dsc; dsc=$(ls "$work"/*.dsc 2>/dev/null | head -1)
  [ -n "$dsc" ] || { log "apt-get source $pkg failed"; exit 1; }
  grep -q "^Version: .*$version" "$dsc" || {
    log "$pkg: expected upstream version $version, archive has $(grep '^Version:' "$dsc")"; exit 1; }
  rm -rf "$dir"
  if [ $complete = 1 ]; then
    dpkg-source -x --skip-patches "$dsc" "$dir" >/dev/null 2>&1 || dpkg-source -x "$dsc" "$dir" >/dev/null
  else
    # Some mirrors lack the Debian packaging tarball; the upstream one (apt checked it against
    # the signed Sources index, and its SHA-256 is in the .dsc) is all the build uses.
    local orig; orig=$(ls "$work"/*.orig.tar.* 2>/dev/null | head -1)
    [ -n "$orig" ] && grep -q "^ $(sha256sum "$orig" | cut -d' ' -f1) " "$dsc" || {
      log "apt-get source $pkg failed"; exit 1; }
    log "$pkg: Debian packaging tarball unavailable; unpacking the verified upstream tarball"
    mkdir -p "$dir" && tar -xf "$orig" -C "$dir" --strip-components=1
  fi
  rm -rf "$work" "$CZARY_CACHE"/src/*.tar.*
  touch "$dir/.czary-complete"
}

mkdir -p "$CZARY_CACHE/src"
fetch_source imgui "$IMGUI_SUITE" "$IMGUI_VERSION" "$CZARY_IMGUI_DIR"
fetch_source libsdl2 bookworm "$SDL_VERSION" "$CZARY_SDL_SRC_DIR"
fetch_source qr-code-generator bookworm "$QRCODEGEN_VERSION" "$CZARY_QRCODEGEN_DIR"  # cpp/qrcodegen.{cpp,hpp}

# --- npm packages (pinned by package-lock.json) ------------------------------------------
# The browser tests' driver, the live table host's WebSocket library (src/host), and the web
# build's minifiers (scripts/minify: Closure and Terser).
for folder in "$ROOT/tests/browser" "$ROOT/src/host" "$ROOT/scripts/minify"; do
  if [ ! -f "$folder/node_modules/.package-lock.json" ] ||
     ! cmp -s "$folder/package-lock.json" "$folder/node_modules/.czary-lock"; then
    log "installing npm packages from ${folder#$ROOT/}/package-lock.json"
    (cd "$folder" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    cp "$folder/package-lock.json" "$folder/node_modules/.czary-lock"
  fi
done

log "ready (cache: $CZARY_CACHE)"
