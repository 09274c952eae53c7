// Issue 49: scripts/publish.sh --table-server=wss://… bakes the live tables' service into the
// published site (scripts/page-config.mjs): index.html's page-config block carries
// {"tableServer": …}, and the service worker is made again over the changed page, so that its build
// id is still the hash of the files it lists (scripts/make-service-worker.cmake) and a phone holding
// the copy before is offered an update. Anything but a wss:// address is refused before a build.
// Needs no build: a stand-in site made of web/index.html as the web build writes it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bakePageConfig, pageConfigOf, tableServerUrl } from '../../scripts/page-config.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BAKE = path.join(ROOT, 'scripts/page-config.mjs');
let work, page;
before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-publish-config-'));
  // The page as the web build writes it (src/web_app.cmake: web/index.html without its comments).
  const made = spawnSync('cmake', [`-DIN=${path.join(ROOT, 'web/index.html')}`, `-DOUT=${path.join(work, 'index.html')}`,
    '-P', path.join(ROOT, 'scripts/site-text.cmake')], { encoding: 'utf8' });
  assert.equal(made.status, 0, made.stderr);
  page = fs.readFileSync(path.join(work, 'index.html'), 'utf8');
});
after(() => fs.rmSync(work, { recursive: true, force: true }));

// A stand-in of the build's dist/: the page, a few files and the worker made over them.
function site(name) {
  const dir = path.join(work, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  fs.writeFileSync(path.join(dir, 'czary-app.js'), 'var Module;\n');
  fs.writeFileSync(path.join(dir, 'czary-app.wasm'), Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]));
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name": "Czary"}\n');
  const made = spawnSync('cmake', [`-DDIST=${dir}`, `-DTEMPLATE=${path.join(ROOT, 'web/pwa/sw.js.in')}`,
    '-P', path.join(ROOT, 'scripts/make-service-worker.cmake')], { encoding: 'utf8' });
  assert.equal(made.status, 0, made.stderr);
  return dir;
}

// The worker's build id and list of files, and the id the files of `dir` ought to give, computed
// here the way scripts/make-service-worker.cmake does: the hash of "name:sha256" lines, the page first.
function worker(dir) {
  const text = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  const sha = (name) => crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, name))).digest('hex');
  const names = fs.readdirSync(dir).filter((n) => n !== 'sw.js' && n !== 'index.html').sort();
  const lines = ['index.html', ...names].map((n) => `${n}:${sha(n)}\n`).join('');
  return {
    text,
    build: text.match(/const BUILD = '([0-9a-f]{16})';/)[1],
    files: text.match(/const FILES = (\[.*\]);/)[1],
    expected: crypto.createHash('sha256').update(lines).digest('hex').slice(0, 16),
  };
}

