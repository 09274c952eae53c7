// Figures, not a test (scripts/bench.sh calls it): live tables under load, twice.
// 1. On loopback: a host process (scripts/static-server.mjs with its table host, as serve.sh runs
//    it), phones over ws://.
// 2. Through Caddy's TLS, as the table service runs on a server (docs/deploy.md): the service
//    (src/host/host.mjs --trust-proxy) on loopback behind Caddy with its own local CA
//    (tests/tls/caddy.mjs), phones over wss:// trusting that CA. Skipped, saying so, without Caddy.
// Each time TABLES tables of PHONES phones (Node clients, tests/host/phone.mjs, each with its own
// copy in the rules core); at every table one phone after another sends an action from a fight's
// evening every 50-150 ms, for SECONDS seconds. Prints the time from sending an action to every
// phone of its table having it (p50, p99, max), the steps taken, the host's CPU time (and Caddy's)
// and its peak memory.
// Usage: node scripts/bench-tables.mjs CORE_DIR [TABLES=50] [PHONES=6] [SECONDS=60] [--loopback|--tls (one of the two only)]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadTableCore } from '../src/host/table-host.mjs';
import { Phone, fightSession, randomMove, seeded } from '../tests/host/phone.mjs';
import { caddyMissing, startTlsTable } from '../tests/tls/caddy.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const [coreDir, tablesArg = '50', phonesArg = '6', secondsArg = '60'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!coreDir || !fs.existsSync(path.join(coreDir, 'czary-table-core.wasm')) || flags.some((f) => f !== '--loopback' && f !== '--tls') || flags.length > 1) {
  console.error('usage: node scripts/bench-tables.mjs CORE_DIR [TABLES] [PHONES] [SECONDS] [--loopback|--tls]  (CORE_DIR: build/wasm/host)');
  process.exit(2);
}
const [tableCount, phoneCount, seconds] = [tablesArg, phonesArg, secondsArg].map(Number);

// A process's CPU time (user + system, s) and peak resident memory (MB), from /proc.
function usage(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  const peak = Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  return { cpu: ticks / 100, peak };
}

// Phones on this side share one core (a table's copy per phone); the host has its own process.
const core = await loadTableCore(coreDir);

// TABLES tables of PHONES phones at `url` play for SECONDS; `pids` name the processes whose CPU
// time is counted ({ host, caddy }). Returns the figures.
async function measure({ url, wsOptions = {}, pids }) {
  const tables = [];
  for (let t = 0; t < tableCount; t += 1) {
    // Each table's phones from a loopback address of their own, as groups at their own tables are:
    // the host opens at most 10 tables a minute for one address (behind Caddy, the address Caddy
    // forwards in X-Forwarded-For).
    const localAddress = `127.0.${1 + Math.floor(t / 250)}.${1 + (t % 250)}`;
    const phones = Array.from({ length: phoneCount }, (_, i) => new Phone({ url, core, player: `Gracz ${i + 1}`, localAddress, wsOptions }));
    const id = await phones[0].open(fightSession(t + 1));
    for (const phone of phones.slice(1)) await phone.join(id);
    tables.push({ id, phones });
  }
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, usage(pid)]));
  const started = Date.now();
  const latencies = [];
  let steps = 0, refused = 0;

  async function play(table, index) {
    const random = seeded(1000 + index);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50 + random() * 100));
    let turn = 0;
    while (Date.now() - started < seconds * 1000) {
      await pause();
      const phone = table.phones[turn++ % table.phones.length];
      const [t, action] = randomMove(random);
      const sent = performance.now();
      const answer = await phone.send(t, action);
      if (answer.t !== 'step') {
        refused += 1;
        continue;
      }
      // Every phone of the table has it: the last one's arrival.
      await Promise.all(table.phones.map((p) => (p.version >= answer.version ? null : p.until((m) => m.t === 'step' && m.version === answer.version))));
      latencies.push(performance.now() - sent);
      steps += 1;
    }
  }
  await Promise.all(tables.map(play));
  const elapsed = (Date.now() - started) / 1000;
  const after = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, usage(pid)]));

  // Every phone's copy is the table's: checked at the end against the first phone of each table.
  let differ = 0;
  for (const table of tables) {
    const first = JSON.stringify(table.phones[0].file());
    for (const phone of table.phones.slice(1)) if (JSON.stringify(phone.file()) !== first) differ += 1;
    for (const phone of table.phones) {
      phone.close();
      if (phone.handle !== null) core.close(phone.handle);
    }
  }
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const cpu = Object.fromEntries(Object.keys(pids).map((name) => [name, after[name].cpu - before[name].cpu]));
  return { elapsed, steps, refused, p50: at(0.5), p99: at(0.99), max: latencies.at(-1), cpu, peak: after.host.peak, differ };
}

function print(title, r, extra = '') {
  const share = (s) => `${s.toFixed(1)} s (${(100 * s / r.elapsed).toFixed(0)}% of one core)`;
  console.log(`${title} for ${r.elapsed.toFixed(0)} s: ${r.steps} steps (${(r.steps / r.elapsed).toFixed(0)}/s), ${r.refused} refused by the rules`);
  console.log(`  send -> every phone of the table has it: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max?.toFixed(1)} ms` +
    `  (aim: p99 <= 100 ms${r.p99 <= 100 ? '' : ': MISSED'})`);
  console.log(`  host: CPU ${share(r.cpu.host)} in ${r.elapsed.toFixed(0)} s, peak memory ${r.peak.toFixed(0)} MB${extra}`);
  console.log(`  phones whose copy differs from their table's first phone: ${r.differ}${r.differ ? ': WRONG' : ''}`);
}

let wrong = 0;
if (flags[0] !== '--tls') {
  // 1. The host as serve.sh runs it, on loopback.
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-bench-site-'));
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html>');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-bench-tables-'));
  const host = spawn(process.execPath, [path.join(ROOT, 'scripts/static-server.mjs'), site, '0', `--table-core=${coreDir}`, `--tables=${dataDir}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    host.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on 127\.0\.0\.1:(\d+)/);
      if (m && /Stół na żywo/.test(out)) resolve(Number(m[1]));
    });
    host.on('exit', (code) => reject(new Error(`the host exited (${code}): ${out}`)));
  });
  const result = await measure({ url: `ws://127.0.0.1:${port}/table`, pids: { host: host.pid } });
  host.removeAllListeners('exit');
  host.kill('SIGTERM');
  fs.rmSync(site, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  print(`live tables: ${tableCount} tables x ${phoneCount} phones on loopback`, result);
  wrong += result.differ;
}
if (flags[0] !== '--loopback') {
  // 2. The table service behind Caddy's TLS, as on a server.
  const missing = caddyMissing();
  if (missing) {
    console.log(`live tables through Caddy's TLS: not measured: ${missing}`);
  } else {
    const tls = await startTlsTable({ coreDir });
    try {
      const result = await measure({ url: tls.serviceUrl, wsOptions: { ca: tls.ca, family: 4 }, pids: { host: tls.service.child.pid, caddy: tls.caddy.child.pid } });
      const share = (s) => `${s.toFixed(1)} s (${(100 * s / result.elapsed).toFixed(0)}% of one core)`;
      print(`live tables through Caddy's TLS: ${tableCount} tables x ${phoneCount} phones over wss:// (host.mjs --trust-proxy behind Caddy)`,
        result, `; Caddy: CPU ${share(result.cpu.caddy)}`);
      wrong += result.differ;
    } finally {
      await tls.close();
    }
  }
}
process.exit(wrong ? 1 : 0);
