// The live table in the browser (docs/table-protocol.md): phones (browser pages) and the host on
// the site's own port. Each phone's session is the host's, step for step; a phone whose
// connection drops comes back by itself and catches up; two phones at one version: one step
// taken, the other phone told and one tap from sending again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, openApp, tap, find, layout, resize, started, overflowing, saveScreenshot, WAIT,
  tableOf as table, sessionOf as session, joinedAt as joined } from './harness.mjs';

let site;
before(async () => {
  site = await openSite({ tables: true });
});
after(async () => {
  await site?.close();
});


// Every phone at the host's version, nothing on its way, each copy the host's file.
async function sameEverywhere(phones, id) {
  const version = site.host.tables.get(id).steps.length;
  for (const phone of phones) await joined(phone, version);
  const file = site.host.file(id);
  for (const phone of phones) assert.deepEqual(await session(phone), file);
}

test('phones at a live table: every step on every phone, in one order, with who made it; a dropped phone catches up; two at once: one taken, the other sent again', async () => {
  const phones = [];
  for (let i = 0; i < 3; i += 1) phones.push(await openApp(site, 'phoneFlat'));
  const [ania, bartek, celina] = phones;
  await ania.page.evaluate(() => window.czary.dispatch({ type: 'add_hero', hero: 'larraka' }));
  await ania.page.evaluate(() => window.czary.openTable('Ania'));
  await joined(ania);
  const { id } = await table(ania);
  assert.match(id, /^[0-9a-f]{32}$/);
  await bartek.page.evaluate((t) => window.czary.joinTable(t, 'Bartek'), id);
  await celina.page.evaluate((t) => window.czary.joinTable(t, 'Celina'), id);
  await joined(bartek);
  await joined(celina);
  await sameEverywhere(phones, id);
  assert.equal((await session(bartek)).actions[0].type, 'add_hero', 'the opened session\'s history came with it');

  // Steps from every phone in turn; each phone waits for its own to come back before the next.
  const heroes = ['gilith', 'curvenol', 'lord_dil', 'gislan'];
  for (let i = 0; i < 8; i += 1) {
    const phone = phones[i % 3];
    const action = i < heroes.length ? { type: 'add_hero', hero: heroes[i] } : { type: 'roll_dice', code: '2K6', purpose: 'tray' };
    const sent = await phone.page.evaluate((a) => window.czary.dispatch(a), action);
    assert.equal(sent.ok, true, JSON.stringify(sent));
    await joined(phone);
  }
  await sameEverywhere(phones, id);
  // The toast on another phone names who made the step.
  const notice = await ania.page.evaluate(() => window.czary.session().actions.at(-1).player);
  assert.ok(['Ania', 'Bartek', 'Celina'].includes(notice));
  await saveScreenshot(bartek.page, 'live-phone-after-steps');
  // The log says who made each step.
  await tap(bartek.page, 'tab:log');
  const newest = (await session(bartek)).actions.length;
  await bartek.page.waitForFunction((n) => window.czary.layout()[`log:title:${n}`], newest, WAIT);
  assert.match((await bartek.page.evaluate((n) => window.czary.layout()[`log:title:${n}`].text, newest)), / · (Ania|Bartek|Celina)$/);
  await tap(bartek.page, 'tab:table');

  // Undo from one phone undoes on all.
  const before = await session(ania);
  await celina.page.evaluate(() => window.czary.dispatch({ type: 'roll_dice', code: '1K6', purpose: 'tray' }));
  await joined(celina);
  await tap(bartek.page, 'undo');
  await sameEverywhere(phones, id);
  assert.equal((await session(ania)).position, before.position);

  // Celina's connection drops; she comes back by herself and has the steps she missed.
  await celina.page.evaluate(() => window.czary._tableDropForTest());
  for (let i = 0; i < 5; i += 1) {
    await ania.page.evaluate(() => window.czary.dispatch({ type: 'roll_dice', code: '2K6', purpose: 'tray' }));
    await joined(ania);
  }
  await sameEverywhere(phones, id);

  // Two phones at one version: one step is taken; the other is told and sends again with a tap.
  let told = null;
  for (let attempt = 0; attempt < 10 && !told; attempt += 1) {
    await Promise.all([ania, bartek].map((p) => p.page.evaluate(() => window.czary.dispatch({ type: 'roll_dice', code: '1K6', purpose: 'tray' }))));
    await ania.page.waitForFunction(() => !window.czary.table().sending, null, WAIT);
    await bartek.page.waitForFunction(() => !window.czary.table().sending, null, WAIT);
    for (const phone of [ania, bartek]) if ((await table(phone)).send_again) told = phone;
  }
  assert.ok(told, 'two phones sent at one version');
  const ui = await told.page.evaluate(() => window.czary.ui().notice);
  assert.equal(ui.offer, 'send_again');
  assert.match(ui.text, /Wcześniej dotarło do stołu/);
  await saveScreenshot(told.page, 'live-phone-told-who-was-first');
  await tap(told.page, 'notice:offer');
  await told.page.waitForFunction(() => !window.czary.table().send_again && !window.czary.table().sending, null, WAIT);
  await sameEverywhere(phones, id);

  for (const phone of phones) assert.deepEqual(phone.errors, []);
  for (const phone of phones) await phone.context.close();
});

const topTable = async (app) => (await layout(app.page))['top:table']?.text.replace(/\s+/g, ' ');

