// The live table's players in the browser (docs/table-protocol.md): two phones named alike keep
// their own steps and names; a name the app cannot read, sent by a raw client, disturbs no phone;
// a second tab of the same phone takes the table and the first one says so, losing nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from '../../src/host/node_modules/ws/wrapper.mjs';
import { openSite, openApp, started, tap, isAppError, overflowing, saveScreenshot, WAIT,
  tableOf as table, sessionOf as session, joinedAt as joined } from './harness.mjs';

let site;
before(async () => {
  site = await openSite({ tables: true });
});
after(async () => {
  await site?.close();
});

const notice = (app) => app.page.evaluate(() => window.czary.ui().notice);
const dispatch = (app, action) => app.page.evaluate((a) => window.czary.dispatch(a), action);
const roll = { type: 'roll_dice', code: '2K6', purpose: 'tray' };

// Every phone at the host's version, nothing on its way, each copy the host's file.
async function sameEverywhere(phones, id) {
  const version = site.host.tables.get(id).steps.length;
  try {
    for (const phone of phones) await joined(phone, version);
  } catch (error) {
    const states = await Promise.all(phones.map((p) => p.page.evaluate(() => ({ table: window.czary.table(), notice: window.czary.ui().notice?.text }))));
    throw new Error(`not every phone at the host's version ${version}: ${JSON.stringify(states)}`, { cause: error });
  }
  const file = site.host.file(id);
  for (const phone of phones) assert.deepEqual(await session(phone), file);
}

// The act frames a page sends are held back until released: two phones' steps prepared at one
// version reach the host in the order the test chooses.
const holdSteps = (app) => app.page.evaluate(() => {
  if (!window.__realSend) {
    window.__realSend = WebSocket.prototype.send;
    WebSocket.prototype.send = function send(data) {
      if (window.__holding && typeof data === 'string' && data.startsWith('{"t":"act"')) {
        // Released later, if the connection is still open (else it was lost on the way).
        window.__held.push(() => this.readyState === WebSocket.OPEN && window.__realSend.call(this, data));
        return undefined;
      }
      return window.__realSend.call(this, data);
    };
  }
  window.__holding = true;
  window.__held = [];
});
const releaseSteps = (app) => app.page.evaluate(() => {
  window.__holding = false;
  for (const send of window.__held.splice(0)) send();
});

// A page of the same browser profile as `app` (another tab: the same storage, settings, phone key).
async function anotherTab(app, url) {
  const page = await app.context.newPage();
  const errors = [];
  page.on('console', (message) => { if (isAppError(message)) errors.push(`console: ${message.text()}`); });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  await page.goto(url);
  await started(page);
  return { page, context: app.context, errors };
}

async function openTableAs(name) {
  const phone = await openApp(site, 'phoneFlat');
  await dispatch(phone, { type: 'add_hero', hero: 'larraka' });
  await phone.page.evaluate((n) => window.czary.openTable(n), name);
  await joined(phone);
  return { phone, id: (await table(phone)).id };
}

