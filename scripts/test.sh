#!/usr/bin/env bash
# README command 2: installs what is missing, builds everything and runs every test:
# native unit tests and CLI (also under ASan + UBSan), short fuzzing runs, the unit tests in wasm
# under node, and the browser tests in headless Chromium. Ends with ctest's summary; exits non-zero on any failure.
# Usage: scripts/test.sh [ctest arguments, e.g. -R browser]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"

bash "$ROOT/scripts/setup.sh"
bash "$ROOT/scripts/build-web.sh" Release
bash "$ROOT/scripts/build-checks.sh"
bash "$ROOT/scripts/build-native.sh"
exec ctest --test-dir "$CZARY_BUILD/native" --output-on-failure "$@"
