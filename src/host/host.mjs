// The table service: live tables (docs/table-protocol.md) on a server of their own, for the
// installed app (the HTTPS copy) to reach over wss://, behind a reverse proxy that terminates TLS
// (Caddy: docs/deploy.md). Only Node (18 or later) and what sits beside this file are needed:
// scripts/publish.sh (scripts/make-table-service.sh) leaves it in table-service/ with the host's
// modules, the rules core (czary-table-core.cjs and .wasm) and ws.
//   node host.mjs [--port=8787] [--listen=127.0.0.1] [--tables=DIR] [--allow-origin=ORIGIN]...
//                 [--table-days=N] [--trust-proxy] [--core=DIR]
// From the sources: node src/host/host.mjs --core=build/wasm/host ...
// A plain GET of /table says what this is, in one line of each language; every other path is 404;
// the WebSocket upgrade of /table is the table host's. Exit status: 0 stopped (SIGINT, SIGTERM),
// 1 could not start, 2 a wrong command line, 70 an error nobody caught (systemd starts it again).
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerClientErrors, guarded, lastResort, sayingOnce, targetPath } from './http-guard.mjs';
import { oneLine, originOf } from './untrusted.mjs';

export const TABLE_PATH = '/table';
export const DEFAULT_PORT = 8787;
const SERVICE = { en: 'Czary table service stopped', pl: 'Usługa stołów Czarów zatrzymała się' };

// What a person who opens the service's URL in a browser reads.
export const WHAT_THIS_IS =
  'Czary: to jest usługa stołów na żywo dla aplikacji Czary (telefony łączą się tu przez wss://); stół otwiera się w aplikacji: Sesje → Stół na żywo.\n' +
  'Czary: this is a live table service for the Czary app (phones connect here over wss://); a table is opened in the app: Sessions → Live table.\n';

export const USAGE = 'usage: node host.mjs [--port=N (default 8787)] [--listen=ADDRESS (default 127.0.0.1)] [--tables=DIR]\n' +
  '       [--allow-origin=ORIGIN (repeatable: the origin of the published app, whose pages may join)]\n' +
  '       [--table-days=N (a table no phone joined for N days is archived; default 30)]\n' +
  '       [--trust-proxy (behind a reverse proxy on this machine: a phone\'s address is the last X-Forwarded-For entry)]\n' +
  '       [--core=DIR (the rules core, czary-table-core.cjs and .wasm; default: beside host.mjs)]';

// The command line as options, or { wrong: [what was not understood] }.
export function readOptions(argv) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const home = process.env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share');
  const options = { port: DEFAULT_PORT, listen: '127.0.0.1', dataDir: path.join(home, 'czary', 'tables'),
    allowOrigins: [], tableDays: undefined, trustProxy: false, coreDir: here };
  const wrong = [];
  for (const arg of argv) {
    const [, name, value] = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg) ?? [];
    const given = value !== undefined && value !== '';
    if (name === 'port' && given && /^\d{1,5}$/.test(value) && Number(value) <= 65535) options.port = Number(value);
    else if (name === 'listen' && given && net.isIP(value)) options.listen = value;
    else if (name === 'tables' && given) options.dataDir = path.resolve(value);
    else if (name === 'allow-origin' && given && originOf(value)) options.allowOrigins.push(originOf(value));
    else if (name === 'table-days' && given && /^[1-9]\d{0,5}$/.test(value)) options.tableDays = Number(value);
    else if (name === 'trust-proxy' && value === undefined) options.trustProxy = true;
    else if (name === 'core' && given) options.coreDir = path.resolve(value);
    else if (name === 'help' && value === undefined) options.help = true;
    else wrong.push(arg);
  }
  return wrong.length ? { wrong } : options;
}

// The service's HTTP side: the line above at /table (GET, HEAD), 404 elsewhere, 400 for a target
// that cannot be read; the upgrades are the table host's.
export function createServiceServer(say = () => {}) {
  const plain = (response, status, text, headers = {}) => response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', ...headers,
  }).end(text);
  const handle = (request, response) => {
    const target = targetPath(request.url ?? '');
    if (target === null) return plain(response, 400, 'bad request\n', { Connection: 'close' });
    if (target !== TABLE_PATH) return plain(response, 404, 'not found\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(response, 405, 'GET or a WebSocket only\n', { Allow: 'GET, HEAD' });
    return plain(response, 200, WHAT_THIS_IS);
  };
  return answerClientErrors(http.createServer(guarded(handle, sayingOnce(say))));
}

async function main() {
  lastResort(SERVICE);  // first: before any listener the core's glue could add
  const options = readOptions(process.argv.slice(2));
  if (options.wrong) {
    console.error(`${USAGE}\n(not understood: ${options.wrong.map(oneLine).join(' ')})`);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!fs.existsSync(path.join(options.coreDir, 'czary-table-core.cjs')) || !fs.existsSync(path.join(options.coreDir, 'czary-table-core.wasm'))) {
    console.error(`Czary table service: no rules core in ${options.coreDir} (czary-table-core.cjs and .wasm): give --core=DIR (from the sources: build/wasm/host)`);
    process.exit(1);
  }
  const say = (line) => console.log(`table host: ${line}`);
  const server = createServiceServer((line) => console.error(`Czary table service: ${line}`));
  let host;
  try {
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.listen, () => {
        server.off('error', reject);
        // Once listening, an error of the server's own (no file descriptor left to accept a
        // connection, EMFILE) is said and survived.
        const sayOnce = sayingOnce((line) => console.error(`Czary table service: ${line}`));
        server.on('error', (error) => sayOnce(`server: ${oneLine(error)}`));
        resolve();
      });
    });
    // The table host is imported only now: a wrong command line needs neither it nor ws.
    const { startTableHost } = await import('./table-host.mjs');
    host = await startTableHost({
      server, dataDir: options.dataDir, coreDir: options.coreDir, path: TABLE_PATH, allowOrigins: options.allowOrigins,
      tableDays: options.tableDays, trustProxy: options.trustProxy, log: say,
    });
  } catch (error) {
    console.error(`Czary table service cannot start: ${oneLine(error)}\nUsługa stołów Czarów nie może ruszyć: ${oneLine(error)}`);
    process.exit(1);
  }
  const stop = () => {
    try {
      host.close();  // its lock on the tables folder goes with it
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const { address, port } = server.address();
  const shown = net.isIPv6(address) ? `[${address}]` : address;
  console.log(`Czary table service: ws://${shown}:${port}${TABLE_PATH} (listening on ${shown}:${port}; rules ${host.core.versions.core}; ` +
    `${host.tables.size} tables in ${options.dataDir})`);
  console.log(options.allowOrigins.length
    ? `  pages that may join: ${options.allowOrigins.join(', ')} and the service's own origin`
    : '  pages that may join: the service\'s own origin only (name the published app\'s with --allow-origin=ORIGIN)');
  console.log(options.trustProxy
    ? '  a phone\'s address (for the limits per address): the last X-Forwarded-For entry of a proxy on this machine'
    : '  a phone\'s address (for the limits per address): the connection\'s (behind a proxy on this machine, give --trust-proxy)');
}

const run = process.argv[1] && (() => {
  try {
    return fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
})();
if (run) await main();
