// Issue "Sessions that survive" (first part): autosave after every action, a reload shows the
// same state with its undo history; corrupted storage and a full quota are reported and nothing
// saved is lost.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, VIEWPORTS, state, ui } from './harness.mjs';

let site;
before(async () => { site = await openSite(); });
after(async () => { await site?.close(); });

async function open(context) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(site.url);
  await page.waitForFunction(() => window.czary?.ready && window.czary.status().frames > 3);
  return { page, errors };
}
const dispatch = (page, action) => page.evaluate((a) => window.czary.dispatch(a), action);

test('a reload shows the same session, with its log and undo history', async () => {
  const context = await site.browser.newContext(VIEWPORTS.phone);
  try {
    const { page } = await open(context);
    for (const hero of ['larraka', 'gislan', 'zuryk']) assert.equal((await dispatch(page, { type: 'add_hero', hero })).ok, true);
    assert.equal((await dispatch(page, { type: 'begin_adventure', dice: [5] })).ok, true);
    await page.evaluate(() => window.czary.layout());
    const layout = await page.evaluate(() => window.czary.layout());
    await page.touchscreen.tap(layout.undo.x + 10, layout.undo.y + 10);  // undo the adventure
    await page.waitForTimeout(300);
    const before = await state(page);
    assert.equal(before.position, 3);
    await page.reload();
    await page.waitForFunction(() => window.czary?.ready && window.czary.status().frames > 3);
    const after = await state(page);
    assert.deepEqual(after, before);
    const session = await page.evaluate(() => window.czary.session());
    assert.equal(session.actions.length, 4, 'the undone step can still be redone');
    const rects = await page.evaluate(() => window.czary.layout());
    await page.touchscreen.tap(rects.redo.x + 10, rects.redo.y + 10);
    await page.waitForTimeout(300);
    assert.equal((await state(page)).adventure.sun, 'blue');
  } finally {
    await context.close();
  }
});

test('a corrupted entry is reported, kept as it was, and not overwritten', async () => {
  const context = await site.browser.newContext(VIEWPORTS.phone);
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
    assert.match(notice, /czary\.session\.1/);
    assert.match(notice, /nie da się odczytać/);
    assert.equal((await dispatch(page, { type: 'add_hero', hero: 'gislan' })).ok, true);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    assert.equal(stored['czary.session.1'], '{"format": "czary-store", "version": 1, "session": {');
    assert.equal(stored['czary.last'], 'czary.session.2');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a full quota: a warning, the session goes on in memory, the saved one is kept', async () => {
  const context = await site.browser.newContext(VIEWPORTS.phone);
  try {
    const { page } = await open(context);
    assert.equal((await dispatch(page, { type: 'add_hero', hero: 'gislan' })).ok, true);
    const saved = await page.evaluate(() => localStorage.getItem(localStorage.getItem('czary.last')));
    await page.evaluate(() => {
      Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
    });
    assert.equal((await dispatch(page, { type: 'add_hero', hero: 'zuryk' })).ok, true);
    await page.evaluate(() => window.czary.redraw(3));
    await page.waitForTimeout(200);
    assert.match((await ui(page)).texts.notice, /pełna/);
    assert.equal((await state(page)).figures.length, 2, 'the session goes on');
    const after = await page.evaluate(() => localStorage.getItem(localStorage.getItem('czary.last')));
    assert.equal(after, saved);
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
      await page.evaluate(() => window.czary.redraw(3));
      await page.waitForTimeout(200);
      const r = (await page.evaluate(() => window.czary.layout()))[id];
      assert.ok(r, `${id} on screen`);
      await page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2);
      await page.waitForTimeout(300);
    };
    await tapId('tab:log');
    const [download] = await Promise.all([page.waitForEvent('download'), tapId('session:export')]);
    const exported = JSON.parse(await (await import('node:fs/promises')).readFile(await download.path(), 'utf8'));
    assert.equal(exported.format, 'czary-session');
    assert.equal(exported.actions.length, 2);
    const firstKey = await page.evaluate(() => localStorage.getItem('czary.last'));

    // A bad file: refused with the reason, nothing changes.
    let [chooser] = await Promise.all([page.waitForEvent('filechooser'), tapId('session:import')]);
    await chooser.setFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "chess"}') });
    await page.waitForTimeout(300);
    await page.evaluate(() => window.czary.redraw(3));
    await page.waitForTimeout(200);
    assert.match((await ui(page)).texts.notice, /Nie zaimportowano pliku: session: 'format' is "chess"/);
    assert.equal((await state(page)).figures.length, 2);

    // The exported file with one more hero: opened as a new session; the first stays saved.
    exported.actions.push({ type: 'add_hero', hero: 'zuryk' });
    exported.position = 3;
    [chooser] = await Promise.all([page.waitForEvent('filechooser'), tapId('session:import')]);
    await chooser.setFiles({ name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
    await page.waitForTimeout(300);
    assert.equal((await state(page)).figures.length, 3);
    const keys = await page.evaluate(() => ({ last: localStorage.getItem('czary.last'), first: localStorage.getItem('czary.session.1') }));
    assert.notEqual(keys.last, firstKey);
    assert.equal(JSON.parse(keys.first).session.actions.length, 2, 'the first session is kept as it was');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
