#!/usr/bin/env bash
# Builds the native checks the test command runs: the unit tests and the CLI under
# AddressSanitizer + UndefinedBehaviorSanitizer (g++, build/native-asan), and the libFuzzer
# harnesses (clang, build/fuzz).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"

configure() {  # folder, cmake arguments...
  local build=$1; shift
  cmake -S "$ROOT" -B "$build" -G Ninja "$@" >"$build.configure.log" 2>&1 || { cat "$build.configure.log" >&2; exit 1; }
}
configure "$CZARY_BUILD/native-asan" -DCMAKE_BUILD_TYPE=Debug -DCZARY_SANITIZE=ON
cmake --build "$CZARY_BUILD/native-asan" --target czary_tests czary-cli
configure "$CZARY_BUILD/fuzz" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCZARY_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14
cmake --build "$CZARY_BUILD/fuzz" --target fuzz_session fuzz_actions fuzz_store
