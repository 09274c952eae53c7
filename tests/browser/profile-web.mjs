// Where the benchmark's browser time goes (a profile, not a guess; docs/benchmark.md): the scripted
// fight of tests/browser/bench-web.mjs, and then imports of a session, each under Chromium's CPU
// profiler, in the same headless Chromium. Run through scripts/profile-web.sh, which gives it a copy
// of the site whose wasm keeps its functions' names (czary-app-names, --profiling-funcs).
// Prints, for the fight and for the imports: the frames' median time, and the functions with the
// most time of their own and the most time with what they call (C++ names through c++filt).
// "(program)" is the browser's own work outside any script: waiting for the next frame, and V8
// compiling the wasm's functions as they are first called.
// Usage: node profile-web.mjs <site with names> [session.json] [top N]
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/static-server.mjs';
import { czaryFight, instrument, replayAndSave } from './bench-scenes.mjs';

const [site, sessionFile, topArg] = process.argv.slice(2);
const TOP = Number(topArg ?? 25);
const IMPORTS = 3;  // as the benchmark: right after the fight, V8 optimising as it goes

// Milliseconds by function: its own samples, and every sample with it on the stack (once per sample).
function timesByFunction(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const own = new Map(), within = new Map();
  const add = (map, name, ms) => map.set(name, (map.get(name) ?? 0) + ms);
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const name = nodes.get(id).callFrame.functionName || '(anonymous)';
    if (name === '(idle)') return;
    busy += ms;
    add(own, name, ms);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const caller = nodes.get(at).callFrame.functionName || '(anonymous)';
      if (!seen.has(caller)) add(within, caller, ms);
      seen.add(caller);
    }
  });
  return { busy, own, within };
}

// C++ names as written: c++filt where Debian's binutils has it, the mangled name otherwise.
function demangled(names) {
  const result = spawnSync('c++filt', { input: names.join('\n'), encoding: 'utf8' });
  return result.status === 0 ? result.stdout.split('\n') : names;
}

function report(title, profile) {
  const { busy, own, within } = timesByFunction(profile);
  console.log(`\n== ${title}: ${busy.toFixed(0)} ms busy in the page`);
  for (const [heading, map] of [['time of its own', own], ['time with what it calls', within]]) {
    console.log(`-- ${heading}`);
    const top = [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP);
    const names = demangled(top.map(([name]) => name));
    top.forEach(([, ms], i) => console.log(`${ms.toFixed(1).padStart(9)} ms  ${names[i].slice(0, 160)}`));
  }
}

async function profiled(cdp, work) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });  // microseconds
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = await cdp.send('Profiler.stop');
  return { result, profile };
}

const browser = await chromium.launch({
  executablePath: process.env.CZARY_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--no-first-run'],
});
const server = await startServer(site);
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, serviceWorkers: 'block' });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => window.__bench.drawn > 3, null, { timeout: 60000 });
  const cdp = await context.newCDPSession(page);
  const fight = await profiled(cdp, async () => {
    await page.evaluate(() => { window.__bench.frameTimes = []; });
    await czaryFight(page);
    return page.evaluate(() => window.__bench.frameTimes);
  });
  const times = [...fight.result].sort((a, b) => a - b);
  report(`the scripted fight: ${times.length} frames drawn, median ${times[Math.floor(times.length / 2)].toFixed(2)} ms`, fight.profile);
  if (sessionFile) {
    const text = fs.readFileSync(sessionFile, 'utf8');
    const imports = await profiled(cdp, async () => {
      const ms = [];
      for (let i = 0; i < IMPORTS; i += 1) ms.push(await replayAndSave(page, text));
      return ms;
    });
    report(`${IMPORTS} imports of ${sessionFile}: ${imports.result.map((ms) => ms.toFixed(0)).join(', ')} ms`, imports.profile);
  }
  await context.close();
} finally {
  await browser.close();
  server.server.close();
}