test('two phones named Kuba: each has a name of its own at the table, keeps its own steps, and is offered "Wyślij ponownie" when the other was first; openTable keeps the name', async () => {
  const { phone: lucja, id } = await openTableAs('Łucja');
  // The page hook's openTable keeps the name as the interface's "Otwórz ten stół dla innych" does.
  await lucja.page.waitForFunction(() => JSON.parse(localStorage.getItem('czary.settings') ?? '{}').player === 'Łucja', null, WAIT);
  const kubas = [];
  for (let i = 0; i < 2; i += 1) {
    const kuba = await openApp(site, 'phoneFlat');
    await kuba.page.evaluate((t) => window.czary.joinTable(t, 'Kuba'), id);
    await joined(kuba);
    kubas.push(kuba);
  }
  const [first, second] = kubas;
  assert.equal((await table(first)).player, 'Kuba');
  assert.equal((await table(second)).player, 'Kuba (2)', 'the host names the second Kuba "Kuba (2)", and the phone takes it');
  assert.equal((await notice(second)).text, 'Jesteś przy stole jako Kuba (2).');
  // The player's own name stays as given.
  await second.page.waitForFunction(() => JSON.parse(localStorage.getItem('czary.settings') ?? '{}').player === 'Kuba', null, WAIT);
  for (const phone of [lucja, first, second]) {
    await phone.page.waitForFunction(() => window.czary.table().players.length === 3, null, WAIT);
    assert.deepEqual([...(await table(phone)).players].sort(), ['Kuba', 'Kuba (2)', 'Łucja']);
  }
  await sameEverywhere([lucja, first, second], id);

  // Each Kuba loses one race: his roll, prepared at the version the other's took, is refused, and
  // he is told who was first, with his own step one tap from being sent again.
  for (const [winner, loser] of [[first, second], [second, first]]) {
    const version = site.host.tables.get(id).steps.length;
    await holdSteps(winner);
    await holdSteps(loser);
    assert.equal((await dispatch(winner, roll)).ok, true);
    assert.equal((await dispatch(loser, roll)).ok, true);
    await releaseSteps(winner);
    await joined(winner, version + 1);
    await loser.page.waitForFunction((v) => window.czary.table().version === v, version + 1, WAIT);
    assert.equal((await table(loser)).sending, true, 'the other Kuba\'s step is not taken for this one\'s');
    await releaseSteps(loser);
    await loser.page.waitForFunction(() => !window.czary.table().sending, null, WAIT);
    assert.equal((await table(loser)).send_again, true);
    const told = await notice(loser);
    assert.equal(told.offer, 'send_again');
    const winnerName = (await table(winner)).player;
    assert.ok(told.text.startsWith('Wcześniej dotarło do stołu: ') && told.text.includes(`(${winnerName})`), told.text);
    await tap(loser.page, 'notice:offer');
    await loser.page.waitForFunction(() => !window.czary.table().send_again && !window.czary.table().sending, null, WAIT);
    await sameEverywhere([lucja, first, second], id);
  }
  const players = site.host.file(id).actions.slice(-4).map((action) => action.player);
  assert.deepEqual(players, ['Kuba', 'Kuba (2)', 'Kuba (2)', 'Kuba']);

  for (const phone of [lucja, first, second]) assert.deepEqual(phone.errors, []);
  for (const phone of [lucja, first, second]) await phone.context.close();
});

test('a name no phone can read ("\\ud800", from a raw client) disturbs nobody: both phones stay at the table and may act', async () => {
  const { phone: zaneta, id } = await openTableAs('Żaneta');
  const kuba = await openApp(site, 'phoneFlat');
  await kuba.page.evaluate((t) => window.czary.joinTable(t, 'Kuba'), id);
  await joined(kuba);
  for (const phone of [zaneta, kuba]) await phone.page.waitForFunction(() => window.czary.table().phones === 2, null, WAIT);

  const core = site.host.core?.versions?.core ?? JSON.parse(await kuba.page.evaluate(() => window.Module.UTF8ToString(window.Module._czary_table_first_frame()))).core;
  const url = new URL('table', site.url);
  url.protocol = 'ws:';
  const ws = new WebSocket(url.href, { origin: new URL(site.url).origin });
  ws.on('error', () => {});
  await new Promise((resolve) => ws.on('open', resolve));
  // The host's first answer: a welcome, or an error before it closes the connection.
  const answer = new Promise((resolve) => {
    ws.on('message', (data) => resolve(JSON.parse(data.toString())));
    ws.on('close', () => resolve({ t: 'closed' }));
  });
  // JSON.stringify writes the lone half of a surrogate pair as the escape "\ud800".
  ws.send(JSON.stringify({ t: 'hello', protocol: 1, core, player: '\ud800', table: id }));
  const first = await answer;
  if (first.t === 'welcome') {
    // A host that took the name: every phone hears of a third phone, and shows the names it can.
    for (const phone of [zaneta, kuba]) await phone.page.waitForFunction(() => window.czary.table().phones === 3, null, WAIT);
  } else {
    assert.equal(first.code, 'bad_name', JSON.stringify(first));
  }
  for (const phone of [zaneta, kuba]) {
    const t = await table(phone);
    assert.equal(t.link, 'joined');
    assert.deepEqual([...t.players].sort(), ['Kuba', 'Żaneta']);
  }
  // The frame a host that took the name sends every phone, handed to Kuba's app as its connection
  // hands it one: the name is left out, never the frame.
  await kuba.page.evaluate(() => {
    const text = '{"t":"phones","phones":3,"players":["Żaneta","Kuba","\\ud800"]}';
    const length = window.Module.lengthBytesUTF8(text) + 1;
    const buffer = window.Module._malloc(length);
    window.Module.stringToUTF8(text, buffer, length);
    window.Module._czary_table_receive(buffer);
    window.Module._free(buffer);
  });
  const shown = await table(kuba);
  assert.equal(shown.link, 'joined');
  assert.equal(shown.phones, 3);
  assert.deepEqual(shown.players, ['Żaneta', 'Kuba']);
  for (const phone of [zaneta, kuba, zaneta]) {
    assert.equal((await dispatch(phone, roll)).ok, true);
    await joined(phone);
  }
  await sameEverywhere([zaneta, kuba], id);
  ws.close();

  for (const phone of [zaneta, kuba]) assert.deepEqual(phone.errors, []);
  for (const phone of [zaneta, kuba]) await phone.context.close();
});

