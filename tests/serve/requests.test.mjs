// Issue 47, "The table's host never falls": no HTTP request crashes scripts/static-server.mjs. A
// target that cannot be decoded or parsed, or that holds a NUL, threw synchronously in the request
// handler (decodeURIComponent, fs.stat, new URL) and took down the site and every live table with
// it. Each such request now gets a 4xx and the server goes on serving; an error nobody foresaw
// fails its own request only (500); and an error that escapes everything stops the server with one
// line in each language (scripts/keep-serving.sh starts it again: restart.test.mjs).
// Needs no build: the site is a stand-in folder, and no table core is loaded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CRASHERS, raw, statusOf } from './raw-http.mjs';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/static-server.mjs');
let site;
let server;  // { child, port, out(), err() }
const running = [];
before(async () => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-requests-'));
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Czary</title>stand-in');
  fs.writeFileSync(path.join(site, 'app.js'), 'const czary = 1;\n');
  server = await serve([site, '0']);
});
after(() => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  fs.rmSync(site, { recursive: true, force: true });
});

// Starts the server as a child process; resolves once it says where it listens.
function serve(args, nodeOptions = []) {
  const child = spawn(process.execPath, [...nodeOptions, SERVER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let out = '', err = '';
  child.stdout.on('data', (chunk) => { out += chunk; });
  child.stderr.on('data', (chunk) => { err += chunk; });
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}): ${out}${err}`)));
    child.stdout.on('data', () => {
      const listening = out.match(/listening on [\d.]+:(\d+)/);
      if (listening) resolve({ child, port: Number(listening[1]), out: () => out, err: () => err });
    });
  });
}

const alive = (child) => child.exitCode === null && child.signalCode === null;

for (const [name, text] of CRASHERS) {
  test(`${name}: answered 4xx, and the server goes on`, async () => {
    const answer = await raw(server.port, text);
    const status = statusOf(answer);
    assert.ok(status >= 400 && status < 500, `a 4xx, not ${JSON.stringify(answer.slice(0, 80))}`);
    assert.ok(alive(server.child), `the server is alive (${server.err()})`);
  });
}

test('after every one of them the site is still served, and the terminal holds no stack', async () => {
  for (const [, text] of CRASHERS) await raw(server.port, text);
  assert.ok(alive(server.child));
  const answer = await raw(server.port, 'GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
  assert.equal(statusOf(answer), 200);
  assert.match(answer, /stand-in/);
  assert.match(await (await fetch(`http://127.0.0.1:${server.port}/app.js`)).text(), /const czary/);
  assert.doesNotMatch(server.out() + server.err(), /\n\s+at /, 'no stack trace');
});

test('the bad targets are 400 exactly, and good ones in either form are served as before', async () => {
  const get = async (target, extra = '') => statusOf(await raw(server.port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${extra}\r\n`));
  for (const target of ['/%', '/%00', '/%c0%ae', '/%E0%A4%A', 'http://[/']) assert.equal(await get(target), 400, target);
  assert.equal(await get('/'), 200);
  assert.equal(await get('/index.html?x=%'), 200, 'a query is not decoded');
  assert.equal(await get('http://localhost/app.js'), 200, 'absolute form');
  assert.equal(await get('//app.js'), 200, 'two slashes are a path, not a host');
  assert.equal(await get('/%61pp.js'), 200, 'percent-encoded letters');
  assert.equal(await get('/missing.js'), 404);
  assert.equal(await get('/%2e%2e/%2e%2e/etc/passwd'), 404, 'never outside the site');
});

// An error inside one request that nobody foresaw (here a file's stat that throws when asked what
// it is) is a 500 for that request, which is closed, and the next one is served.
test('an unexpected error in one request answers 500 and fails that request only', async (t) => {
  const { startServer } = await import(pathToFileURL(SERVER).href);
  const { server: http, url } = await startServer(site);
  t.after(() => http.close());
  const said = [];
  t.mock.method(console, 'error', (line) => said.push(line));
  const stat = t.mock.method(fs.promises, 'stat', async () => ({ isFile() { throw new Error('the disk is on fire\n\x1b[31mred'); } }));
  const failed = await fetch(`${url}app.js`);
  assert.equal(failed.status, 500);
  assert.equal(failed.headers.get('connection'), 'close');
  stat.mock.restore();
  const next = await fetch(`${url}app.js`);
  assert.equal(next.status, 200);
  assert.match(await next.text(), /const czary/);
  assert.equal(said.length, 1, 'one line in the terminal');
  assert.match(said[0], /app\.js failed: the disk is on fire\\u000a\\u001b\[31mred/);
});

// The last resort: an error that escapes every handler stops the server with one line in each
// language and status 70, for scripts/keep-serving.sh to start it again. The error is thrown by a
// module given to node with --import, once the server runs.
test('an uncaught error stops the server with one line in each language and status 70', async () => {
  const thrower = `data:text/javascript,setTimeout(() => { throw new Error('boom in the glue'); }, 300);`;
  const rejecter = `data:text/javascript,setTimeout(() => Promise.reject(new Error('a promise nobody awaited')), 300);`;
  for (const [preload, message] of [[thrower, 'boom in the glue'], [rejecter, 'a promise nobody awaited']]) {
    const started = await serve([site, '0'], ['--import', preload]);
    const code = await new Promise((resolve) => started.child.on('exit', (status) => resolve(status)));
    assert.equal(code, 70);
    assert.equal(started.err(), `Czary server stopped: ${message}\nSerwer Czarów zatrzymał się: ${message}\n`);
  }
});
