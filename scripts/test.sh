#!/usr/bin/env bash
# README command 2: installs what is missing, builds the build trees of CMakePresets.json and runs
# every test in each (scripts/trees.sh): native (unit tests, czary-cli, docs examples), asan (the
# unit tests and a replay under ASan + UBSan), fuzz (short libFuzzer runs), wasm (the unit tests
# in wasm under node, the browser tests in headless Chromium). Ends with one summary over all the
# trees; exits non-zero on any failure.
# Usage: scripts/test.sh [ctest arguments, e.g. -R browser]
#   The arguments go to ctest in every tree. A tree none of whose tests they select is not built,
#   and in the wasm tree the web app is built only for a browser test (unit.wasm needs only the
#   wasm unit tests, host.* the host's core): `-R unit` builds no web app, `-R 'unit\.native|cli'` nothing of wasm.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"
source "$ROOT/scripts/trees.sh"

start=$SECONDS
bash "$ROOT/scripts/setup.sh"
echo "   (setting up took $((SECONDS - start)) s)"

# Configure every tree (seconds once configured) and list the tests the arguments select there.
trees=()
declare -A targets
for tree in native asan fuzz wasm; do
  if [ $tree = wasm ]; then czary_configure_wasm Release; else czary_configure $tree; fi
  listing=$(czary_ctest $tree -N "$@")
  grep -q '^ *Test *#' <<<"$listing" || continue
  trees+=($tree)
  targets[$tree]=""
  if [ $tree = wasm ] && ! grep -q '^ *Test *#[0-9]*: browser\.' <<<"$listing"; then
    targets[$tree]="--target=czary_tests"
    # The live table's host tests need its core only.
    grep -q '^ *Test *#[0-9]*: host\.' <<<"$listing" && targets[$tree]+=" --target=czary-table-core"
  fi
done
if [ ${#trees[@]} = 0 ]; then
  echo "No tests were found!!! (scripts/test.sh $*)"
  exit 0
fi

# Where the time goes (a fresh clone's CI: docs/testing.md), printed with each part.
took() { local start=$1; echo "   ($2 took $((SECONDS - start)) s)"; }
for tree in "${trees[@]}"; do
  echo "== building $tree ($(czary_tree_dir $tree))"
  start=$SECONDS
  czary_build $tree ${targets[$tree]}
  took $start "building $tree"
done

status=0 total=0 failed=0 counts=() failures=()
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for tree in "${trees[@]}"; do
  echo "== testing $tree ($(czary_tree_dir $tree))"
  start=$SECONDS
  czary_ctest $tree "$@" 2>&1 | tee "$log" || status=1
  took $start "testing $tree"
  # ctest's own summary: "100% tests passed, 0 tests failed out of 37", then the failed ones.
  summary=$(sed -nE 's/^[0-9]+% tests passed, ([0-9]+) tests? failed out of ([0-9]+)$/\1 \2/p' "$log")
  if [ -z "$summary" ]; then status=1; counts+=("$tree: no summary"); continue; fi
  read -r tree_failed tree_total <<<"$summary"
  failed=$((failed + tree_failed)) total=$((total + tree_total))
  counts+=("$tree $tree_total")
  while IFS= read -r line; do failures+=("$line [$tree]"); done < \
    <(sed -n '/^The following tests FAILED:/,/^$/{/^[[:space:]]*[0-9]* - /p}' "$log")
done

echo
echo "== all trees: $(IFS=,; echo "${counts[*]}" | sed 's/,/, /g')"
percent=$(( total ? ((total - failed) * 100 + total / 2) / total : 100 ))
[ $failed -gt 0 ] && [ $percent -gt 99 ] && percent=99
echo "$percent% tests passed, $failed tests failed out of $total"
if [ ${#failures[@]} -gt 0 ]; then
  printf '\nThe following tests FAILED:\n'
  printf '%s\n' "${failures[@]}"
fi
[ $failed = 0 ] || status=1
exit $status
