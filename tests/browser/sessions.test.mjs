// Issue "Sessions that survive": autosave after every action, a reload shows the same state with
// its undo history; the session list (new, rename, duplicate, delete and restore, switch);
// corrupted storage, older formats and a full quota; export and import.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { openSite, VIEWPORTS, state, ui, tap, smallTargets, saveScreenshot, settle, input, finger, WAIT, started } from './harness.mjs';

let site;
before(async () => { site = await openSite(); });
after(async () => { await site?.close(); });

async function open(context) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(site.url);
  await started(page);
  return { page, errors };
}
// A tap at a widget drawn in the last frame, acted on by the app.
const tapAt = (page, r) => input(page, () => page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2));
const dispatch = (page, action) => page.evaluate((a) => window.czary.dispatch(a), action);

test('a reload shows the same session, with its log and undo history', async () => {
  const context = await site.browser.newContext(VIEWPORTS.phone);
  try {
    const { page } = await open(context);
    for (const hero of ['dierdra', 'gerudirr', 'lord_dil']) assert.equal((await dispatch(page, { type: 'add_hero', hero })).ok, true);  // 0/0/0: no spell pool needed (4.1 B6)
    assert.equal((await dispatch(page, { type: 'begin_adventure', dice: [5] })).ok, true);
    await settle(page);
    const layout = await page.evaluate(() => window.czary.layout());
    await tapAt(page, layout.undo);  // undo the adventure
    const before = await state(page);
    assert.equal(before.position, 3);
    await page.reload();
    await started(page);
    const after = await state(page);
    assert.deepEqual(after, before);
    const session = await page.evaluate(() => window.czary.session());
    assert.equal(session.actions.length, 4, 'the undone step can still be redone');
    await settle(page);
    const rects = await page.evaluate(() => window.czary.layout());
    await tapAt(page, rects.redo);
    assert.equal((await state(page)).adventure.sun, 'blue');
  } finally {
    await context.close();
  }
});

test('a corrupted entry is reported, kept as it was, not overwritten, and its raw text exported', async () => {
  const context = await site.browser.newContext({ ...VIEWPORTS.phone, acceptDownloads: true });
  try {
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('czary.last', 'czary.session.1');
        localStorage.setItem('czary.session.1', '{"format": "czary-store", "version": 1, "session": {');
        sessionStorage.setItem('seeded', '1');
      }
    });
    const { page, errors } = await open(context);
    const notice = (await ui(page)).texts.notice;
    assert.match(notice, /Zapisanej sesji nr 1 nie da się odczytać: tekst jest uszkodzony albo ucięty/);
    assert.equal((await dispatch(page, { type: 'add_hero', hero: 'gislan' })).ok, true);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    assert.equal(stored['czary.session.1'], '{"format": "czary-store", "version": 1, "session": {');
    assert.equal(stored['czary.last'], 'czary.session.2');

    // The Sessions tab lists it with the reason and exports its text exactly as stored.
    await tap(page, 'tab:sessions');
    assert.match((await ui(page)).texts['session-row:czary.session.1'], /^Sesja 1/);  // not its storage key
    const [download] = await Promise.all([page.waitForEvent('download'), tap(page, 'session:raw:czary.session.1')]);
    assert.equal(download.suggestedFilename(), 'czary.session.1.txt');
    assert.equal(await fs.readFile(await download.path(), 'utf8'), '{"format": "czary-store", "version": 1, "session": {');
    assert.equal(await page.evaluate(() => localStorage.getItem('czary.session.1')), '{"format": "czary-store", "version": 1, "session": {');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a full quota: a warning, the session goes on in memory, the saved one is kept, export offered', async () => {
  const context = await site.browser.newContext({ ...VIEWPORTS.phone, acceptDownloads: true });
  try {
    const { page } = await open(context);
    assert.equal((await dispatch(page, { type: 'add_hero', hero: 'gislan' })).ok, true);
    const saved = await page.evaluate(() => localStorage.getItem(localStorage.getItem('czary.last')));
    await page.evaluate(() => {
      Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
    });
    assert.equal((await dispatch(page, { type: 'add_hero', hero: 'zuryk' })).ok, true);
    await settle(page);
    assert.match((await ui(page)).texts.notice, /pełna/);
    assert.equal((await state(page)).figures.length, 2, 'the session goes on');
    const after = await page.evaluate(() => localStorage.getItem(localStorage.getItem('czary.last')));
    assert.equal(after, saved);
    // Export is offered right in the warning, and gives the session as it is in memory.
    assert.equal((await ui(page)).notice.offer, 'export');
    const [download] = await Promise.all([page.waitForEvent('download'), tap(page, 'notice:offer')]);
    const exported = JSON.parse(await fs.readFile(await download.path(), 'utf8'));
    assert.equal(exported.actions.length, 2);
  } finally {
    await context.close();
  }
});

