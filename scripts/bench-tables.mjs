// Figures, not a test (scripts/bench.sh calls it): live tables under load. A host process
// (scripts/static-server.mjs with its table host) on loopback, TABLES tables of PHONES phones each
// (Node clients, tests/host/phone.mjs, each with its own copy in the rules core); at every table one
// phone after another sends an action from a fight's evening every 50-150 ms, for SECONDS seconds.
// Prints the time from sending an action to every phone of its table having it (p50, p99, max),
// the steps taken, the host's CPU time and its peak memory.
// Usage: node scripts/bench-tables.mjs CORE_DIR [TABLES=50] [PHONES=6] [SECONDS=60]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadTableCore } from '../src/host/table-host.mjs';
import { Phone, fightSession, randomMove, seeded } from '../tests/host/phone.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [coreDir, tablesArg = '50', phonesArg = '6', secondsArg = '60'] = process.argv.slice(2);
if (!coreDir || !fs.existsSync(path.join(coreDir, 'czary-table-core.wasm'))) {
  console.error('usage: node scripts/bench-tables.mjs CORE_DIR [TABLES] [PHONES] [SECONDS]  (CORE_DIR: build/wasm/host)');
  process.exit(2);
}
const [tableCount, phoneCount, seconds] = [tablesArg, phonesArg, secondsArg].map(Number);

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
const url = `ws://127.0.0.1:${port}/table`;

// The host's CPU time (user + system, s) and peak resident memory (MB), from /proc.
function hostUsage() {
  const stat = fs.readFileSync(`/proc/${host.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  const peak = Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${host.pid}/status`, 'utf8'))[1]) / 1024;
  return { cpu: ticks / 100, peak };
}

// Phones on this side share one core (a table's copy per phone); the host has its own process.
const core = await loadTableCore(coreDir);
const tables = [];
for (let t = 0; t < tableCount; t += 1) {
  // Each table's phones from a loopback address of their own, as groups at their own tables are:
  // the host opens at most 10 tables a minute for one address.
  const localAddress = `127.0.${1 + Math.floor(t / 250)}.${1 + (t % 250)}`;
  const phones = Array.from({ length: phoneCount }, (_, i) => new Phone({ url, core, player: `Gracz ${i + 1}`, localAddress }));
  const id = await phones[0].open(fightSession(t + 1));
  for (const phone of phones.slice(1)) await phone.join(id);
  tables.push({ id, phones });
}
const before = hostUsage();
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
const after = hostUsage();

// Every phone's copy is the table's: checked at the end against the first phone of each table.
let differ = 0;
for (const table of tables) {
  const first = JSON.stringify(table.phones[0].file());
  for (const phone of table.phones.slice(1)) if (JSON.stringify(phone.file()) !== first) differ += 1;
  for (const phone of table.phones) phone.close();
}
host.kill('SIGTERM');
fs.rmSync(site, { recursive: true, force: true });
fs.rmSync(dataDir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
const p99 = at(0.99);
console.log(`live tables: ${tableCount} tables x ${phoneCount} phones on loopback for ${elapsed.toFixed(0)} s: ${steps} steps (${(steps / elapsed).toFixed(0)}/s), ${refused} refused by the rules`);
console.log(`  send -> every phone of the table has it: p50 ${at(0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms` +
  `  (aim: p99 <= 100 ms${p99 <= 100 ? '' : ': MISSED'})`);
console.log(`  host: CPU ${(after.cpu - before.cpu).toFixed(1)} s in ${elapsed.toFixed(0)} s (${(100 * (after.cpu - before.cpu) / elapsed).toFixed(0)}% of one core), peak memory ${after.peak.toFixed(0)} MB`);
console.log(`  phones whose copy differs from their table's first phone: ${differ}${differ ? ': WRONG' : ''}`);
process.exit(differ ? 1 : 0);
