#!/usr/bin/env bash
# Builds the rules core, the controller, their unit tests and czary-cli with g++ (Debug) into
# build/native: the preset native of CMakePresets.json (the same as `cmake --preset native &&
# cmake --build --preset native`). Its tests: `ctest --preset native`; scripts/test.sh runs them.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"
source "$ROOT/scripts/trees.sh"

czary_configure native
czary_build native
