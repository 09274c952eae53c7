# The build trees of CMakePresets.json, for the scripts; sourced after env.sh, never run.
#   preset  folder                      tests
#   native  $CZARY_BUILD/native         unit.native, cli.*, serve.*, docs.*
#   asan    $CZARY_BUILD/native-asan    unit.asan, cli.asan_replay
#   fuzz    $CZARY_BUILD/fuzz           fuzz.session, fuzz.actions, fuzz.store
#   wasm    $CZARY_BUILD/wasm           unit.wasm, host.*, browser.*
# Configuring, building and testing go through the presets. Their folders are build/<folder> of
# the clone; when CZARY_BUILD puts the trees elsewhere, the preset configures there (-B) and the
# folder is built and tested by name, which does the same (each tree's "all" is what its tests run).

czary_tree_dir() {  # preset
  case $1 in
    native|fuzz|wasm) echo "$CZARY_BUILD/$1" ;;
    asan) echo "$CZARY_BUILD/native-asan" ;;
    *) echo "unknown build tree '$1'" >&2; return 1 ;;
  esac
}

czary_moved() { [ "$CZARY_BUILD" != "$ROOT/build" ]; }

czary_configure() {  # preset [cmake arguments]: quiet; the log is <folder>.configure.log
  local preset=$1 dir; shift
  dir=$(czary_tree_dir "$preset")
  czary_moved && set -- -B "$dir" "$@"
  mkdir -p "$CZARY_BUILD"
  (cd "$ROOT" && cmake --preset "$preset" "$@") >"$dir.configure.log" 2>&1 ||
    { cat "$dir.configure.log" >&2; return 1; }
}

# The web tree with the sources of scripts/setup.sh and SDL2 from scripts/build-sdl2.sh (built
# there once per machine).
czary_configure_wasm() {  # [Release|Debug]
  local sdl_prefix
  sdl_prefix=$(bash "$ROOT/scripts/build-sdl2.sh")
  czary_configure wasm -DCMAKE_BUILD_TYPE="${1:-Release}" -DCZARY_IMGUI_DIR="$CZARY_IMGUI_DIR" \
    -DCZARY_SDL2_PREFIX="$sdl_prefix" -DCZARY_ARTIFACTS="$CZARY_BUILD/artifacts"
}

czary_build() {  # preset [cmake --build arguments, e.g. --target=czary_tests]
  local preset=$1; shift
  if czary_moved; then cmake --build "$(czary_tree_dir "$preset")" "$@"
  else (cd "$ROOT" && cmake --build --preset "$preset" "$@"); fi
}

czary_ctest() {  # preset [ctest arguments]
  local preset=$1; shift
  if czary_moved; then ctest --test-dir "$(czary_tree_dir "$preset")" --output-on-failure "$@"
  else (cd "$ROOT" && ctest --preset "$preset" "$@"); fi
}
