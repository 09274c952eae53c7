// Issue 17, "Try it on the phones tonight": `scripts/serve.sh --lan` (which hands its arguments to
// scripts/static-server.mjs) listens on every interface and prints each LAN address's URL with a
// QR code and why offline install needs HTTPS; without the flag it stays on loopback. Only
// loopback addresses are used: --addresses stands in for the machine's LAN addresses, and
// 127.0.0.2 (loopback too) is reachable only when the server listens on every interface.
// Needs no build: the site is a stand-in folder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serveUntil } from './child.mjs';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/static-server.mjs');
const SERVE_SH = path.resolve(path.dirname(SERVER), 'serve.sh');
let site;
const running = [];
before(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-lan-'));
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Czary</title>stand-in');
});
after(() => {
  for (const child of running) child.kill('SIGTERM');
  fs.rmSync(site, { recursive: true, force: true });
});

// Starts the server and returns once it has printed everything it prints at start (the Polish
// half of the HTTPS notice ends it with --lan, the first line without).
function serve(args, env = process.env, command = [process.execPath, SERVER, site]) {
  return serveUntil([...command, ...args], { env, running, ready: (out) => {
    const listening = out.match(/listening on ([\d.]+):(\d+)/);
    const done = args.includes('--lan') ? /\(README: "Put Czary on your phones"\)\.\n/.test(out.split('Praca bez sieci')[1] ?? '') : listening;
    return listening && done ? { host: listening[1], port: Number(listening[2]) } : null;
  } });
}

const get = async (url) => (await fetch(url)).text();
const reachable = (host, port) => new Promise((resolve) => {
  const socket = net.connect({ host, port }, () => { socket.destroy(); resolve(true); });
  socket.on('error', () => resolve(false));
});
const QR_LINE = /^(\x1b\[[\d;]*m)?[█▀▄ ]{21,}(\x1b\[0m)?$/;
const hasQrencode = spawnSync('qrencode', ['-V']).error === undefined;

test('without --lan the server listens on loopback only and prints no LAN address', async () => {
  const { out, host, port } = await serve(['0']);
  assert.equal(host, '127.0.0.1');
  assert.match(await get(`http://127.0.0.1:${port}/`), /stand-in/);
  assert.equal(await reachable('127.0.0.2', port), false, 'not reachable at another address');
  assert.doesNotMatch(out, /Wi-Fi|HTTPS/);
  assert.equal(out.split('\n').filter((l) => QR_LINE.test(l)).length, 0);
});

test('--lan listens on every interface and prints a URL, a QR code and the HTTPS notice for each address', async (t) => {
  const { out, host, port } = await serve(['--lan', '0', '--addresses=127.0.0.2,127.0.0.3']);
  assert.equal(host, '0.0.0.0');
  const urls = [...out.matchAll(/Wi-Fi: (http:\S+)/g)].map((m) => m[1]);
  assert.deepEqual(urls, [`http://127.0.0.2:${port}/`, `http://127.0.0.3:${port}/`]);
  for (const url of urls) assert.match(await get(url), /stand-in/, `${url} answers`);
  assert.match(out, /Offline use needs HTTPS: browsers do not run service workers on a plain http:\/\/ LAN address/);
  assert.match(out, /Praca bez sieci wymaga HTTPS: przeglądarki nie uruchamiają service workera/);
  // A QR block after each URL (qrencode -t ANSIUTF8), when qrencode is installed (setup.sh does).
  const blocks = out.split(/Wi-Fi: http:\S+\n/).slice(1).map((part) => part.split('\n').filter((l) => QR_LINE.test(l)).length);
  if (hasQrencode) {
    assert.equal(blocks.length, 2);
    for (const lines of blocks) assert.ok(lines >= 15, `a QR code of ${lines} lines`);
    const expected = spawnSync('qrencode', ['-t', 'ANSIUTF8', urls[0]], { encoding: 'utf8' }).stdout.trimEnd();
    assert.ok(out.includes(expected), 'the QR code is of the printed URL');
  } else {
    t.skip('qrencode is not installed: the QR codes are not checked');
  }
});

test('--lan without qrencode says how to get the QR code', async () => {
  const { out } = await serve(['0', '--lan', '--addresses=127.0.0.2'], { ...process.env, PATH: '/nonexistent' });
  assert.match(out, /Wi-Fi: http:\/\/127\.0\.0\.2:\d+\/\n\(no QR code: qrencode is not installed; scripts\/setup\.sh installs it\)/);
});

test('--lan keeps the port argument', async () => {
  const free = await new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => { const { port } = probe.address(); probe.close(() => resolve(port)); });
  });
  const { host, port, out } = await serve(['--lan', String(free), '--addresses=127.0.0.2']);
  assert.equal(host, '0.0.0.0');
  assert.equal(port, free);
  assert.match(out, new RegExp(`Wi-Fi: http://127\\.0\\.0\\.2:${free}/`));
});

