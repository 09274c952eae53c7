// Issue "Measured and hardened": the page's Content-Security-Policy allows nothing beyond the
// app's own origin, nothing breaks under it, and no request leaves the origin during a whole
// session (set-up, a fight with a cast, the dice tray, sessions, export).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, VIEWPORTS, state, ui, tap, WAIT, started } from './harness.mjs';
import fs from 'node:fs';

let site;
before(async () => { site = await openSite(); });
after(async () => { await site?.close(); });

test('no request leaves the origin during a whole session, and the policy is never violated', async () => {
  const context = await site.browser.newContext({ ...VIEWPORTS.phone, acceptDownloads: true });
  const origin = new URL(site.url).origin;
  const requests = [];
  context.on('request', (request) => requests.push(request.url()));  // pages and the service worker
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    await page.goto(site.url);
    await started(page);
    const policy = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content ?? '');
    assert.match(policy, /default-src 'self'/);
    assert.doesNotMatch(policy, /https?:|\*|'unsafe-inline'|'unsafe-eval'/, 'no other origin, no inline code, no eval');
    // The live tables' service may be on another host (issue 49), over secure WebSockets only.
    assert.match(policy, /connect-src 'self' wss:;/, 'connect-src: the origin and wss: alone');

    const fight = JSON.parse(fs.readFileSync(new URL('../cli/fight.json', import.meta.url), 'utf8'));
    for (const action of fight.actions.slice(0, 16)) assert.equal((await page.evaluate((a) => window.czary.dispatch(a), action)).ok, true);
    for (const tab of ['tab:table', 'tab:dice', 'tab:log', 'tab:sessions', 'tab:party']) await tap(page, tab);
    await tap(page, 'tab:dice');
    await tap(page, 'tray:roll');
    await tap(page, 'tab:sessions');
    const [download] = await Promise.all([page.waitForEvent('download'), tap(page, 'session:export')]);
    assert.ok(await download.path());
    await tap(page, 'session:new');
    await page.reload();
    await started(page);
    assert.equal((await ui(page)).tab, 'sessions', 'the tab it left comes back after the reload');
    assert.equal((await state(page)).position, 0, 'the new session reopened');

    const outside = requests.filter((url) => !url.startsWith(origin + '/') && !url.startsWith('blob:') && !url.startsWith('data:'));
    assert.deepEqual(outside, [], 'requests outside the origin');
    assert.ok(requests.some((url) => url.endsWith('/czary-app.wasm')), 'the requests were seen');
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
