// Issue "Nothing in storage or in a file locks a player out or loses a game" (items 1-5 and the
// frame loop's last resort), in the browser at phone size by touch: damaged localStorage never
// stops the app from starting; a full storage still lets a session be deleted, and a session
// that is not saved is never left without the offer to export it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { openSite, VIEWPORTS, state, ui, status, tap, find, settle, input, saveScreenshot, WAIT, started, recordLoadingLine } from './harness.mjs';

let site;
before(async () => { site = await openSite(); });
after(async () => { await site?.close(); });

const dispatch = (page, action) => page.evaluate((a) => window.czary.dispatch(a), action);
// The file a tap on `id` downloads; the page is scrolled to the button first, so that only the tap
// itself is waited for.
async function downloadBy(page, id) {
  await find(page, id);
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: WAIT.timeout }), tap(page, id)]);
  return download;
}
// Two rectangles of layout() that share some area (a widget under the toast cannot be tapped).
const overlaps = (a, b) => !!(a && b && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h);
const stored = (page) => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));

// A context whose localStorage holds `entries` before the app's first start (not on reloads).
async function seeded(entries, options = {}) {
  const context = await site.browser.newContext({ ...VIEWPORTS.phone, acceptDownloads: true, ...options });
  await context.addInitScript((seed) => {
    if (sessionStorage.getItem('seeded')) return;
    for (const [key, value] of Object.entries(seed)) localStorage.setItem(key, value);
    sessionStorage.setItem('seeded', '1');
  }, entries);
  await context.addInitScript(recordLoadingLine);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(site.url);
  return { context, page, errors };
}

const GOOD_SESSION = { format: 'czary-session', version: 1, start: {}, actions: [{ type: 'add_hero', hero: 'gislan' }], position: 1 };
const entry = (header, session = GOOD_SESSION) => `{"format":"czary-store",${header},"session":${JSON.stringify(session)}}`;
const nested = (depth) => '['.repeat(depth) + ']'.repeat(depth);

