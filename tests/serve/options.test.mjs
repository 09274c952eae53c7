// Issue 47: scripts/static-server.mjs hands --allow-origin=ORIGIN (repeatable) and --table-days=N
// to the table host as `allowOrigins` and `tableDays`, refuses malformed ones with the usage, and
// an Error thrown by the host's start-up turns live tables off in one line of each language while
// the site is served all the same.
// Needs no build: the table host is replaced by a stand-in (a module resolve hook given to node
// with --import) that prints the options it was given, and throws when told to.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveUntil } from './child.mjs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/static-server.mjs');
let folder, site, register;
const running = [];
before(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-options-'));
  site = path.join(folder, 'site');
  fs.mkdirSync(site);
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Czary</title>stand-in');
  const stub = path.join(folder, 'table-host-stand-in.mjs');
  fs.writeFileSync(stub, `
    export async function startTableHost({ server, log, ...options }) {
      console.log('stand-in host: ' + JSON.stringify(options));
      if (process.env.CZARY_STAND_IN_THROWS) throw new Error(process.env.CZARY_STAND_IN_THROWS);
      return { tables: new Map([['a', 1], ['b', 2]]) };
    }`);
  const hooks = path.join(folder, 'hooks.mjs');
  fs.writeFileSync(hooks, `
    export async function resolve(specifier, context, next) {
      if (specifier.endsWith('/src/host/table-host.mjs')) return { url: ${JSON.stringify(pathToFileURL(stub).href)}, shortCircuit: true };
      return next(specifier, context);
    }`);
  register = path.join(folder, 'register.mjs');
  fs.writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
});
after(() => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  fs.rmSync(folder, { recursive: true, force: true });
});

// Starts the server with the stand-in host; resolves once it has said what became of live tables.
function serve(args, env = {}) {
  const argv = [process.execPath, '--import', pathToFileURL(register).href, SERVER, site, '0', '--table-core=/nowhere', `--tables=${folder}/tables`, ...args];
  return serveUntil(argv, { env: { ...process.env, ...env }, running, ready: (out) => {
    const port = out.match(/listening on [\d.]+:(\d+)/)?.[1];
    return port && /Live tables|Stoły na żywo są wyłączone: .*\n/.test(out) ? { port: Number(port) } : null;
  } });
}
const given = (out) => JSON.parse(out.match(/^stand-in host: (.*)$/m)[1]);

test('--allow-origin (repeated) and --table-days reach the table host as allowOrigins and tableDays', async () => {
  const { out } = await serve(['--allow-origin=https://Czary.Example.org/', '--table-days=7', '--allow-origin=http://192.168.1.5:8080']);
  assert.deepEqual(given(out), {
    dataDir: `${folder}/tables`, coreDir: '/nowhere', path: '/table',
    allowOrigins: ['https://czary.example.org', 'http://192.168.1.5:8080'], tableDays: 7,
  });
  assert.match(out, /\(2 open, kept in the tables folder\)/);
});

test('without them the host gets no origins and its own number of days', async () => {
  const { out } = await serve([]);
  assert.deepEqual(given(out), { dataDir: `${folder}/tables`, coreDir: '/nowhere', path: '/table', allowOrigins: [] });
});

test('an Error thrown by the host at start-up turns live tables off in one line of each language; the site is served', async () => {
  const why = 'another host keeps its tables in /srv/tables (pid 4242)';
  const { out, port } = await serve([], { CZARY_STAND_IN_THROWS: `${why}\nand a second line` });
  assert.match(out, new RegExp(`^Live tables are off: ${why.replace(/[()]/g, '\\$&')}\\\\u000aand a second line$`, 'm'));
  assert.match(out, /^Stoły na żywo są wyłączone: another host keeps its tables/m);
  assert.match(await (await fetch(`http://127.0.0.1:${port}/`)).text(), /stand-in/);
});

test('a malformed --allow-origin or --table-days is refused with the usage', () => {
  for (const wrong of ['--table-days=0', '--table-days=-3', '--table-days=1.5', '--table-days=', '--allow-origin=', '--allow-origin=ftp://x.org',
    '--allow-origin=https://x.org/czary/', '--allow-origin=czary.example.org']) {
    const run = spawnSync(process.execPath, [SERVER, site, '0', wrong], { encoding: 'utf8' });
    assert.equal(run.status, 2, wrong);
    assert.match(run.stderr, /usage: .*\n.*\n.*--allow-origin=ORIGIN .*\n.*--table-days=N/, wrong);
    assert.ok(run.stderr.trimEnd().endsWith(`(not understood: ${wrong})`), wrong);
  }
});
