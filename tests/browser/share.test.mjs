// Issue #17, "Pass a game to another phone": page A makes the link of its session through the
// Sessions tab (a QR code of `#s=` + base64url(deflate-raw(session file))); page B, another
// phone with its own saved game, opens the link, is asked, and on "yes" has A's game as a new
// session under A's name. Damaged, cut-short and newer-version links are refused in Polish and
// the app starts with its saved sessions untouched; the fragment leaves the address bar at once.
// Too long for one code: the export and the current position only; a browser without
// deflate-raw streams says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { openSite, VIEWPORTS, state, ui, tap, find, settle, input, onScreen, saveScreenshot, WAIT, started, ARTIFACTS } from './harness.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let site;
before(async () => { site = await openSite(); });
after(async () => { await site?.close(); });

// The link's fragment as the app writes it (docs/session-format.md, "The link"): base64url of the
// raw deflate data, '.', the CRC-32 of the text.
const deflated = (text) => zlib.deflateRawSync(Buffer.from(text, 'utf8')).toString('base64url');
const checksum = (text) => zlib.crc32(Buffer.from(text, 'utf8')).toString(16).padStart(8, '0');
const pack = (text) => `#s=${deflated(text)}.${checksum(text)}`;

const dispatch = (page, action) => page.evaluate((a) => window.czary.dispatch(a), action);
const sessionEntries = (page) => page.evaluate(() => Object.fromEntries(Object.keys(localStorage)
  .filter((k) => k.startsWith('czary.session.')).map((k) => [k, localStorage.getItem(k)])));

async function newPage(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await started(page);
  return { page, errors };
}

// A phone with a saved game of its own (Gislan), and the page of it closed again.
async function phoneWithSavedGame() {
  const context = await site.browser.newContext({ ...VIEWPORTS.phoneFlat });
  const { page } = await newPage(context, site.url);
  assert.equal((await dispatch(page, { type: 'add_hero', hero: 'gislan' })).ok, true);
  const saved = await sessionEntries(page);
  assert.equal(Object.keys(saved).length, 1);
  await page.close();
  return { context, saved };
}

