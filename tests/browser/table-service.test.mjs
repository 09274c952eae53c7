// Issue 49, the phone's side in the browser (docs/table-protocol.md, "Which service a phone
// uses"): Sesje -> Stół na żywo says which service keeps new tables and lets the player name
// another (kept in the settings, across a reload), at 360 px with large text; a site published
// with a table service (its page-config) opens tables there; a service that never answers is named
// in words and the session stays on the phone. The real service over TLS: tls-table.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSite, openApp, tap, find, resize, started, overflowing, saveScreenshot, WAIT, tableOf as table } from './harness.mjs';

let site;
before(async () => { site = await openSite(); });
after(async () => { await site?.close(); });

const notice = (app) => app.page.evaluate(() => window.czary.ui().notice);
// The section's line naming the service, scrolled into view.
const serviceLine = async (app) => (await find(app.page, 'live:service')).text;

// Types into the app's field `id` what was there replaced (the field selects all on focus).
async function typeInto(app, id, text) {
  await tap(app.page, id);
  await app.page.keyboard.press('Control+A');
  await app.page.keyboard.press('Backspace');
  if (text) await app.page.keyboard.type(text);
}

test('Sesje -> Stół na żywo: which service keeps new tables, another one named (refused when it is not one), kept across a reload; 360 px, large text', async () => {
  const phone = await openApp(site, 'phoneFlat');
  await resize(phone.page, { width: 360, height: 780 });
  await tap(phone.page, 'tab:sessions');
  await tap(phone.page, 'settings:text:1.5');
  await phone.page.waitForFunction(() => window.czary.status().font.scale === 1.5, null, WAIT);
  await find(phone.page, 'live:service');
  assert.equal(await serviceLine(phone), 'Nowe stoły prowadzi: komputer, z którego pochodzi ta strona');

  await tap(phone.page, 'live:service-change');
  // The field it opens comes into view by itself (at 360 px with large text it opens low).
  await phone.page.waitForFunction(() => {
    const r = window.czary.layout()['input:table-service'];
    return r && !r.clipped && r.y >= 0 && r.y + r.h <= window.innerHeight;
  }, null, WAIT);
  await typeInto(phone, 'input:table-service', 'ws://192.168.1.5:8080/table');
  await tap(phone.page, 'live:service-save');
  assert.match((await notice(phone)).text, /tylko bezpiecznie \(wss:\/\/\)/, 'a plain ws:// address: why not');
  await find(phone.page, 'input:table-service');  // the field stays open with what was typed

  await typeInto(phone, 'input:table-service', 'stoly.example.org');
  await saveScreenshot(phone.page, 'service-360-field');
  await tap(phone.page, 'live:service-save');
  assert.equal((await notice(phone)).text, 'Nowe stoły z tego telefonu prowadzi teraz: stoly.example.org.');
  assert.equal(await serviceLine(phone), 'Nowe stoły prowadzi: stoly.example.org');
  assert.deepEqual(await overflowing(phone.page), [], 'nothing cut at 360 px');
  await saveScreenshot(phone.page, 'service-360-chosen');

  // Kept in the settings: a reload shows the same choice.
  await phone.page.reload();
  await started(phone.page);
  await tap(phone.page, 'tab:sessions');
  assert.equal(await serviceLine(phone), 'Nowe stoły prowadzi: stoly.example.org');

  // An empty field goes back to the site's own.
  await tap(phone.page, 'live:service-change');
  await typeInto(phone, 'input:table-service', '');
  await tap(phone.page, 'live:service-save');
  assert.equal(await serviceLine(phone), 'Nowe stoły prowadzi: komputer, z którego pochodzi ta strona');
  assert.deepEqual(phone.errors, []);
  await phone.context.close();
});

test('a site published with a table service opens its tables there; one that never answers: no table is opened, the player is told why and plays on', async () => {
  // The site as publish.sh --table-server leaves it: the page-config names the service. Nothing
  // listens at that port: the connection fails as a service that does not answer does.
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-published-'));
  fs.cpSync(process.env.CZARY_WEB_DIST, copy, { recursive: true });
  const index = path.join(copy, 'index.html');
  const html = fs.readFileSync(index, 'utf8');
  assert.match(html, /<script type="application\/json" id="page-config">\{\}<\/script>/);
  fs.writeFileSync(index, html.replace('id="page-config">{}<', 'id="page-config">{"tableServer":"wss://127.0.0.1:9/table"}<'));
  const published = await openSite({ root: copy });
  try {
    const phone = await openApp(published, 'phoneFlat');
    await phone.page.evaluate(() => window.czary.dispatch({ type: 'add_hero', hero: 'larraka' }));
    const before = await phone.page.evaluate(() => window.czary.session());
    await tap(phone.page, 'tab:sessions');
    assert.equal(await serviceLine(phone), 'Nowe stoły prowadzi: 127.0.0.1:9');
    await tap(phone.page, 'input:player-name');
    await phone.page.keyboard.type('Łucja');
    await tap(phone.page, 'live:open');
    await phone.page.waitForFunction(() => /^Stół nie został otwarty: usługa stołów 127\.0\.0\.1:9 nie odpowiada/.test(window.czary.ui().notice?.text ?? ''), null, WAIT);
    assert.equal(await table(phone), null, 'no table waits for a service that does not answer');
    assert.deepEqual(await phone.page.evaluate(() => window.czary.session()), before, 'the session is as it was');
    await saveScreenshot(phone.page, 'service-unreachable');
    // The game goes on here, alone: a step is applied at once.
    assert.equal((await phone.page.evaluate(() => window.czary.dispatch({ type: 'add_hero', hero: 'gislan' }))).log.length > 0, true);
    assert.equal((await phone.page.evaluate(() => window.czary.session())).actions.length, before.actions.length + 1);
    await phone.context.close();
  } finally {
    await published.close();
    fs.rmSync(copy, { recursive: true, force: true });
  }
});
