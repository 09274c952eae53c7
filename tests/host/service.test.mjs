// Issue 49: the table service on a server (docs/deploy.md). The folder scripts/publish.sh leaves
// (scripts/make-table-service.sh, run here with the tests' core) is copied away from the sources
// and started with nothing but `node host.mjs …`; then Caddy (tests/tls/caddy.mjs) terminates TLS in
// front of it with its own local CA, and Node phones (tests/host/phone.mjs) trusting that CA open
// and join a table over wss://, take steps, are refused from another site's page, and are counted
// per address by the X-Forwarded-For Caddy adds. The parts through Caddy are skipped, saying so,
// only where Caddy is not installed (scripts/setup.sh installs it). CZARY_SERVICE_NODE runs the
// packaged service with another node (Debian 12's own is Node 18).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadTableCore } from '../../src/host/table-host.mjs';
import WebSocket from '../../src/host/node_modules/ws/wrapper.mjs';
import { CORE_DIR, ROOT, tmpdir, waitFor } from './fixture.mjs';
import { Phone, fightSession } from './phone.mjs';
import { CRASHERS, raw, statusOf } from '../serve/raw-http.mjs';
import { caddyMissing, httpsGet, startTlsTable } from '../tls/caddy.mjs';

const NODE = process.env.CZARY_SERVICE_NODE ?? process.execPath;
const NO_CADDY = caddyMissing();
const APP_ORIGIN = 'https://czary.example.org';  // the published app's origin, as --allow-origin names it
// The service's environment: nothing of the sources' (no NODE_PATH to find ws elsewhere).
const ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_PATH'));
let core, serviceDir, tls;
const running = [];

