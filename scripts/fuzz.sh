#!/usr/bin/env bash
# Longer fuzzing than the test command's 20 seconds per harness (not part of the tests).
# Usage: scripts/fuzz.sh [seconds per harness, default 600]
# A failure leaves its input in build/fuzz-long/: fix the bug, then keep the input in
# tests/fuzz/regressions/<harness>/ (the test command replays those) and add a unit test.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"
seconds=${1:-600}
bash "$ROOT/scripts/setup.sh"
bash "$ROOT/scripts/build-checks.sh"
status=0
for harness in session actions store; do
  cmake -DFUZZER="$CZARY_BUILD/fuzz/fuzz_$harness" -DHARNESS=$harness -DSOURCE="$ROOT" \
        -DWORK="$CZARY_BUILD/fuzz-long" -DSECONDS="$seconds" -P "$ROOT/tests/fuzz/run.cmake" || status=1
done
exit $status
