#!/usr/bin/env bash
# Makes the table service's folder (docs/deploy.md): everything `node host.mjs` needs on a server
# with only Node 18 or later, no npm and no build tools: the host's modules (src/host/*.mjs, the
# entry host.mjs among them), the rules core built for Node (the CMake target czary-table-core:
# czary-table-core.cjs and .wasm), the WebSocket library ws copied from src/host/node_modules (as
# pinned by src/host/package-lock.json), a package.json and a package-lock.json. Replaces what
# OUT_DIR held. scripts/publish.sh calls it after building the core; tests/host/service.test.mjs
# too, with the core the tests use. Builds nothing itself.
# Usage: scripts/make-table-service.sh OUT_DIR [--core=DIR (default $CZARY_BUILD/wasm/host)]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/env.sh"

usage() { echo "usage: scripts/make-table-service.sh OUT_DIR [--core=DIR]" >&2; exit 2; }
out= core="$CZARY_BUILD/wasm/host"
for arg in "$@"; do
  case $arg in
    --core=?*) core=${arg#--core=} ;;
    -*) usage ;;
    *) [ -z "$out" ] || usage; out=$arg ;;
  esac
done
[ -n "$out" ] || usage
host="$ROOT/src/host"
for file in "$core/czary-table-core.cjs" "$core/czary-table-core.wasm"; do
  [ -f "$file" ] || { echo "make-table-service: no $file (build it: cmake --build build/wasm --target czary-table-core)" >&2; exit 1; }
done
[ -f "$host/node_modules/ws/package.json" ] ||
  { echo "make-table-service: no $host/node_modules/ws (scripts/setup.sh installs it)" >&2; exit 1; }

rm -rf "$out"
mkdir -p "$out/node_modules"
cp "$host"/*.mjs "$core/czary-table-core.cjs" "$core/czary-table-core.wasm" "$out/"
cp -R "$host/node_modules/ws" "$out/node_modules/ws"
# package.json and package-lock.json: src/host's, named for the service, with its entry.
node --input-type=module - "$host" "$out" <<'EOF'
import fs from 'node:fs';
import path from 'node:path';
const [from, to] = process.argv.slice(2);
const read = (name) => JSON.parse(fs.readFileSync(path.join(from, name), 'utf8'));
const write = (name, value) => fs.writeFileSync(path.join(to, name), `${JSON.stringify(value, null, 2)}\n`);
const own = read('package.json');
const name = 'czary-table-service';
write('package.json', {
  name, private: true,
  description: 'Czary\'s live tables as a service of their own (docs/deploy.md): node host.mjs --port=8787 --tables=DIR --allow-origin=ORIGIN --trust-proxy',
  type: 'module', main: 'host.mjs', scripts: { start: 'node host.mjs' }, engines: { node: '>=18' },
  dependencies: own.dependencies,
});
const lock = read('package-lock.json');
lock.name = name;
lock.packages[''] = { name, dependencies: own.dependencies, engines: { node: '>=18' } };
write('package-lock.json', lock);
EOF
cat >"$out/README.txt" <<'EOF'
Czary's table service: live tables for the installed app, over wss:// behind a reverse proxy.
Needs Node 18 or later only (no npm): everything else is in this folder.

  node host.mjs --port=8787 --tables=/var/lib/czary/tables --allow-origin=https://czary.example.org --trust-proxy

Options: node host.mjs --help. Setting it up on a server (systemd, Caddy, backups): docs/deploy.md
in Czary's sources.
EOF
echo "make-table-service: $out ($(find "$out" -type f | wc -l) files): copy it to the server; node host.mjs --help"