test('the table\'s link opened in a second tab of the same phone: the second tab plays, the first says so in words, shows no step the table did not confirm, and "Połącz ponownie" takes the table back', async () => {
  const { phone: lucja, id } = await openTableAs('Łucja');
  const first = await openApp(site, 'phoneFlat');
  await first.page.evaluate((t) => window.czary.joinTable(t, 'Kuba'), id);
  await joined(first);
  await sameEverywhere([lucja, first], id);
  const before = (await session(first)).actions.length;

  // A roll on its way from the first tab when the link opens in a second one.
  await holdSteps(first);
  assert.equal((await dispatch(first, roll)).ok, true);
  assert.equal((await table(first)).sending, true);
  const second = await anotherTab(first, `${site.url}#t=${id}`);
  await joined(second);
  assert.equal((await table(second)).player, 'Kuba');
  await first.page.waitForFunction(() => window.czary.table()?.elsewhere === true, null, WAIT);
  await releaseSteps(first);
  await first.page.waitForFunction(() => !window.czary.table().sending, null, WAIT);

  // The first tab: still a copy of the table, told in words, read-only.
  const t = await table(first);
  assert.equal(t.id, id);
  assert.equal(t.elsewhere, true);
  const told = (await notice(first)).text;
  assert.match(told, /Ten stół jest teraz otwarty w innej karcie lub oknie Czarów na tym urządzeniu, więc tutaj można go tylko oglądać\./);
  const file = site.host.file(id);
  const shown = (await session(first)).actions;
  assert.deepEqual(shown, file.actions.slice(0, shown.length), 'the first tab shows only steps the table confirmed');
  if (shown.length > before) {
    assert.equal(file.actions[before].type, 'roll_dice', 'its roll, shown as done, is the table\'s');
  } else {
    assert.match(told, /^Twój krok „.*” nie dotarł do stołu i nie został wykonany\./, 'its roll not made, and said so');
    assert.equal(file.actions.length, before, 'nor made on the table');
  }
  assert.equal((await dispatch(first, roll)).ok, false);
  assert.match((await notice(first)).text, /krok nie został wysłany/);
  await first.page.waitForFunction(() => window.czary.layout()['top:table']?.text === 'Stół w innej karcie', null, WAIT);
  assert.deepEqual(await overflowing(first.page), []);
  await saveScreenshot(first.page, 'live-second-tab-first-told');

  // The second tab plays; the first follows what the table confirms.
  assert.equal((await dispatch(second, { type: 'add_hero', hero: 'gilith' })).ok, true);
  await joined(second);
  await sameEverywhere([lucja, second], id);
  const length = site.host.file(id).actions.length;
  await first.page.waitForFunction((n) => window.czary.session().actions.length === n, length, WAIT);
  assert.deepEqual(await session(first), site.host.file(id));

  // "Połącz ponownie" in the first tab: the table comes back to it, and the second tab is told.
  await tap(first.page, 'table:reconnect');
  await joined(first);
  await second.page.waitForFunction(() => window.czary.table()?.elsewhere === true, null, WAIT);
  assert.match((await notice(second)).text, /otwarty w innej karcie/);
  assert.equal((await dispatch(first, { type: 'add_hero', hero: 'curvenol' })).ok, true);
  await joined(first);
  await sameEverywhere([lucja, first], id);
  // No copy of its own was made by a conflict between the two tabs' saves.
  const names = await first.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('czary.session.')).map((k) => localStorage.getItem(k).slice(0, 300)));
  assert.ok(!names.some((header) => header.includes('z tej karty')), names.join('\n'));

  for (const phone of [lucja, first, second]) assert.deepEqual(phone.errors, []);
  await lucja.context.close();
  await first.context.close();
});
