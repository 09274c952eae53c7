import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { startServer } from '../../scripts/static-server.mjs';
const [dir, sessionFile] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--no-first-run'] });
const srv = await startServer(dir);
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, serviceWorkers: 'block' });
await ctx.addInitScript(() => {
  const b = (window.__b = { t: [] });
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((time) => { const s = performance.now(); cb(time); b.t.push(performance.now() - s); });
});
const page = await ctx.newPage();
await page.goto(srv.url);
await page.waitForFunction(() => window.czary?.ready && window.czary.status().frames > 3);
const text = fs.readFileSync(sessionFile, 'utf8');
await page.evaluate((t) => { const n = Module.lengthBytesUTF8(t) + 1; const p = Module._malloc(n); Module.stringToUTF8(t, p, n); Module._czary_import_session(p); Module._free(p); }, text);
console.log('steps', (await page.evaluate(() => window.czary.state())).position);
const tapId = async (id) => { await page.evaluate(() => window.czary.redraw(3)); await page.waitForTimeout(200); const r = (await page.evaluate(() => window.czary.layout()))[id]; if (!r) { console.log('no', id); return; } await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2); await page.waitForTimeout(200); };
for (const tab of ['tab:dice', 'tab:log', 'tab:table', 'tab:party']) {
  await tapId(tab);
  await page.evaluate(() => { window.__b.t = []; });
  if (tab === 'tab:dice') { await tapId('tray:roll'); await page.waitForTimeout(1500); }
  else { for (let i = 0; i < 30; i++) { await page.mouse.move(100 + i * 5, 300 + i * 7); await page.waitForTimeout(30); } }
  const t = await page.evaluate(() => window.__b.t.filter((x) => x > 0.05));
  t.sort((a, b) => a - b);
  console.log(tab, 'frames', t.length, 'median', t[Math.floor(t.length / 2)]?.toFixed(2), 'p95', t[Math.floor(t.length * 0.95)]?.toFixed(2), 'max', t[t.length - 1]?.toFixed(2));
}
await browser.close(); srv.server.close();
