import { openSite, VIEWPORTS, tap } from './harness.mjs';
const site = await openSite();
const context = await site.browser.newContext(VIEWPORTS.phone);
const page = await context.newPage();
await page.goto(site.url);
await page.waitForFunction(() => window.czary?.ready && window.czary.status().frames > 3);
await page.evaluate(() => { for (let i = 0; i < 250; i += 1) window.czary.dispatch({ type: 'roll_dice', code: '1K6' }); });
await tap(page, 'tab:log');
console.log(JSON.stringify(await page.evaluate(() => window.czary.layout())));
await page.mouse.move(380, 600); await page.waitForTimeout(200);
for (let i = 0; i < 5; i++) { await page.mouse.wheel(0, 2000); await page.waitForTimeout(300); }
console.log(JSON.stringify(await page.evaluate(() => window.czary.layout())));
await page.screenshot({ path: '/tmp/dbg.png' });
await context.close(); await site.close();