before(async () => {
  core = await loadTableCore(CORE_DIR);
  const work = tmpdir();
  const made = path.join(work, 'made');
  const run = spawnSync('bash', [path.join(ROOT, 'scripts/make-table-service.sh'), made, `--core=${CORE_DIR}`], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /make-table-service: .*made \(\d+ files\)/);
  // Copied to a server, as docs/deploy.md says: the folder alone.
  serviceDir = path.join(work, 'srv', 'table-service');
  fs.cpSync(made, serviceDir, { recursive: true });
  fs.rmSync(made, { recursive: true });
  if (!NO_CADDY) {
    tls = await startTlsTable({ serviceDir, node: NODE, env: ENV, allowOrigins: [APP_ORIGIN], tablesDir: path.join(work, 'tables') });
  }
});
after(async () => {
  await tls?.close();
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

// `node host.mjs ARGS` in the copied folder, as systemd starts it; resolves once it listens.
function startService(args, nodeOptions = []) {
  const child = spawn(NODE, [...nodeOptions, 'host.mjs', ...args], { cwd: serviceDir, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let out = '', err = '';
  child.stdout.on('data', (chunk) => { out += chunk; });
  child.stderr.on('data', (chunk) => { err += chunk; });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the service exited (${code}): ${out}${err}`)));
    child.stdout.on('data', () => {
      const port = out.match(/listening on 127\.0\.0\.1:(\d+)/)?.[1];
      if (port) resolve({ child, port: Number(port), exited, out: () => out, err: () => err });
    });
  });
}

// The HTTP status the upgrade is answered with (101: a WebSocket), through Caddy.
function upgradeStatus(url, options) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, options);
    ws.on('upgrade', () => { resolve(101); ws.terminate(); });
    ws.on('unexpected-response', (request, response) => { resolve(response.statusCode); request.destroy(); });
    ws.on('error', (error) => resolve(error.code ?? error.message));
  });
}

test('the folder holds the host\'s modules, the rules core, ws and its package files; nothing else is needed', () => {
  const modules = fs.readdirSync(path.join(ROOT, 'src/host')).filter((name) => name.endsWith('.mjs'));
  assert.ok(modules.includes('host.mjs') && modules.includes('table-host.mjs') && modules.includes('http-guard.mjs'));
  assert.deepEqual(fs.readdirSync(serviceDir).sort(), [...modules, 'README.txt', 'czary-table-core.cjs', 'czary-table-core.wasm',
    'node_modules', 'package-lock.json', 'package.json'].sort());
  assert.deepEqual(fs.readdirSync(path.join(serviceDir, 'node_modules')), ['ws']);
  for (const file of ['czary-table-core.cjs', 'czary-table-core.wasm']) {
    assert.deepEqual(fs.readFileSync(path.join(serviceDir, file)), fs.readFileSync(path.join(CORE_DIR, file)), file);
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(serviceDir, 'package.json'), 'utf8'));
  const lock = JSON.parse(fs.readFileSync(path.join(serviceDir, 'package-lock.json'), 'utf8'));
  const ws = JSON.parse(fs.readFileSync(path.join(serviceDir, 'node_modules/ws/package.json'), 'utf8'));
  assert.equal(pkg.name, 'czary-table-service');
  assert.equal(pkg.type, 'module');
  assert.deepEqual(pkg.dependencies, JSON.parse(fs.readFileSync(path.join(ROOT, 'src/host/package.json'), 'utf8')).dependencies);
  assert.equal(lock.name, pkg.name);
  assert.equal(lock.packages['node_modules/ws'].version, ws.version);
  assert.equal(pkg.dependencies.ws, ws.version);
});

test('its command line: --help, and anything not understood is the usage and exit 2; no core is exit 1 in one line', () => {
  const node = (...args) => spawnSync(NODE, ['host.mjs', ...args], { cwd: serviceDir, env: ENV, encoding: 'utf8' });
  const help = node('--help');
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^usage: node host\.mjs \[--port=N/);
  for (const wrong of [['--port=x'], ['--port=70000'], ['--listen=example.org'], ['--allow-origin=czary.example.org'], ['--allow-origin=https://x.org/czary/'],
    ['--table-days=0'], ['--trust-proxy=yes'], ['--tables='], ['--no-such-option'], ['8787']]) {
    const run = node(...wrong);
    assert.equal(run.status, 2, wrong.join(' '));
    assert.match(run.stderr, /^usage: node host\.mjs/);
    assert.match(run.stderr, new RegExp(`\\(not understood: ${wrong[0].replace(/[.?*+^$()[\]\\/]/g, '\\$&')}\\)`));
  }
  const coreless = node('--port=0', '--core=/nowhere', `--tables=${tmpdir()}`);
  assert.equal(coreless.status, 1);
  assert.equal(coreless.stderr.trim().split('\n').length, 1);
  assert.match(coreless.stderr, /no rules core in \/nowhere/);
});

test('on its own port: /table answers one line in each language to a browser, other paths 404, and no request stops it', async () => {
  const tables = tmpdir();
  const service = await startService(['--port=0', `--tables=${tables}`]);
  const base = `http://127.0.0.1:${service.port}`;
  const line = await fetch(`${base}/table`);
  assert.equal(line.status, 200);
  assert.equal(line.headers.get('content-type'), 'text/plain; charset=utf-8');
  const text = await line.text();
  assert.match(text, /^Czary: to jest usługa stołów na żywo .*\nCzary: this is a live table service .*\n$/);
  assert.equal((await fetch(`${base}/table`, { method: 'HEAD' })).status, 200);
  assert.equal((await fetch(`${base}/table`, { method: 'POST', body: 'x' })).status, 405);
  for (const other of ['/', '/index.html', '/table/', '/tables', '/czary/table']) assert.equal((await fetch(`${base}${other}`)).status, 404, other);
  for (const [name, request] of CRASHERS) {
    const status = statusOf(await raw(service.port, request));
    assert.ok(status >= 400 && status < 500, `${name}: ${status}`);
  }
  assert.equal(service.child.exitCode, null, 'it goes on');
  assert.equal((await fetch(`${base}/table`)).status, 200);
  assert.doesNotMatch(service.out() + service.err(), /\n\s+at /, 'no stack trace');
  // Stopped (systemd's SIGTERM): exit 0, its lock on the tables folder let go.
  assert.ok(fs.existsSync(path.join(tables, 'host.lock')));
  service.child.kill('SIGTERM');
  assert.equal(await service.exited, 0);
  assert.equal(fs.existsSync(path.join(tables, 'host.lock')), false);
});

test('an error nobody caught stops it with one line in each language and status 70, for systemd to start it again', async () => {
  const thrower = 'data:text/javascript,setTimeout(() => { throw new Error(\'boom in the glue\'); }, 300);';
  const service = await startService(['--port=0', `--tables=${tmpdir()}`], ['--import', thrower]);
  assert.equal(await service.exited, 70);
  assert.equal(service.err(), 'Czary table service stopped: boom in the glue\nUsługa stołów Czarów zatrzymała się: boom in the glue\n');
});

test('through Caddy over TLS: the line at https://…/table, 404 elsewhere, and no connection without Caddy\'s CA', { skip: NO_CADDY ?? false }, async () => {
  const answer = await httpsGet(`${tls.serviceOrigin}/table`, tls.ca);
  assert.equal(answer.status, 200);
  assert.match(answer.body, /Czary: this is a live table service/);
  assert.equal((await httpsGet(`${tls.serviceOrigin}/elsewhere`, tls.ca)).status, 404);
  assert.match(String(await upgradeStatus(tls.serviceUrl, { family: 4 })), /CERT|certificate|SELF_SIGNED/i, 'a CA the client does not trust');
});

test('through Caddy over wss://: a table opened and joined from a second phone, steps taken, both copies the same', { skip: NO_CADDY ?? false }, async () => {
  const options = { ca: tls.ca, family: 4 };
  const ania = new Phone({ url: tls.serviceUrl, core, player: 'Ania', wsOptions: options });
  const bartek = new Phone({ url: tls.serviceUrl, core, player: 'Bartek', wsOptions: options });
  const id = await ania.open(fightSession());
  assert.equal(await bartek.join(id), id);
  const actions = [
    [ania, { type: 'cast', caster: 'c1', spell: 'blyskawica', targets: ['m5'], dice: [4, 3] }],
    [bartek, { type: 'wound', figure: 'm6', amount: 1 }],
    [ania, { type: 'roll_dice', code: '2K6', purpose: 'tray' }],
    [bartek, { type: 'next_phase' }],
  ];
  const steps = [...actions.map(([phone, action]) => () => phone.act(action)), () => bartek.undo(), () => ania.redo()];
  for (const take of steps) {
    const answer = await take();
    assert.equal(answer.t, 'step', JSON.stringify(answer));
    // Each phone has it before the next acts (a step prepared at an older version is refused as stale).
    await waitFor(() => ania.version === answer.version && bartek.version === answer.version, `both phones at version ${answer.version}`);
  }
  assert.equal(ania.version, 6);
  assert.deepEqual(bartek.file(), ania.file());
  assert.equal(ania.file().actions.at(-1).type, 'next_phase', 'undone and redone');
  assert.deepEqual(ania.events.filter((m) => m.t === 'phones').at(-1)?.players, ['Ania', 'Bartek']);
  ania.close();
  bartek.close();
});

test('through Caddy: a page of another site gets no table; the app\'s origin (--allow-origin) and the service\'s own do', { skip: NO_CADDY ?? false }, async () => {
  const through = (origin) => upgradeStatus(tls.serviceUrl, { ca: tls.ca, family: 4, headers: { Origin: origin } });
  assert.equal(await through('https://evil.example'), 403);
  assert.equal(await through('http://czary.example.org'), 403, 'the app\'s host over http is another origin');
  assert.equal(await through(APP_ORIGIN), 101);
  assert.equal(await through(tls.serviceOrigin), 101);
  // A phone of the hostile page is refused before any frame: no table.
  const hostile = new Phone({ url: tls.serviceUrl, core, player: 'Zły', wsOptions: { ca: tls.ca, family: 4, headers: { Origin: 'https://evil.example' } } });
  await assert.rejects(hostile.open(fightSession()), /Unexpected server response: 403/);
});

test('through Caddy: the limits per address use the X-Forwarded-For Caddy adds, which a client cannot forge', { skip: NO_CADDY ?? false }, async () => {
  // Every connection reaches the service from Caddy (127.0.0.1); each group of phones here comes to
  // Caddy from a loopback address of its own, as phones from their own networks do.
  const options = { ca: tls.ca, family: 4 };
  const from = (localAddress, headers = {}) => new Phone({ url: tls.serviceUrl, core, player: `Gracz ${localAddress}`, localAddress, wsOptions: { ...options, headers } });
  const phones = [];
  const open = async (phone) => {
    phones.push(phone);
    return phone.open(fightSession());
  };
  // Ten new tables a minute from one address (docs/table-protocol.md "Limits")...
  for (let n = 0; n < 10; n += 1) await open(from('127.0.0.2'));
  const refused = (error) => error.reason?.code === 'too_many_tables';
  await assert.rejects(open(from('127.0.0.2')), refused);
  // ... and a header of the client's own naming another address changes nothing: Caddy's entry is last.
  await assert.rejects(open(from('127.0.0.2', { 'X-Forwarded-For': '127.0.0.9' })), refused);
  // Another address opens its own, though all of them reach the service from Caddy's one address.
  assert.match(await open(from('127.0.0.3')), /^[0-9a-f]{32}$/);
  for (const phone of phones) phone.close();
});