test('items 1, 2, 4: damaged entries never stop the start; each is listed with its reason and kept as it was', async () => {
  const damaged = {
    'czary.deleted.1': '{"format":"czary-deleted","key":"czary.session.9","name":5,"deleted_at":"yesterday","text":"x"}',
    'czary.session.1': '{"format":"czary-store","version":1,"session":{"format":"czary-session","version":1},"version":-5}',
    'czary.session.2': `{"format":"czary-store","version":2,"name":"Głęboka","revision":1,"saved_at":1,"steps":0,"session":{"format":"czary-session","version":1,"meta":${nested(10000)}}}`,
    'czary.session.3': entry('"version":2,"name":"Dobra","revision":1,"saved_at":1700000000000,"steps":1'),
    'czary.last': 'czary.session.1',
  };
  const { context, page, errors } = await seeded(damaged);
  try {
    await started(page);
    await settle(page);
    assert.deepEqual(errors, []);
    // In the player's language, the kind of problem, no storage key (data/i18n store.unreadable).
    assert.match((await ui(page)).notice.text, /Zapisanej sesji nr 1 nie da się odczytać: zapis jest uszkodzony/);
    await tap(page, 'tab:sessions');
    const texts = (await ui(page)).texts;
    assert.match(texts['session-row:czary.session.1'], /^Sesja 1/);  // named as a version-1 entry would be, not by its storage key
    assert.match(texts['deleted-row:czary.deleted.1'], /Tej usuniętej sesji nie da się odczytać/);
    await saveScreenshot(page, 'damaged-phone-list');
    // The damaged deleted copy can be taken out as it is stored.
    const download = await downloadBy(page, 'session:raw:czary.deleted.1');
    assert.equal(await fs.readFile(await download.path(), 'utf8'), damaged['czary.deleted.1']);
    // The good session opens from the list.
    await tap(page, 'session:open:czary.session.3');
    assert.equal((await state(page)).figures.length, 1);
    assert.equal((await ui(page)).storedSession.name, 'Dobra');
    // Nothing damaged was changed, and a reload starts again.
    const after = await stored(page);
    for (const key of ['czary.deleted.1', 'czary.session.1', 'czary.session.2']) assert.equal(after[key], damaged[key], key);
    await page.reload();
    await started(page);
    assert.equal((await status(page)).frameErrors, 0);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('item 5: a stored name longer than the name field is cut on a character boundary and renaming works', async () => {
  const name = 'ż'.repeat(40);  // 80 bytes: the field holds 63
  const { context, page, errors } = await seeded({
    'czary.session.1': entry(`"version":2,"name":"${name}","revision":1,"saved_at":1,"steps":1`),
    'czary.last': 'czary.session.1',
  });
  try {
    await started(page);
    await tap(page, 'tab:sessions');
    await tap(page, 'session:rename');
    assert.equal((await ui(page)).storedSession.name, 'ż'.repeat(31));
    assert.equal(JSON.parse((await stored(page))['czary.session.1']).name, 'ż'.repeat(31));
    assert.equal((await status(page)).frameErrors, 0);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// localStorage with a quota of `room` bytes more than it holds now (UTF-16 code units, as
// browsers count).
async function fillStorage(page, room) {
  await page.evaluate((spare) => {
    const used = () => Object.keys(localStorage).reduce((n, k) => n + k.length + localStorage.getItem(k).length, 0);
    const cap = used() + spare;
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function limited(key, value) {
      const others = used() - (localStorage.getItem(key) === null ? 0 : key.length + localStorage.getItem(key).length);
      if (others + key.length + String(value).length > cap) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    };
  }, room);
}

test('item 3: with the storage full a delete asks to delete for good, which frees the space for the unsaved session', async () => {
  const { context, page, errors } = await seeded({
    // The old session is large enough that deleting it makes room for the current one to grow.
    'czary.session.1': entry('"version":2,"name":"Stara","revision":1,"saved_at":1,"steps":1', { ...GOOD_SESSION, meta: { note: 'x'.repeat(4000) } }),
    'czary.session.2': entry('"version":2,"name":"Bieżąca","revision":1,"saved_at":2,"steps":1'),
    'czary.last': 'czary.session.2',
  });
  try {
    await started(page);
    await fillStorage(page, 10);
    assert.equal((await dispatch(page, { type: 'add_hero', hero: 'zuryk' })).ok, true);
    await settle(page);
    assert.equal((await ui(page)).sessionUnsaved, true);
    await tap(page, 'tab:sessions');
    await tap(page, 'session:delete:czary.session.1');
    // The full-storage warning waits in its toast (it offers the export). The confirmation of
    // the delete must not lie under it: a tap there lands in the toast and does nothing. If it
    // does, the warning is closed to go on (the rest of the item is still checked), and the test
    // fails at its end.
    await find(page, 'session:confirm-delete');
    const rects = await page.evaluate(() => window.czary.layout());
    const covered = overlaps(rects.toast, rects['session:confirm-delete']);
    if (covered) {
      await saveScreenshot(page, 'damaged-phone-confirm-under-toast');
      await tap(page, 'toast:close');
    }
    await tap(page, 'session:confirm-delete');
    const asked = (await ui(page)).notice;
    assert.match(asked.text, /na stałe/);
    assert.equal(asked.offer, 'delete_for_good:czary.session.1');
    await saveScreenshot(page, 'damaged-phone-delete-for-good');
    assert.ok((await stored(page))['czary.session.1'], 'nothing deleted before the player agrees');
    await tap(page, 'notice:delete-for-good');
    const after = await stored(page);
    assert.equal(after['czary.session.1'], undefined);
    // The freed space took the session that could not be saved.
    assert.equal((await ui(page)).sessionUnsaved, false);
    assert.equal(JSON.parse(after['czary.session.2']).session.actions.length, 2);
    assert.match((await ui(page)).notice.text, /na stałe/);
    assert.deepEqual(errors, []);
    assert.equal(covered, false, `the delete's confirmation (${JSON.stringify(rects['session:confirm-delete'])}) lay under the full-storage toast (${JSON.stringify(rects.toast)}): a tap on it did nothing until the warning was closed`);
  } finally {
    await context.close();
  }
});

test('item 3: leaving a session that is not saved offers export first and never drops it silently', async () => {
  const { context, page, errors } = await seeded({
    'czary.session.1': entry('"version":2,"name":"Bieżąca","revision":1,"saved_at":2,"steps":1'),
    'czary.last': 'czary.session.1',
  });
  try {
    await started(page);
    await fillStorage(page, 10);
    assert.equal((await dispatch(page, { type: 'add_hero', hero: 'zuryk' })).ok, true);
    await tap(page, 'tab:sessions');
    await tap(page, 'session:new');
    let shown = await ui(page);
    assert.equal(shown.notice.offer, 'leave_unsaved');
    assert.match(shown.notice.text, /nie jest zapisana/);
    await saveScreenshot(page, 'damaged-phone-leave-unsaved');
    assert.equal((await state(page)).figures.length, 2, 'still the unsaved session');
    // Stay: nothing changes. Then export, then leave.
    await tap(page, 'notice:cancel');
    assert.equal((await ui(page)).notice, null);
    await tap(page, 'session:new');
    const download = await downloadBy(page, 'notice:offer');
    assert.equal(JSON.parse(await fs.readFile(await download.path(), 'utf8')).actions.length, 2);
    await tap(page, 'notice:leave-unsaved');
    shown = await ui(page);
    assert.equal((await state(page)).figures.length, 0, 'a new session');
    assert.notEqual(shown.storedSession.key, 'czary.session.1');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the frame loop\'s last resort: a frame that throws gives a message in the player\'s language, and the app goes on', async () => {
  const { context, page, errors } = await seeded({});
  try {
    await started(page);
    await settle(page);
    await input(page, () => page.evaluate(() => Module._czary_fail_next_frame()));
    const shown = await ui(page);
    assert.match(shown.notice.text, /Coś poszło nie tak/);
    assert.equal(shown.tab, 'sessions');
    assert.equal((await status(page)).frameErrors, 1);
    // Taps still work.
    await tap(page, 'tab:party');
    assert.equal((await ui(page)).tab, 'party');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// Issue 24: a saved game is never out of reach (items 1-4, 6, 10 in the browser).
test('issue 24 items 3, 6: a key with U+0000 hides nothing and is never written over; the raw export is the text exactly as stored', async () => {
  const nul = String.fromCharCode(0);
  const lone = String.fromCharCode(0xD800);
  const seed = {
    ['czary.session.1' + nul + 'x']: 'a key the app cannot name',
    'czary.session.1': entry('"version":2,"name":"Dobra","revision":1,"saved_at":1700000000000,"steps":1'),
    'czary.session.2': `{"format":"czary-store","name":"z${nul}w środku","x":"${lone}","y":"po"}`,
    'czary.session.3': `{"format":"czary-store","name":"tylko${nul}zero"}`,
    'czary.last': 'czary.session.1',
  };
  const { context, page, errors } = await seeded(seed);
  try {
    await started(page);
    await settle(page);
    assert.equal((await ui(page)).storedSession.name, 'Dobra', 'the session open last opens');
    await tap(page, 'tab:sessions');
    const texts = (await ui(page)).texts;
    for (const key of ['czary.session.1', 'czary.session.2', 'czary.session.3']) assert.ok(texts[`session-row:${key}`], `${key} is listed`);
    // Exported as stored: UTF-8 where it can be, else UTF-16 with its byte-order mark, code unit for code unit.
    const withZero = await downloadBy(page, 'session:raw:czary.session.3');
    assert.equal(await fs.readFile(await withZero.path(), 'utf8'), seed['czary.session.3']);
    const withHalf = await downloadBy(page, 'session:raw:czary.session.2');
    const bytes = await fs.readFile(await withHalf.path());
    assert.deepEqual([bytes[0], bytes[1]], [0xFF, 0xFE]);
    const units = [];
    for (let i = 2; i < bytes.length; i += 2) units.push(bytes[i] | (bytes[i + 1] << 8));
    assert.equal(String.fromCharCode(...units), seed['czary.session.2']);
    // A new session takes a key that holds nothing, and nothing stored changes.
    await tap(page, 'session:new');
    const key = (await ui(page)).storedSession.key;
    assert.ok(!(key in seed), `a free key: ${key}`);
    await dispatch(page, { type: 'add_hero', hero: 'larraka' });
    const after = await stored(page);
    for (const [k, v] of Object.entries(seed)) if (k !== 'czary.last') assert.equal(after[k], v, JSON.stringify(k));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('issue 24 item 2: what the page hook accepts reads back after a reload; an action nested deeper is refused', async () => {
  // Minor: the hooks called before the app runs (its wasm held back until they were) each answer
  // with a clear error, not a TypeError or a trap.
  const context = await site.browser.newContext({ ...VIEWPORTS.phone });
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await context.route('**/czary-app.wasm', async (route) => { await held; await route.continue(); });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(site.url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.czary !== undefined, null, WAIT);
    const early = await page.evaluate(() => ['status', 'state', 'session', 'layout', 'ui', 'dispatch', 'redraw'].map((hook) => {
      try {
        window.czary[hook]({ type: 'next_phase' });
        return `${hook}: answered`;
      } catch (error) {
        return `${hook}: ${error.message}`;
      }
    }));
    for (const line of early) assert.match(line, /^(\w+): window\.czary\.\1\(\): Czary is not ready yet/);
    release();
    await started(page);
    const nestedAction = (depth) => {  // the action object is level 1
      let inner = 1;
      for (let i = 1; i < depth; i += 1) inner = { a: inner };
      return { type: 'roll_dice', code: '1K6', x: inner };
    };
    const deep = await dispatch(page, nestedAction(63));
    assert.equal(deep.ok, false);
    assert.equal(deep.refusal.code, 'invalid_action');
    assert.equal((await dispatch(page, nestedAction(62))).ok, true);
    await page.reload();
    await started(page);
    await settle(page);
    assert.equal((await state(page)).steps, 1, 'the saved session opens again');
    assert.equal((await ui(page)).notice, null);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('issue 24 item 1: a long session says it is being opened; past 20,000 steps it waits in the Sessions tab', async () => {
  const long = (steps) => ({
    'czary.session.1': entry(`"version":2,"name":"Długa","revision":1,"saved_at":1700000000000,"steps":${steps}`),
    'czary.last': 'czary.session.1',
  });
  const opening = await seeded(long(1500), { viewport: { width: 390, height: 844 } });
  const seen = async (page) => page.evaluate(() => window.__loadingSeen);
  try {
    await started(opening.page);
    // The header says 1,500 steps: the loading line named the session before the app took over.
    assert.ok((await seen(opening.page)).includes('Otwieranie zapisanej sesji „Długa”…'), JSON.stringify(await seen(opening.page)));
    assert.equal((await ui(opening.page)).storedSession.name, 'Długa');
  } finally {
    await opening.context.close();
  }
  const waiting = await seeded(long(20001));
  try {
    await started(waiting.page);
    await settle(waiting.page);
    const shown = await ui(waiting.page);
    assert.equal(shown.tab, 'sessions');
    assert.match(shown.notice.text, /^Sesja „Długa” ma 20001 kroków, więc nie otwiera się sama przy starcie/);
    assert.notEqual(shown.storedSession.key, 'czary.session.1');
    await saveScreenshot(waiting.page, 'damaged-phone-long-session-waits');
    await tap(waiting.page, 'session:open:czary.session.1');
    assert.equal((await ui(waiting.page)).storedSession.name, 'Długa');
    assert.equal((await state(waiting.page)).figures.length, 1);
    assert.deepEqual(waiting.errors, []);
  } finally {
    await waiting.context.close();
  }
});

test('issue 24 item 4: two tabs playing one session in turns lose no step; the tab written over keeps its game „(z tej karty)”', async () => {
  const { context, page: tabA, errors } = await seeded({});
  try {
    await started(tabA);
    const tabB = await context.newPage();
    await tabB.goto(site.url);
    await started(tabB);
    const played = [];
    for (let i = 1; i <= 40; i += 1) {
      for (const [name, tab] of [['A', tabA], ['B', tabB]]) {
        const purpose = `${name}${i}`;
        assert.equal((await dispatch(tab, { type: 'roll_dice', code: '1K6', purpose })).ok, true);
        played.push(purpose);
      }
    }
    // Every step is in some stored session, once both tabs have heard of each other's last save.
    const kept = async () => {
      const all = await stored(tabA);
      const found = new Set();
      for (const [key, text] of Object.entries(all)) {
        if (!key.startsWith('czary.session.')) continue;
        for (const action of JSON.parse(text).session.actions) found.add(action.purpose);
      }
      return found;
    };
    await tabA.waitForFunction(() => !window.czary.ui().sessionUnsaved, null, WAIT);
    const found = await kept();
    assert.deepEqual(played.filter((p) => !found.has(p)), [], 'steps lost');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