test('export a session file and import it: a new session; an invalid file is refused with the reason', async () => {
  const context = await site.browser.newContext({ ...VIEWPORTS.phone, acceptDownloads: true });
  try {
    const { page, errors } = await open(context);
    for (const hero of ['larraka', 'gislan']) assert.equal((await dispatch(page, { type: 'add_hero', hero })).ok, true);
    const tapId = async (id) => {
      await settle(page);
      const r = (await page.evaluate(() => window.czary.layout()))[id];
      assert.ok(r, `${id} on screen`);
      await tapAt(page, r);
    };
    // The picked file is read by the page, then handed to the app: its notice says it is done.
    const noticeSays = async (text) => {
      await page.waitForFunction((t) => window.czary.ui().notice?.text?.includes(t), text, WAIT);
      await settle(page);
    };
    await tapId('tab:sessions');
    const [download] = await Promise.all([page.waitForEvent('download'), tapId('session:export')]);
    const exported = JSON.parse(await fs.readFile(await download.path(), 'utf8'));
    assert.equal(exported.format, 'czary-session');
    assert.equal(exported.actions.length, 2);
    const firstKey = await page.evaluate(() => localStorage.getItem('czary.last'));

    // A bad file: refused with the reason, nothing changes.
    let [chooser] = await Promise.all([page.waitForEvent('filechooser'), tapId('session:import')]);
    await chooser.setFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "chess"}') });
    await noticeSays('Nie zaimportowano');
    assert.match((await ui(page)).texts.notice, /Nie zaimportowano pliku: to nie jest sesja Czarów\./);
    assert.equal((await state(page)).figures.length, 2);

    // The exported file with one more hero: opened as a new session; the first stays saved.
    exported.actions.push({ type: 'add_hero', hero: 'zuryk' });
    exported.position = 3;
    [chooser] = await Promise.all([page.waitForEvent('filechooser'), tapId('session:import')]);
    await chooser.setFiles({ name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
    await noticeSays('Zaimportowano');
    assert.equal((await state(page)).figures.length, 3);
    // The file carries its session's name: the copy is told apart from the session it came from.
    assert.match((await ui(page)).notice.text, /^Zaimportowano sesję jako nową: „(.+) \(2\)”; sesja „\1” pozostaje zapisana\.$/);
    assert.equal((await ui(page)).tab, 'table', 'the imported game goes on at the table');
    const keys = await page.evaluate(() => ({ last: localStorage.getItem('czary.last'), first: localStorage.getItem('czary.session.1') }));
    assert.notEqual(keys.last, firstKey);
    assert.equal(JSON.parse(keys.first).session.actions.length, 2, 'the first session is kept as it was');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('an entry of the first storage version is migrated: it opens, gets a name, and is saved in the current version', async () => {
  const context = await site.browser.newContext(VIEWPORTS.phone);
  try {
    const v1 = {
      format: 'czary-store', version: 1,
      session: { format: 'czary-session', version: 1, start: { seed: 77 }, actions: [{ type: 'add_hero', hero: 'gislan' }], position: 1 },
    };
    await context.addInitScript((text) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('czary.last', 'czary.session.3');
        localStorage.setItem('czary.session.3', text);
        sessionStorage.setItem('seeded', '1');
      }
    }, JSON.stringify(v1));
    const { page, errors } = await open(context);
    assert.equal((await ui(page)).notice, null, 'no problem to report');
    assert.equal((await state(page)).figures.length, 1);
    assert.equal((await ui(page)).storedSession.name, 'Sesja 3');
    assert.equal((await dispatch(page, { type: 'add_hero', hero: 'zuryk' })).ok, true);
    const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('czary.session.3')));
    assert.equal(stored.version, 2);
    assert.equal(stored.name, 'Sesja 3');
    assert.equal(stored.session.actions.length, 2);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the session list on a phone: new, rename by keyboard, duplicate, switch, delete confirmed and undone; the last one reopens', async () => {
  const context = await site.browser.newContext({ ...VIEWPORTS.phone });
  try {
    const { page, errors } = await open(context);
    assert.equal((await dispatch(page, { type: 'add_hero', hero: 'gislan' })).ok, true);
    const first = (await ui(page)).storedSession;
    assert.equal(first.name, 'Sesja 1');

    await tap(page, 'tab:sessions');
    assert.equal((await ui(page)).tab, 'sessions');
    assert.deepEqual(await smallTargets(page), []);

    // Rename with the phone's keyboard.
    await tap(page, 'input:session-name');
    for (let i = 0; i < 8; i += 1) await page.keyboard.press('Backspace');
    await page.keyboard.type('Wieczór z trollem');
    await page.keyboard.press('Enter');
    await tap(page, 'session:rename');
    assert.equal((await ui(page)).storedSession.name, 'Wieczór z trollem');
    assert.equal(JSON.parse(await page.evaluate((k) => localStorage.getItem(k), first.key)).name, 'Wieczór z trollem');

    // A copy is listed; the open session stays.
    await tap(page, 'session:duplicate');
    assert.match((await ui(page)).notice.text, /Wieczór z trollem \(kopia\)/);
    assert.equal((await ui(page)).storedSession.key, first.key);

    // A new session: empty, saved at once under its own key.
    await tap(page, 'session:new');
    const second = (await ui(page)).storedSession;
    assert.notEqual(second.key, first.key);
    assert.equal((await state(page)).figures.length, 0);
    assert.equal((await dispatch(page, { type: 'add_hero', hero: 'larraka' })).ok, true);
    await saveScreenshot(page, 'sessions-phone-list');

    // Switch back to the first: its own state and history.
    await tap(page, `session:open:${first.key}`);
    assert.equal((await ui(page)).storedSession.key, first.key);
    assert.deepEqual((await state(page)).figures.map((f) => f.name.pl), ['Gislan']);

    // Delete the second: asked first; cancel keeps it.
    await tap(page, `session:delete:${second.key}`);
    assert.ok((await page.evaluate(() => window.czary.layout()))['session:confirm-delete'], 'a confirmation is asked');
    await tap(page, 'session:cancel-delete');
    assert.notEqual(await page.evaluate((k) => localStorage.getItem(k), second.key), null);
    await tap(page, `session:delete:${second.key}`);
    await tap(page, 'session:confirm-delete');
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), second.key), null);
    assert.match((await ui(page)).notice.text, /Usunięto sesję „Sesja 3”/);
    await saveScreenshot(page, 'sessions-phone-deleted');
    // Undone from the notice: back under its key, as it was.
    await tap(page, 'notice:offer');
    const restored = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), second.key));
    assert.equal(restored.session.actions[0].hero, 'larraka');

    // Delete the open one: the latest other session opens; restore it from the deleted list.
    await tap(page, `session:delete:${first.key}`);
    await tap(page, 'session:confirm-delete');
    assert.notEqual((await ui(page)).storedSession.key, first.key);
    const deletedKey = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('czary.deleted.')));
    // The toast offering to undo the deletion waits over the list (it covers the deleted list's
    // foot on a phone): closed first, the session is restored from the list itself.
    assert.ok((await page.evaluate(() => window.czary.layout()))['notice:offer'], 'the deletion can be undone from its toast');
    await tap(page, 'toast:close');
    assert.equal((await page.evaluate(() => window.czary.layout())).toast, undefined, 'the toast is closed');
    await tap(page, `session:restore:${deletedKey}`);
    await saveScreenshot(page, 'sessions-phone-restored');
    await tap(page, `session:open:${first.key}`);
    assert.equal((await ui(page)).storedSession.key, first.key, JSON.stringify(await ui(page)));

    // The last one opened reopens after a reload.
    await page.reload();
    await started(page);
    assert.equal((await ui(page)).storedSession.key, first.key);
    assert.equal((await ui(page)).storedSession.name, 'Wieczór z trollem');
    const names = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('czary.session.'))
      .map((k) => JSON.parse(localStorage.getItem(k)).name).sort());
    assert.deepEqual(names, ['Sesja 3', 'Wieczór z trollem', 'Wieczór z trollem (kopia)']);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a long session: the log shows the newest 100 steps, older ones a page (100) at a time on request', async () => {
  // Many swipes down a long log: at one device pixel per CSS px (harness.mjs, phoneFlat).
  const context = await site.browser.newContext(VIEWPORTS.phoneFlat);
  try {
    const { page, errors } = await open(context);
    await page.evaluate(() => {
      for (let i = 0; i < 130; i += 1) window.czary.dispatch({ type: 'roll_dice', code: '1K6' });
    });
    assert.equal((await state(page)).position, 130);
    await tap(page, 'tab:log');
    const shown = async () => (await ui(page)).texts['log:shown'];
    assert.equal(await shown(), '100');
    assert.match((await ui(page)).texts['log:older'] ?? '', /pozostało kroków: 30/);
    // The button is under the 100 steps: a finger swipes the log up until it shows.
    const swipeTo = async (id) => {
      await settle(page);
      for (let i = 0; i < 40 && !(await page.evaluate((w) => window.czary.layout()[w], id)); i += 1) {
        const touch = await finger(page);
        await touch.down(200, 780);
        for (let y = 700; y >= 180; y -= 80) await touch.move(200, y);
        await touch.up();
      }
    };
    await swipeTo('log:older');
    await saveScreenshot(page, 'sessions-phone-log-older');
    await tap(page, 'log:older');
    assert.equal(await shown(), '130');
    assert.equal((await page.evaluate(() => window.czary.layout()))['log:older'], undefined, 'nothing older is left');
    assert.deepEqual(await smallTargets(page), []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