test('a table service is a wss:// address with a host, and an optional port and path; anything else is refused', () => {
  for (const [given, taken] of [
    ['wss://tables.example.org/table', 'wss://tables.example.org/table'],
    ['wss://Tables.Example.org:8443/czary/table', 'wss://tables.example.org:8443/czary/table'],
    ['wss://tables.example.org:443/table', 'wss://tables.example.org/table'],
    ['wss://tables.example.org', 'wss://tables.example.org/'],
    ['wss://203.0.113.7/table', 'wss://203.0.113.7/table'],
    ['wss://[2001:db8::5]:9000/table', 'wss://[2001:db8::5]:9000/table'],
  ]) assert.equal(tableServerUrl(given), taken, given);
  for (const wrong of ['', 'ws://tables.example.org/table', 'https://tables.example.org/table', 'wss:tables.example.org',
    'wss:///table', 'wss://', 'wss://user:secret@tables.example.org/table', 'wss://tables.example.org/table?x=1',
    'wss://tables.example.org/table#t', 'wss://tables.example.org:99999/table', 'wss://tables example.org/table',
    ' wss://tables.example.org/table', 'tables.example.org/table', 'wss://tables.example.org\\table', undefined]) {
    assert.throws(() => tableServerUrl(wrong), /is not a table service's address: give wss:\/\/HOST/, String(wrong));
  }
});

test('the page as the web build writes it has one page-config block; the table service goes into it, escaped for a script element', () => {
  assert.deepEqual(pageConfigOf(page), {}, 'web/index.html: the block is there, empty');
  const baked = bakePageConfig(page, { tableServer: 'wss://tables.example.org/table' });
  assert.deepEqual(pageConfigOf(baked), { tableServer: 'wss://tables.example.org/table' });
  assert.match(baked, /<script type="application\/json" id="page-config">\{"tableServer":"wss:\/\/tables\.example\.org\/table"\}<\/script>/);
  assert.equal(baked.replace(/id="page-config">[^<]*/, ''), page.replace(/id="page-config">[^<]*/, ''), 'nothing else changes');
  // Baked again: replaced, not added to. No text can end the element early.
  const hostile = bakePageConfig(baked, { tableServer: '</script><script>alert(1)</script>' });
  assert.equal(pageConfigOf(hostile).tableServer, '</script><script>alert(1)</script>');
  assert.equal(hostile.split('</script>').length, page.split('</script>').length);
  assert.throws(() => bakePageConfig('<!doctype html><p>no block</p>', { tableServer: 'wss://x/' }), /0 page-config blocks/);
  const twice = page.replace('</body>', '<script type="application/json" id="page-config">{}</script></body>');
  assert.throws(() => bakePageConfig(twice, { tableServer: 'wss://x/' }), /2 page-config blocks/);
});

test('baked into a site: index.html carries the service, and the service worker is made again over it', () => {
  const dir = site('baked');
  const before = worker(dir);
  assert.equal(before.build, before.expected, 'the stand-in\'s worker, as the build makes it');
  const run = spawnSync(process.execPath, [BAKE, '--table-server=wss://tables.example.org/table', dir], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /table service is wss:\/\/tables\.example\.org\/table/);
  assert.deepEqual(pageConfigOf(fs.readFileSync(path.join(dir, 'index.html'), 'utf8')), { tableServer: 'wss://tables.example.org/table' });
  const after = worker(dir);
  assert.equal(after.build, after.expected, 'the worker\'s build id is the hash of the files as published');
  assert.notEqual(after.build, before.build, 'a new page is a new build: phones are offered the update');
  assert.equal(after.files, before.files, 'the same files are kept');
  assert.equal(after.text.replace(after.build, ''), before.text.replace(before.build, ''), 'the worker differs in its build id only');
  assert.deepEqual(fs.readdirSync(dir).sort(), ['czary-app.js', 'czary-app.wasm', 'index.html', 'manifest.webmanifest', 'sw.js']);
});

test('a wrong address changes nothing and exits 2, from page-config.mjs and from publish.sh before it builds', () => {
  const dir = site('untouched');
  const before = fs.readFileSync(path.join(dir, 'index.html'), 'utf8') + fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  const run = spawnSync(process.execPath, [BAKE, '--table-server=ws://tables.example.org/table', dir], { encoding: 'utf8' });
  assert.equal(run.status, 2);
  assert.match(run.stderr, /^publish: --table-server: 'ws:\/\/tables\.example\.org\/table' is not a table service's address/);
  assert.equal(fs.readFileSync(path.join(dir, 'index.html'), 'utf8') + fs.readFileSync(path.join(dir, 'sw.js'), 'utf8'), before);
  const out = path.join(work, 'never-made');
  for (const args of [[out, '--table-server=https://tables.example.org/table'], [out, '--table-server='], [out, '--no-such-option'],
    [out, path.join(work, 'second')], [out, `--service-dir=${path.join(out, 'table-service')}`]]) {
    const publish = spawnSync('bash', [path.join(ROOT, 'scripts/publish.sh'), ...args], { encoding: 'utf8', env: { ...process.env, CZARY_BUILD: path.join(work, 'build') } });
    assert.equal(publish.status, 2, `${args.join(' ')}: ${publish.stderr}`);
    assert.match(publish.stderr, /^(usage: scripts\/publish\.sh|publish: )/);
    assert.equal(fs.existsSync(out) || fs.existsSync(path.join(work, 'build')), false, 'nothing was built or written');
  }
});