test('a session passed by its link: the QR code, the question, the same state as a new session under its name', async () => {
  const contextA = await site.browser.newContext({ ...VIEWPORTS.phoneFlat });
  const b = await phoneWithSavedGame();
  try {
    // Phone A: a party of 4 and a fight of about 40 steps (docs/examples/11), renamed.
    const { page: a, errors } = await newPage(contextA, site.url);
    const example = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs/examples/11-sleep-hesitate-cease-fire.json'), 'utf8'));
    let applied = 0;
    for (const action of example.actions) if ((await dispatch(a, action)).ok) applied += 1;
    assert.ok(applied >= 35, `${applied} steps applied`);
    await settle(a);
    await tap(a, 'tab:sessions');
    await tap(a, 'input:session-name');
    for (let i = 0; i < 8; i += 1) await a.keyboard.press('Backspace');
    await a.keyboard.type('Wieczór z trollem');
    await a.keyboard.press('Enter');
    await tap(a, 'session:rename');
    assert.equal((await ui(a)).storedSession.name, 'Wieczór z trollem');

    await tap(a, 'session:share');
    await a.waitForFunction(() => window.czary.ui().share?.link, null, WAIT);
    const share = (await ui(a)).share;
    let link = share.link;
    assert.ok(link.startsWith(site.url.split('#')[0] + '#s='), link.slice(0, 80));
    assert.equal(share.bytes, link.length);
    assert.equal(share.qr, true, `a link of ${link.length} bytes fits one QR code`);
    console.log(`# link of a party of 4 after ${applied} steps: ${link.length} bytes, QR code ${share.qrSize} modules a side`);
    assert.match((await ui(a)).texts['share:scan'], /Zeskanuj ten kod/);
    assert.equal((await ui(a)).texts['share:note'], `Cała sesja z historią (${applied} kroków): nic nie jest pominięte.`);

    // The code drawn on screen decodes back to the link (zbarimg, when installed).
    const rect = await find(a, 'share:qr');
    const file = path.join(ARTIFACTS, 'share-qr.png');
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await a.screenshot({ path: file, clip: { x: rect.x, y: rect.y, width: rect.w, height: rect.h } });
    let zbar = null;
    try { zbar = execFileSync('zbarimg', ['--quiet', '--raw', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).replace(/\n$/, ''); } catch (error) {
      if (error.code !== 'ENOENT') throw error;
      console.log('# SKIPPED decoding the screen: zbarimg not installed (zbar-tools; scripts/setup.sh installs it)');
    }
    if (zbar !== null) assert.equal(zbar, link);
    await saveScreenshot(a, 'share-phone-qr');
    // The view left open while the game goes on: the code follows (a roll at the tray).
    assert.equal((await dispatch(a, { type: 'roll_dice', code: '1K6', purpose: 'tray' })).ok, true);
    await a.waitForFunction((old) => { const s = window.czary.ui().share; return s && !s.waiting && s.link && s.link !== old; }, link, WAIT);
    link = (await ui(a)).share.link;
    assert.equal((await ui(a)).texts['share:note'], `Cała sesja z historią (${applied + 1} kroków): nic nie jest pominięte.`);
    const stateA = await state(a);

    // "Anuluj" is the question's only way out (no "×" beside it): nothing waits unseen, nothing is stored.
    {
      const { page: closed } = await newPage(b.context, link);
      await closed.waitForFunction(() => window.czary.ui().notice?.offer === 'open_shared', null, WAIT);
      assert.equal((await closed.evaluate(() => window.czary.layout()))['toast:close'], undefined);
      await tap(closed, 'notice:cancel');
      await closed.waitForFunction(() => window.czary.ui().incomingShare === null, null, WAIT);
      assert.equal((await ui(closed)).notice, null);
      assert.deepEqual(await sessionEntries(closed), b.saved);
      await closed.close();
    }

    // Phone B opens the link: the fragment is gone at once, and the app asks.
    const { page: pageB, errors: errorsB } = await newPage(b.context, link);
    assert.equal(await pageB.evaluate(() => window.location.href), site.url.split('#')[0]);
    await pageB.waitForFunction(() => window.czary.ui().notice?.offer === 'open_shared', null, WAIT);
    const steps = stateA.steps;
    const form = steps === 1 ? 'krok' : [2, 3, 4].includes(steps % 10) && ![12, 13, 14].includes(steps % 100) ? 'kroki' : 'kroków';
    assert.equal((await ui(pageB)).notice.text,
                 `Otworzyć przekazaną sesję „Wieczór z trollem” (${steps} ${form}) jako nową? Sesje zapisane na tym urządzeniu zostaną bez zmian.`);
    assert.deepEqual(await sessionEntries(pageB), b.saved, 'nothing is stored before "yes"');
    await saveScreenshot(pageB, 'share-phone-question');
    await tap(pageB, 'notice:open-shared');
    await pageB.waitForFunction(() => window.czary.ui().storedSession?.name === 'Wieczór z trollem', null, WAIT);
    assert.equal((await ui(pageB)).notice.text,
                 'Otwarto przekazaną sesję jako nową: „Wieczór z trollem”; sesja „Sesja 1” pozostaje zapisana.');
    assert.equal((await ui(pageB)).tab, 'table', 'a passed game goes on at the table');
    assert.deepEqual(await state(pageB), stateA);
    const entries = await sessionEntries(pageB);
    assert.equal(Object.keys(entries).length, 2, 'a new session; the saved one stays');
    for (const [key, value] of Object.entries(b.saved)) assert.equal(entries[key], value);
    assert.deepEqual(errors, []);
    assert.deepEqual(errorsB, []);
  } finally {
    await contextA.close();
    await b.context.close();
  }
});

test('a damaged, cut-short or newer link is refused in Polish; the app starts with its saved sessions untouched', async () => {
  const base = site.url.split('#')[0];
  const goodText = JSON.stringify({ format: 'czary-session', version: 1, meta: { name: 'X' },
                                   actions: Array.from({ length: 30 }, () => ({ type: 'add_hero', hero: 'larraka' })) });
  const good = deflated(goodText);
  let cut = good.slice(0, Math.floor(good.length / 2));
  if (cut.length % 4 === 1) cut = cut.slice(0, -1);  // still base64url: the deflate data is what is cut
  // Valid deflate data of another game under the first one's checksum: a character changed on
  // the way that still unpacks (the playtest opened an orc of siła 3 instead of 6 that way).
  const otherGame = deflated(goodText.replace('"X"', '"Y"'));
  const damaged = /: link jest uszkodzony albo ucięty; zeskanuj kod jeszcze raz\.$/;
  const links = {
    'bad base64url': { fragment: '#s=ab$c%21!*', reason: damaged },
    'cut-short deflate data': { fragment: `#s=${cut}.${checksum(goodText)}`, reason: damaged },
    'unpacks to another text than its checksum': { fragment: `#s=${otherGame}.${checksum(goodText)}`, reason: damaged },
    'no checksum': { fragment: '#s=' + good, reason: damaged },
    'junk after the checksum': { fragment: `${pack(goodText)}xyz`, reason: damaged },
    'a newer version': { fragment: pack(JSON.stringify({ format: 'czary-session', version: 2, actions: [] })),
                         reason: /: link pochodzi z nowszej wersji Czarów; uaktualnij aplikację\.$/ },
    // A few kilobytes that unpack to 9 MiB: the page stops unpacking at a session file's limit.
    'a link that unpacks to more than a session may hold': { fragment: pack(' '.repeat(9 << 20)),
                                                             reason: /: sesja w linku jest większa niż dozwolone 2048 KB\.$/ },
    // Issue 24, item 7: a link of 1.3 MB that unpacks to a gigabyte took a gigabyte of the page's
    // memory (a phone kills the tab) before the limit was looked at: it is fed in pieces now.
    'a deflate bomb: 1.3 MB that unpack to 1 GB': { fragment: `#s=${zlib.deflateRawSync(Buffer.alloc(1 << 30), { level: 9 }).toString('base64url')}.00000000`,
                                                   reason: /: sesja w linku jest większa niż dozwolone 2048 KB\.$/, heap: true },
    // Item 10: a limit is named, not called damage (scanning again would not help).
    'a link of 50,001 actions': { fragment: pack(JSON.stringify({ format: 'czary-session', version: 1,
                                                                   actions: Array.from({ length: 50001 }, () => ({ type: 'next_phase' })) })),
                                  reason: /: sesja ma 50001 kroków, a może mieć najwyżej 50000\.$/ },
  };
  for (const [what, { fragment, reason, heap }] of Object.entries(links)) {
    const b = await phoneWithSavedGame();
    try {
      const { page, errors } = await newPage(b.context, base + fragment);
      assert.equal(await page.evaluate(() => window.location.href), base, what);
      await page.waitForFunction(() => window.czary.ui().notice, null, WAIT);
      const notice = (await ui(page)).notice;
      assert.match(notice.text, /^Nie otwarto przekazanej sesji: /, what);
      assert.match(notice.text, reason, what);
      if (heap) {
        const cdp = await b.context.newCDPSession(page);
        await cdp.send('Performance.enable');
        const { metrics } = await cdp.send('Performance.getMetrics');
        const total = metrics.find((m) => m.name === 'JSHeapTotalSize').value;
        assert.ok(total < 200 * 2 ** 20, `${what}: the page's heap stayed small (${Math.round(total / 2 ** 20)} MB)`);
      }
      assert.equal((await ui(page)).incomingShare, null);
      assert.equal((await state(page)).figures.length, 1, `${what}: the saved game is open`);
      assert.deepEqual(await sessionEntries(page), b.saved, what);
      assert.deepEqual(errors, [], what);
    } finally {
      await b.context.close();
    }
  }
});

test('a session too long for one QR code: the current position only (no undo history), the export; what is left out is said', async () => {
  const contextA = await site.browser.newContext({ ...VIEWPORTS.phoneFlat, acceptDownloads: true });
  const b = await phoneWithSavedGame();
  try {
    const { page: a, errors } = await newPage(contextA, site.url);
    // Four heroes, then many tray rolls whose purposes are all different: a history that does
    // not compress into 2953 bytes.
    let seed = 7;
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const word = () => Array.from({ length: 30 }, () => letters[(seed = (seed * 1103515245 + 12345) % 2147483648) % 26]).join('');
    const actions = ['larraka', 'gislan', 'curvenol', 'dierdra'].map((hero) => ({ type: 'add_hero', hero }))
      .concat(Array.from({ length: 300 }, () => ({ type: 'roll_dice', code: '1K6', purpose: word() })));
    const accepted = await a.evaluate((list) => list.filter((action) => window.czary.dispatch(action).ok).length, actions);
    assert.equal(accepted, actions.length);
    await settle(a);
    await tap(a, 'tab:sessions');
    await tap(a, 'session:share');
    await a.waitForFunction(() => window.czary.ui().share?.link, null, WAIT);
    let share = (await ui(a)).share;
    assert.equal(share.qr, false);
    assert.ok(share.bytes > 2953, `${share.bytes} bytes`);
    assert.equal((await ui(a)).texts['share:too-large'],
                 'Cała sesja z historią (304 kroki) nie mieści się w jednym kodzie QR. Wybierz, jak ją przekazać:');
    const rects = await a.evaluate(() => window.czary.layout());
    assert.ok(!rects['share:qr'], 'no QR code is drawn');
    const canShareFiles = await a.evaluate(() => !!(navigator.canShare && navigator.canShare({ files: [new File(['{}'], 'a.json')] })));
    assert.equal(!!rects['share:file'], canShareFiles, 'the share sheet is offered only where the browser shares files');

    // The export: the whole file, and the view says so.
    await find(a, 'share:export');
    const [download] = await Promise.all([a.waitForEvent('download', { timeout: WAIT.timeout }), tap(a, 'share:export')]);
    assert.equal(JSON.parse(fs.readFileSync(await download.path(), 'utf8')).actions.length, actions.length);
    assert.match((await ui(a)).texts['share:file-note'], /^Pobrano plik „czary-Sesja-1\.json”: cała sesja z historią, nic nie jest pominięte/);

    // The current position only: a QR code again, and what is left out.
    await tap(a, 'share:position-only');
    // The link comes from the page; the view that shows it is drawn in a frame after that.
    await a.waitForFunction(() => window.czary.ui().share?.positionOnly && window.czary.ui().share.link &&
                            /^Tylko obecna pozycja/.test(window.czary.ui().texts['share:note'] ?? ''), null, WAIT);
    share = (await ui(a)).share;
    assert.equal(share.qr, true);
    assert.match((await ui(a)).texts['share:note'],
                 /^Tylko obecna pozycja: pominięto historię cofania i dziennik \(304 kroki\)/);
    await find(a, 'share:export');  // the whole file stays one tap away under the code
    const stateA = await state(a);

    const { page: pageB, errors: errorsB } = await newPage(b.context, share.link);
    await pageB.waitForFunction(() => window.czary.ui().notice?.offer === 'open_shared', null, WAIT);
    assert.equal((await ui(pageB)).notice.text,
                 'Otworzyć przekazaną sesję „Sesja 1” (tylko obecna pozycja, bez historii) jako nową? Sesje zapisane na tym urządzeniu zostaną bez zmian. '
                 + 'Sesja o tej nazwie już tu jest: przekazana będzie nazwana „Sesja 1 (2)”.');
    await tap(pageB, 'notice:open-shared');
    await pageB.waitForFunction(() => Object.keys(localStorage).filter((k) => k.startsWith('czary.session.')).length === 2, null, WAIT);
    assert.deepEqual(await state(pageB), { ...stateA, position: 0, steps: 0 }, 'the same position, with no history');
    // Its log does not look empty: it says where it begins.
    await tap(pageB, 'tab:log');
    assert.equal((await ui(pageB)).texts['log:begun'],
                 'Początek dziennika: sesja zaczęła się od gry w toku, bez wcześniejszej historii (4 żetony na stole).');
    assert.deepEqual(errors, []);
    assert.deepEqual(errorsB, []);
  } finally {
    await contextA.close();
    await b.context.close();
  }
});

test('the largest code, version 40, drawn on a phone decodes back to its link', async (t) => {
  const context = await site.browser.newContext({ ...VIEWPORTS.phoneFlat });
  try {
    const { page, errors } = await newPage(context, site.url);
    let seed = 7;
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const word = () => Array.from({ length: 30 }, () => letters[(seed = (seed * 1103515245 + 12345) % 2147483648) % 26]).join('');
    const actions = ['larraka', 'gislan', 'curvenol', 'dierdra'].map((hero) => ({ type: 'add_hero', hero }))
      .concat(Array.from({ length: 85 }, () => ({ type: 'roll_dice', code: '1K6', purpose: word() })));
    await page.evaluate((list) => list.forEach((action) => window.czary.dispatch(action)), actions);
    await settle(page);
    await tap(page, 'tab:sessions');
    await tap(page, 'session:share');
    await page.waitForFunction(() => window.czary.ui().share?.link, null, WAIT);
    const share = (await ui(page)).share;
    assert.equal(share.qr, true, `${share.bytes} bytes`);
    assert.ok(share.qrSize >= 169, `version 38-40 (${share.qrSize} modules a side)`);
    const rect = await find(page, 'share:qr');
    const file = path.join(ARTIFACTS, 'share-qr-large.png');
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: file, clip: { x: rect.x, y: rect.y, width: rect.w, height: rect.h } });
    let zbar;
    try {
      zbar = execFileSync('zbarimg', ['--quiet', '--raw', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).replace(/\n$/, '');
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
      return t.skip('zbarimg not installed (zbar-tools; scripts/setup.sh installs it)');
    }
    assert.equal(zbar, share.link);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a browser without deflate-raw streams says so: a link it cannot read is refused, and passing offers the file', async () => {
  const b = await phoneWithSavedGame();
  try {
    await b.context.addInitScript(() => {
      delete window.CompressionStream;
      delete window.DecompressionStream;
    });
    const base = site.url.split('#')[0];
    const fragment = '#s=' + zlib.deflateRawSync(Buffer.from(JSON.stringify({ format: 'czary-session', version: 1 }))).toString('base64url');
    const { page, errors } = await newPage(b.context, base + fragment);
    assert.equal(await page.evaluate(() => window.location.href), base);
    await page.waitForFunction(() => window.czary.ui().notice, null, WAIT);
    assert.equal((await ui(page)).notice.text,
                 'Nie otwarto przekazanej sesji: ta przeglądarka nie umie rozpakować linku; uaktualnij ją albo przekaż plik sesji.');
    assert.deepEqual(await sessionEntries(page), b.saved);

    await tap(page, 'tab:sessions');
    await tap(page, 'session:share');
    await page.waitForFunction(() => window.czary.ui().share?.waiting === false, null, WAIT);
    assert.equal((await ui(page)).texts['share:too-large'], 'Ta przeglądarka nie umie skompresować linku: przekaż plik sesji.');
    const rects = await page.evaluate(() => window.czary.layout());
    assert.ok(rects['share:export'] && !rects['share:position-only'] && !rects['share:qr']);
    assert.deepEqual(errors, []);
  } finally {
    await b.context.close();
  }
});

// The view opens where the player looks: after *Przekaż na inne urządzenie* the code and
// "Zamknij" are wholly on screen with no scrolling by the player (the button sits low in the
// tab), and the code is as large as the screen shows (it was 250-315 px even on a tablet).
test('the QR code opens in view with "Zamknij", as large as the screen allows: phones and tablets, portrait and landscape', async () => {
  const example = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs/examples/11-sleep-hesitate-cease-fire.json'), 'utf8'));
  const screens = {
    phone: { ...VIEWPORTS.phoneFlat, least: (v) => 0.75 * v.width },
    'small phone': { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, least: (v) => 0.75 * v.width },
    tablet: { ...VIEWPORTS.tablet, least: (v) => 0.55 * Math.min(v.width, v.height) },
    'tablet portrait': { ...VIEWPORTS.tablet, viewport: { width: 768, height: 1024 }, least: (v) => 0.75 * v.width },
  };
  for (const [name, { least, ...options }] of Object.entries(screens)) {
    const context = await site.browser.newContext(options);
    try {
      const { page, errors } = await newPage(context, site.url);
      await page.evaluate((list) => list.forEach((action) => window.czary.dispatch(action)), example.actions);
      await settle(page);
      await tap(page, 'tab:sessions');
      await tap(page, 'session:share');
      await page.waitForFunction(() => window.czary.ui().share?.link, null, WAIT);
      const qr = await onScreen(page, 'share:qr');
      await onScreen(page, 'share:close');
      const viewport = page.viewportSize();
      assert.ok(qr.w >= least(viewport), `${name}: a code ${Math.round(qr.w)} px wide on ${viewport.width}x${viewport.height}`);
      assert.ok(Math.abs(qr.w - qr.h) < 1, `${name}: square`);
      await saveScreenshot(page, `share-view-${name.replace(' ', '-')}`);
      // "Zamknij" closes the view where the finger is.
      await tap(page, 'share:close');
      assert.equal((await ui(page)).share?.open ?? false, false, name);
      assert.deepEqual(errors, [], name);
    } finally {
      await context.close();
    }
  }
});

// A phone on which Czary is already open (the tab, or the installed app the camera hands the
// link to): only the fragment changes and the page is not loaded again; the link is read all
// the same. A fresh phone has no saved session: the notice does not say one stays saved.
test('a link opened where Czary already runs is read at once; a damaged one after it is refused', async () => {
  const context = await site.browser.newContext({ ...VIEWPORTS.phoneFlat });
  try {
    const { page, errors } = await newPage(context, site.url);
    const base = site.url.split('#')[0];
    const file = { format: 'czary-session', version: 1, meta: { name: 'Wieczór z trollem' },
                   actions: ['larraka', 'gislan'].map((hero) => ({ type: 'add_hero', hero })) };
    await page.evaluate((fragment) => { window.location.hash = fragment; }, pack(JSON.stringify(file)));
    await page.waitForFunction(() => window.czary.ui().notice?.offer === 'open_shared', null, WAIT);
    assert.equal(await page.evaluate(() => window.location.href), base);
    // A fresh phone: no saved sessions to say anything about.
    assert.equal((await ui(page)).notice.text, 'Otworzyć przekazaną sesję „Wieczór z trollem” (2 kroki) jako nową?');
    await tap(page, 'notice:open-shared');
    await page.waitForFunction(() => window.czary.ui().storedSession?.name === 'Wieczór z trollem', null, WAIT);
    assert.equal((await ui(page)).notice.text, 'Otwarto przekazaną sesję jako nową: „Wieczór z trollem”.');
    assert.equal((await state(page)).figures.length, 2);

    await page.evaluate(() => { window.location.hash = '#s=ab$c'; });
    await page.waitForFunction(() => window.czary.ui().notice?.text.startsWith('Nie otwarto'), null, WAIT);
    assert.equal((await ui(page)).notice.text, 'Nie otwarto przekazanej sesji: link jest uszkodzony albo ucięty; zeskanuj kod jeszcze raz.');
    assert.equal(await page.evaluate(() => window.location.href), base);
    assert.equal((await state(page)).figures.length, 2, 'the open session stays');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
