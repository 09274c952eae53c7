// What the host's tests share (tests/host/*.test.mjs): the core's folder, waiting for a condition,
// folders removed after the file's tests, a host on an HTTP server of its own and one in a process
// of its own (scripts/static-server.mjs, which serve.sh runs), each stopped after the tests.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTableHost } from '../../src/host/table-host.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CORE_DIR = process.env.CZARY_TABLE_CORE ?? path.join(ROOT, 'build/wasm/host');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const waitFor = async (condition, what, ms = 15000) => {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
};

const temporary = [];
const running = [];
export const tmpdir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-tables-'));
  temporary.push(dir);
  return dir;
};

after(() => {
  for (const stop of running) {
    try {
      stop();
    } catch { /* stopped already */ }
  }
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

// A table host on a loopback HTTP server of its own (options: those of startTableHost); `lines`
// holds what it says in the terminal.
export async function startHost(options = {}) {
  const server = http.createServer((_, response) => response.writeHead(404).end());
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dataDir = options.dataDir ?? tmpdir();
  const lines = [];
  let host;
  try {
    host = await startTableHost({ server, dataDir, coreDir: CORE_DIR, log: (l) => lines.push(l), ...options, dataDir });
  } catch (error) {
    server.close();
    throw error;
  }
  const port = server.address().port;
  const stop = () => {
    host.close();
    server.close();
    server.closeAllConnections();
  };
  running.push(stop);
  return { host, server, port, url: `ws://127.0.0.1:${port}/table`, dataDir, lines, stop };
}

// The static server with its table host in a process of its own, on `port` (0: any), keeping its
// tables in `dataDir`: resolves once it serves live tables, with what it printed so far.
export function startServerChild(dataDir, port = 0) {
  const site = tmpdir();
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html>');
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/static-server.mjs'), site, String(port), `--table-core=${CORE_DIR}`, `--tables=${dataDir}`],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  running.push(() => child.kill('SIGKILL'));
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = out.match(/listening on 127\.0\.0\.1:(\d+)/);
      if (m && /Stół na żywo|Stoły na żywo są wyłączone/.test(out)) resolve({ child, port: Number(m[1]), out: () => out });
    });
    child.on('exit', (code) => reject(new Error(`host exited ${code}: ${out}`)));
  });
}
