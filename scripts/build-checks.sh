#!/usr/bin/env bash
# Builds the native checks the test command runs: the unit tests and the CLI under
# AddressSanitizer + UndefinedBehaviorSanitizer (g++, build/native-asan: the preset asan), and the
# libFuzzer harnesses (clang, build/fuzz: the preset fuzz). Their tests: `ctest --preset asan`,
# `ctest --preset fuzz`; scripts/test.sh runs them.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"
source "$ROOT/scripts/trees.sh"

for tree in asan fuzz; do
  czary_configure $tree
  czary_build $tree
done