// scripts/serve.sh itself, in a copy of the scripts folder whose set-up and build do nothing.
test('serve.sh --lan PORT: the flag and the port reach the server', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-serve-'));
  try {
    const scripts = path.join(root, 'scripts');
    fs.mkdirSync(scripts);
    for (const name of ['serve.sh', 'keep-serving.sh', 'env.sh', 'static-server.mjs', 'precompress.mjs']) fs.copyFileSync(path.join(path.dirname(SERVER), name), path.join(scripts, name));
    for (const name of ['setup.sh', 'build-web.sh']) fs.writeFileSync(path.join(scripts, name), 'exit 0\n');
    fs.symlinkSync(path.join(path.dirname(SERVER), '../src'), path.join(root, 'src'));  // the table host
    const dist = path.join(root, 'build/wasm/dist');
    fs.cpSync(site, dist, { recursive: true });
    const env = { ...process.env, CZARY_BUILD: path.join(root, 'build') };
    const lan = await serve(['--lan', '0', '--addresses=127.0.0.2'], env, ['bash', path.join(scripts, 'serve.sh')]);
    assert.equal(lan.host, '0.0.0.0');
    assert.match(await get(`http://127.0.0.2:${lan.port}/`), /stand-in/);
    // No table core was built in this copy: the site is served all the same, and the terminal says
    // why there are no live tables.
    assert.match(lan.out, /Live tables are off: .*czary-table-core/);
    assert.match(lan.out, /Stoły na żywo są wyłączone/);
    const local = await serve(['0'], env, ['bash', path.join(scripts, 'serve.sh')]);
    assert.equal(local.host, '127.0.0.1');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

// The raw answer to a GET with the given Accept-Encoding: status, headers and the bytes as sent.
const fetchRaw = (url, acceptEncoding) => new Promise((resolve, reject) => {
  http.get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
    const chunks = [];
    response.on('data', (chunk) => chunks.push(chunk));
    response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
  }).on('error', reject);
});

// serve.sh serves the build's dist/, which has no .gz copies: a phone joining a live table still
// gets the site gzipped (1.3 MB of wasm would be about 0.5 MB), the file as it is now.
test('the server run by serve.sh gzips a file with no copy beside it for a browser that takes gzip, and follows its changes', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-gzip-'));
  try {
    fs.cpSync(site, folder, { recursive: true });
    const script = path.join(folder, 'app.js');
    fs.writeFileSync(script, 'const czary = 1;\n'.repeat(2000));
    const { port } = await serve(['0'], process.env, [process.execPath, SERVER, folder]);
    const url = `http://127.0.0.1:${port}/app.js`;
    const gz = await fetchRaw(url, 'gzip, deflate');
    assert.equal(gz.status, 200);
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(Number(gz.headers['content-length']), gz.body.length);
    assert.ok(gz.body.length < 1000, `${gz.body.length} bytes sent for 34,000`);
    assert.deepEqual(zlib.gunzipSync(gz.body), fs.readFileSync(script));
    assert.match(gz.headers.etag, /-gzip"$/);
    assert.match(gz.headers.vary, /Accept-Encoding/);
    // Not to a browser that takes no gzip.
    const plain = await fetchRaw(url, 'identity');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.deepEqual(plain.body, fs.readFileSync(script));
    // The file changed: its new content, gzipped again.
    fs.writeFileSync(script, 'const table = 2;\n'.repeat(1000));
    fs.utimesSync(script, new Date(), new Date(Date.now() + 5000));
    assert.deepEqual(zlib.gunzipSync((await fetchRaw(url, 'gzip')).body), fs.readFileSync(script));
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('a wrong argument is refused with the usage', () => {
  const run = spawnSync(process.execPath, [SERVER, site, '--lna'], { encoding: 'utf8' });
  assert.equal(run.status, 2);
  assert.match(run.stderr, /usage: .*--lan/);
});
