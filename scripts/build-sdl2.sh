#!/usr/bin/env bash
# Builds SDL2 2.26.5 for the web (emcmake) once and installs it into the cache, keyed by the
# version and the flags below. Its configure alone runs ~320 compile checks (~5.5 min on 2
# cores), so every later build, clean or in a fresh clone on this machine, reuses it.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"

SDL_FLAGS=(
  -DCMAKE_BUILD_TYPE=MinSizeRel  # -Os: the site is on a size budget (scripts/bench.sh)
  -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF
  -DSDL_AUDIO=OFF -DSDL_HAPTIC=OFF -DSDL_JOYSTICK=OFF -DSDL_HIDAPI=OFF -DSDL_SENSOR=OFF
  -DSDL_POWER=OFF -DSDL_RENDER=OFF
  # Only the Emscripten video driver: the offscreen and dummy drivers linked EGL, BMP writing
  # and sscanf (5.1 KB gzip of the wasm). No locale, paths or URL opening: the app asks SDL
  # for none of them.
  -DSDL_OFFSCREEN=OFF -DSDL_DUMMYVIDEO=OFF -DSDL_DUMMYAUDIO=OFF -DSDL_DISKAUDIO=OFF
  -DSDL_LOCALE=OFF -DSDL_FILESYSTEM=OFF -DSDL_MISC=OFF
)
key=$( (echo 2.26.5; emcc --version | sed -n 1p; printf '%s\n' "${SDL_FLAGS[@]}") | sha256sum | cut -c1-12)
prefix="$CZARY_CACHE/sdl2-2.26.5-$key"
if [ -f "$prefix/.czary-complete" ]; then echo "$prefix"; exit 0; fi
# Two builds at once (two clones, a test run beside a serve) would configure into the same
# folder and break each other: the second waits for the first and then takes its result.
mkdir -p "$CZARY_CACHE"
exec 9>"$CZARY_CACHE/sdl2-$key.lock"
flock 9
if [ -f "$prefix/.czary-complete" ]; then echo "$prefix"; exit 0; fi

work="$CZARY_CACHE/sdl2-build-$key"
rm -rf "$work" "$prefix"
echo "[sdl2] building SDL2 2.26.5 for the web (about 8 minutes, once per machine)" >&2
emcmake cmake -S "$CZARY_SDL_SRC_DIR" -B "$work" -G Ninja "${SDL_FLAGS[@]}" \
  -DCMAKE_INSTALL_PREFIX="$prefix" >"$CZARY_CACHE/sdl2-build-$key.log" 2>&1 ||
  { tail -30 "$CZARY_CACHE/sdl2-build-$key.log" >&2; exit 1; }
cmake --build "$work" --target install >>"$CZARY_CACHE/sdl2-build-$key.log" 2>&1 ||
  { tail -30 "$CZARY_CACHE/sdl2-build-$key.log" >&2; exit 1; }
rm -rf "$work"
touch "$prefix/.czary-complete"
echo "$prefix"