test('Stół na żywo by touch: a table opened from the Sessions tab, joined from its link with a name asked once, a red bar and a tap to connect again, a reload that rejoins, each phone its own characters, "Graj dalej sam"', async () => {
  const ania = await openApp(site, 'phoneFlat');
  await ania.page.evaluate(() => window.czary.dispatch({ type: 'add_hero', hero: 'larraka' }));
  await tap(ania.page, 'tab:sessions');
  await tap(ania.page, 'input:player-name');
  await ania.page.keyboard.type('Ania');
  await tap(ania.page, 'live:open');
  await joined(ania);
  const { id, link_url: link } = await table(ania);
  assert.equal(link, `${site.url}#t=${id}`);
  await find(ania.page, 'live:qr');
  assert.equal(await topTable(ania), 'Stół: 1 telefon');
  await saveScreenshot(ania.page, 'live-open-table-qr');

  // Bartek's phone (360 px) opens the link: asked for his name once, then at the table.
  const bartek = await openApp(site, 'phoneFlat');
  await resize(bartek.page, { width: 360, height: 780 });
  await bartek.page.goto(link);
  await bartek.page.waitForFunction(() => window.czary.ui().tab === 'sessions' && window.czary.layout()['live:invited'], null, WAIT);
  assert.equal(await table(bartek), null, 'not joined before the name is given');
  assert.equal(new URL(bartek.page.url()).hash, '', 'the fragment is taken off the address');
  await tap(bartek.page, 'input:player-name');
  await bartek.page.keyboard.type('Bartek');
  await saveScreenshot(bartek.page, 'live-360-join-asks-name');
  await tap(bartek.page, 'live:join');
  await joined(bartek);
  // The section moved below the open session: the page followed it (the next tap is on it, not on
  // what took the place of "Dołącz").
  await bartek.page.waitForFunction(() => {
    const r = window.czary.layout()['live:heading'];
    return r && r.y >= 0 && r.y + r.h <= window.innerHeight;
  }, null, WAIT);
  await sameEverywhere([ania, bartek], id);
  await ania.page.waitForFunction(() => window.czary.layout()['top:table']?.text.replace(/\s+/g, ' ') === 'Stół: 2 telefony', null, WAIT);
  assert.equal(await topTable(bartek), 'Stół: 2 telefony');
  assert.deepEqual(await overflowing(bartek.page), []);
  // Large text at 360 px: the section and the table's row are whole.
  await tap(bartek.page, 'settings:text:1.5');
  await bartek.page.waitForFunction(() => window.czary.status().font.scale === 1.5, null, WAIT);
  await find(bartek.page, 'live:play-alone');
  assert.deepEqual(await overflowing(bartek.page), []);
  await saveScreenshot(bartek.page, 'live-360-large-at-table');
  await tap(bartek.page, 'settings:text:1');

  // Bartek plays Larraka: on his phone only.
  const larraka = await bartek.page.evaluate(() => window.czary.state().figures.find((f) => f.hero === 'larraka')?.id);
  assert.ok(larraka);
  await tap(bartek.page, `live:mine:${larraka}`);
  assert.deepEqual((await table(bartek)).mine, [larraka]);
  assert.deepEqual((await table(ania)).mine, []);
  // A tablet in landscape: the section, its code and the table's row.
  await resize(ania.page, { width: 1024, height: 768 });
  await find(ania.page, 'live:qr');
  assert.deepEqual(await overflowing(ania.page), []);
  await saveScreenshot(ania.page, 'live-tablet-open-table');
  await resize(ania.page, { width: 390, height: 844 });

  // The connection is lost and stays lost: a red bar, read-only, "Połącz ponownie" brings it back.
  await bartek.page.evaluate(() => {
    window.realWebSocket = window.WebSocket;
    window.WebSocket = function NoNetwork() { throw new Error('no network'); };
    window.czary._tableDropForTest();
  });
  await bartek.page.waitForFunction(() => window.czary.table().link === 'lost', null, WAIT);
  assert.equal(await topTable(bartek), 'Brak połączenia ze stołem');
  await find(bartek.page, 'table:reconnect');
  const refused = await bartek.page.evaluate(() => window.czary.dispatch({ type: 'roll_dice', code: '1K6', purpose: 'tray' }));
  assert.equal(refused.ok, false);
  assert.match((await bartek.page.evaluate(() => window.czary.ui().notice)).text, /Brak połączenia ze stołem/);
  await saveScreenshot(bartek.page, 'live-360-no-connection');
  await ania.page.evaluate(() => window.czary.dispatch({ type: 'roll_dice', code: '2K6', purpose: 'tray' }));
  await joined(ania);
  await bartek.page.evaluate(() => { window.WebSocket = window.realWebSocket; });
  await tap(bartek.page, 'table:reconnect');
  await sameEverywhere([ania, bartek], id);

  // A reload: the phone joins again by itself (no name asked), its characters remembered.
  await bartek.page.reload();
  await started(bartek.page);
  await joined(bartek);
  assert.equal((await table(bartek)).id, id);
  assert.equal((await table(bartek)).player, 'Bartek');
  assert.deepEqual((await table(bartek)).mine, [larraka]);
  await sameEverywhere([ania, bartek], id);

  // "Graj dalej sam": an ordinary session, the table's bar gone; Ania's table goes on.
  await tap(bartek.page, 'tab:sessions');
  await tap(bartek.page, 'live:play-alone');
  assert.notEqual(await table(bartek), null, 'asked once more first');
  await tap(bartek.page, 'live:confirm-alone');
  await bartek.page.waitForFunction(() => window.czary.table() === null && !window.czary.layout()['top:table'], null, WAIT);
  await ania.page.waitForFunction(() => window.czary.layout()['top:table']?.text.replace(/\s+/g, ' ') === 'Stół: 1 telefon', null, WAIT);
  await bartek.page.reload();
  await started(bartek.page);
  assert.equal(await table(bartek), null, 'alone after a reload too');

  for (const phone of [ania, bartek]) assert.deepEqual(phone.errors, []);
  for (const phone of [ania, bartek]) await phone.context.close();
});
