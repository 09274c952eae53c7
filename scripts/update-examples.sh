#!/usr/bin/env bash
# Rewrites the committed outputs of the example sessions from the current program and regenerates
# the blocks of docs/examples/README.md made from them (scripts/examples_readme.py). Run it after a
# change that alters what `czary-cli replay` prints, then review `git diff docs/examples`; the
# ctest tests docs.example.NN and docs.examples_readme fail until it has been run.
#   bash scripts/update-examples.sh            uses $CZARY_BUILD/native/czary-cli (build it first)
#   CZARY_CLI=/path/to/czary-cli bash scripts/update-examples.sh
# Idempotent: a second run changes nothing. Every output is written to a temporary file first, so a
# failing replay leaves the committed outputs as they were.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"
cli=${CZARY_CLI:-$CZARY_BUILD/native/czary-cli}
[ -x "$cli" ] || { echo "update-examples.sh: no $cli; run scripts/build-native.sh or set CZARY_CLI" >&2; exit 1; }

examples="$ROOT/docs/examples"
mkdir -p "$examples/output"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Replay from the repository root with the path the README shows, as a reader would.
cd "$ROOT"
for session in docs/examples/[0-9][0-9]-*.json; do
  name=$(basename "$session" .json)
  if ! "$cli" replay "$session" >"$tmp/$name.out.json" 2>"$tmp/$name.err"; then
    echo "update-examples.sh: czary-cli replay $session failed:" >&2
    cat "$tmp/$name.err" >&2
    exit 1
  fi
done
changed=0
for out in "$tmp"/*.out.json; do
  target="$examples/output/$(basename "$out")"
  if ! cmp -s "$out" "$target"; then
    cp "$out" "$target"
    echo "updated docs/examples/output/$(basename "$out")"
    changed=1
  fi
done
# Outputs of examples that no longer exist.
for target in "$examples"/output/*.out.json; do
  [ -e "$target" ] || continue
  if [ ! -e "$examples/$(basename "$target" .out.json).json" ]; then
    rm "$target"
    echo "removed docs/examples/output/$(basename "$target")"
    changed=1
  fi
done
[ "$changed" = 1 ] || echo "outputs of docs/examples unchanged"
python3 "$ROOT/scripts/examples_readme.py"
