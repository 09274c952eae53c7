// Issue 47: scripts/serve.sh runs the static server through scripts/keep-serving.sh, which starts
// it again when it dies on its own (SIGKILL, an uncaught error: status 70) and says so in English
// and Polish, gives up after too many deaths in a row rather than spin, and stops for good on
// Ctrl-C, on SIGTERM, or when the server exits 0 or could not start.
// Needs no build: the site is a stand-in folder, and no table core is loaded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts');
const SERVER = path.join(SCRIPTS, 'static-server.mjs');
const KEEP = path.join(SCRIPTS, 'keep-serving.sh');
let site;
const running = [];
before(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-restart-'));
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Czary</title>stand-in');
});
after(() => {
  for (const run of running) {
    for (const pid of childrenOf(run.child.pid)) kill(pid, 'SIGKILL');
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
  }
  fs.rmSync(site, { recursive: true, force: true });
});

const kill = (pid, signal) => { try { process.kill(pid, signal); } catch { /* gone already */ } };
const exists = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
// The processes whose parent is `pid`, read from /proc (no procps needed on a fresh machine).
const childrenOf = (pid) => fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((name) => {
  try {
    return Number(fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid;
  } catch {
    return false;  // gone meanwhile
  }
}).map(Number);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// keep-serving.sh running `command`, in a process group of its own (so that a Ctrl-C can be sent
// to the group, as a terminal does). `until(pattern)` waits for its output (stdout and stderr
// together) to match; `exited` is its status.
function keep(command, env = {}) {
  const child = spawn('bash', [KEEP, ...command], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const run = { child, text: '' };
  running.push(run);
  const waiting = new Set();
  const heard = (chunk) => { run.text += chunk; for (const check of waiting) check(); };
  child.stdout.on('data', heard);
  child.stderr.on('data', heard);
  run.exited = new Promise((resolve) => child.on('exit', (code, signal) => { for (const check of waiting) check(); resolve(code ?? signal); }));
  run.until = (pattern, ms = 15000) => new Promise((resolve, reject) => {
    const timer = setTimeout(() => { waiting.delete(check); reject(new Error(`no ${pattern} in ${ms} ms: ${run.text}`)); }, ms);
    const check = () => {
      const match = run.text.match(pattern);
      if (match) { clearTimeout(timer); waiting.delete(check); resolve(match); }
    };
    waiting.add(check);
    check();
  });
  return run;
}
const ports = (text) => [...text.matchAll(/listening on [\d.]+:(\d+)/g)].map((m) => Number(m[1]));
const page = async (port) => (await fetch(`http://127.0.0.1:${port}/`)).text();
const gone = async (pid) => {
  for (let i = 0; i < 50 && exists(pid); i += 1) await sleep(100);
  return !exists(pid);
};

test('the server SIGKILLed is started again and says so in both languages; SIGTERM stops everything', async () => {
  const run = keep(['node', SERVER, site, '0']);
  await run.until(/listening on/);
  const [first] = childrenOf(run.child.pid);
  assert.ok(first, 'the server runs under the wrapper');
  assert.match(await page(ports(run.text)[0]), /stand-in/);
  process.kill(first, 'SIGKILL');
  await run.until(/Czary server restarted \(it had died: killed by signal KILL; restart 1\)\.\n/);
  await run.until(/Serwer Czarów uruchomiony ponownie \(zatrzymał się: zabity sygnałem KILL; ponowne uruchomienie nr 1\)\.\n/);
  await run.until(/listening on[^]*listening on/);
  const [second] = childrenOf(run.child.pid);
  assert.ok(second && second !== first, 'a new server');
  assert.match(await page(ports(run.text)[1]), /stand-in/, 'the new server answers');
  // Again: each restart is counted.
  process.kill(second, 'SIGKILL');
  await run.until(/restart 2\)/);
  await run.until(/(listening on[^]*){3}/);
  const [third] = childrenOf(run.child.pid);
  assert.match(await page(ports(run.text)[2]), /stand-in/);
  run.child.kill('SIGTERM');
  assert.equal(await run.exited, 0);
  assert.ok(await gone(third), 'the server stopped with it');
  assert.equal(run.text.match(/restarted/g).length, 2, 'never started again after SIGTERM');
});

test('Ctrl-C (SIGINT to the terminal\'s process group) stops the wrapper and the server for good', async () => {
  const run = keep(['node', SERVER, site, '0']);
  await run.until(/listening on/);
  const [server] = childrenOf(run.child.pid);
  process.kill(-run.child.pid, 'SIGINT');
  assert.equal(await run.exited, 0);
  assert.ok(await gone(server));
  assert.doesNotMatch(run.text, /restarted|ponownie/);
});

test('the server stopped by someone else (SIGTERM to it, exit 0) is not started again', async () => {
  const run = keep(['node', SERVER, site, '0']);
  await run.until(/listening on/);
  process.kill(childrenOf(run.child.pid)[0], 'SIGTERM');
  assert.equal(await run.exited, 0);
  assert.doesNotMatch(run.text, /restarted|ponownie/);
});

test('a server that cannot start (a wrong argument: status 2) is not started again', async () => {
  const run = keep(['node', SERVER, site, '0', '--lna']);
  assert.equal(await run.exited, 2);
  assert.equal(run.text.match(/usage:/g).length, 1);
  assert.doesNotMatch(run.text, /restarted/);
});

// An uncaught error (thrown here by a module given to node with --import, once the server runs):
// the server's one line in each language and status 70, then a restart; when it keeps dying the
// wrapper gives up and says so (3 deaths within a minute here, 5 in serve.sh).
test('a server that keeps dying of an uncaught error is restarted, then given up on, in both languages', async () => {
  const thrower = `data:text/javascript,setTimeout(() => { throw new Error('boom'); }, 200);`;
  const run = keep(['node', '--import', thrower, SERVER, site, '0'],
    { CZARY_RESTART_DELAY: '0.2', CZARY_RESTART_DEATHS: '3', CZARY_RESTART_WINDOW: '60' });
  assert.equal(await run.exited, 1);
  assert.equal(run.text.match(/^Czary server stopped: boom$/gm).length, 3);
  assert.equal(run.text.match(/^Serwer Czarów zatrzymał się: boom$/gm).length, 3);
  assert.equal(run.text.match(/^Czary server restarted \(it had died: exit status 70; restart \d\)\.$/gm).length, 2);
  assert.match(run.text, /^Czary server died 3 times within 60 s \(exit status 70 the last time\); not starting it again\.$/m);
  assert.match(run.text, /^Serwer Czarów zatrzymał się 3 razy w ciągu 60 s \(ostatnio: kod wyjścia 70\); nie uruchamiam go ponownie\.$/m);
  assert.doesNotMatch(run.text, /\n\s+at /, 'no stack trace');
});

test('deaths further apart than the window do not add up', async () => {
  // Two deaths allowed within 1 s, and the command dies every 1.5 s: it is restarted each time.
  const run = keep(['bash', '-c', 'sleep 1.3; exit 9'], { CZARY_RESTART_DELAY: '0.2', CZARY_RESTART_DEATHS: '2', CZARY_RESTART_WINDOW: '1' });
  await run.until(/restart 3\)/, 20000);
  assert.doesNotMatch(run.text, /not starting it again/);
  assert.match(run.text, /it had died: exit status 9;/);
  run.child.kill('SIGTERM');
  assert.equal(await run.exited, 0);
});
