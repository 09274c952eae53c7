// The app in every engine a table's phones run (issue 29): Chromium, Firefox ESR and WebKitGTK
// (the engine of every iPhone browser), each at a phone's size, by touch where the engine's driver
// offers it (tests/browser/engines.mjs says where it does not, and keeps every other difference).
// Each check is written once and runs in each engine, on one page, in order: start, a party, an
// adventure and a fight, casts with the app's and the table's dice, a refusal, undo, a reload,
// an offline reload, export and import, a passed-game link, damaged storage. The site is served
// as serve.sh serves it to the phones at a live table: what compresses, gzipped.
// Run under an X display (the ctest command runs it under xvfb-run): Firefox and MiniBrowser draw
// WebGL only there.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startServer } from '../../scripts/static-server.mjs';
import { ENGINE_NAMES, openEngine, artifact } from './engines.mjs';

const dist = process.env.CZARY_WEB_DIST;
if (!dist || !fs.existsSync(`${dist}/index.html`)) throw new Error(`CZARY_WEB_DIST='${dist}' has no built site: run scripts/build-web.sh`);
const FIGHT = JSON.parse(fs.readFileSync(new URL('../cli/fight.json', import.meta.url), 'utf8')).actions.slice(0, 16);
const WAIT_MS = 60000;

// --- the few steps every check is made of, over any engine's page ----------------------------

async function waitFor(tab, fn, arg, what) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    let value = null;
    try { value = await tab.evaluate(fn, arg); } catch (error) { if (Date.now() > deadline) throw error; }
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${tab.engine}: waited ${WAIT_MS / 1000} s for ${what ?? fn}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const status = (tab) => tab.evaluate(() => window.czary.status());
const ui = (tab) => tab.evaluate(() => window.czary.ui());
const state = (tab) => tab.evaluate(() => window.czary.state());
const layout = (tab) => tab.evaluate(() => window.czary.layout());
const dispatch = (tab, action) => tab.evaluate((a) => window.czary.dispatch(a), action);

// The app has started and drawn, and its files are kept for offline use (the note is gone).
const started = (tab) => waitFor(tab, () => !!(window.czary?.ready && window.czary.status().frames > 3 && window.czary.ui().offlineReady !== false), null, 'the app to start');
// At rest after everything sent so far; with `since`, also after something new came or was drawn.
const settle = (tab, since) => waitFor(tab, (s) => {
  const now = window.czary.status();
  return now.loopPaused && (!s || now.events > s.events || now.frames > s.frames);
}, since ?? null, 'the app to rest');
async function input(tab, send) {
  const since = await status(tab);
  await send();
  await settle(tab, since);
}
async function prepare(tab, actions) {
  for (const action of actions) {
    const result = await dispatch(tab, action);
    assert.equal(result.ok, true, `${tab.engine}: ${JSON.stringify(action)}: ${JSON.stringify(result.refusal)}`);
  }
  await settle(tab);
}

const overlaps = (a, b) => !!(a && b && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h);
// A widget wholly on screen and clear of the toast; the wheel brings it there (a turn at a time,
// looking after each), a toast over it goes by itself first.
async function find(tab, id, size) {
  let rects = {};
  for (let turn = 0; turn < 40; turn += 1) {
    await settle(tab);
    rects = await layout(tab);
    const r = rects[id];
    const covered = rects.toast && !/^(toast|notice)/.test(id) && overlaps(rects.toast, r);
    if (r && !r.clipped && r.y >= 0 && r.y + r.h <= size.height && !covered) return r;
    if (covered) {
      await waitFor(tab, () => { const l = window.czary.layout(); return !l.toast && !l['toast:gone']; }, null, 'the toast to go');
      continue;
    }
    const down = !r || r.y + r.h > size.height;
    const x = r ? r.x + 4 : size.width - 12;
    const y = r ? Math.min(size.height - 8, Math.max(8, r.y + r.h / 2)) : size.height * 0.6;
    await input(tab, () => tab.wheel(x, y, down ? 120 : -120));
  }
  throw new Error(`${tab.engine}: widget '${id}' not found on screen: ${JSON.stringify(rects[id])}, toast ${JSON.stringify(rects.toast)}`);
}
// A tap as the engine's driver sends it: down and up at once.
async function tap(tab, id, size) {
  const r = await find(tab, id, size);
  await input(tab, () => tab.tap(r.x + r.w / 2, r.y + r.h / 2));
  return r;
}
// The app as at a first start: storage emptied from another page of the site (its icon: every
// engine shows an SVG file as a page; Firefox would download the manifest), opened again.
async function fresh(tab, url, seed = {}) {
  await tab.goto(new URL('icon.svg', url).href);
  // A file of the site opened in the browser is that file, not the app under its address (the
  // service worker answered every navigation with the page: Firefox then reported the app's
  // loading cut short by the next navigation).
  assert.equal(await tab.evaluate(() => document.querySelector('canvas')), null, `${tab.engine}: the icon is not the app`);
  await tab.evaluate((entries) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, seed);
  await tab.clearErrors();
  await tab.goto(url);
  await started(tab);
}

// --- the checks, in each engine -----------------------------------------------------------------

for (const engine of ENGINE_NAMES) {
  describe(engine, () => {
    const size = { width: 390, height: 844 };
    let tab, server, url, port;

    before(async () => {
      // Served as serve.sh serves the phones at a live table: what compresses, gzipped.
      ({ server, url } = await startServer(dist, 0, '127.0.0.1', { gzip: true }));
      port = server.address().port;
      tab = await openEngine(engine, size);
      console.log(`# ${engine}: ${tab.version}; taps by ${tab.pointer}${tab.pointer === 'touch' ? '' : ' (its driver has no touch here)'}`);
    });
    after(async () => {
      await tab?.close();
      server?.closeAllConnections();
      server?.close();
    });

    test('starts at a phone\'s size: first frames, WebGL, every glyph, no errors', async () => {
      await tab.goto(url);
      await started(tab);
      const s = await status(tab);
      assert.deepEqual(s.canvas.css, [size.width, size.height], 'the canvas fills the phone\'s screen');
      assert.match(s.glVersion, /WebGL/);
      assert.deepEqual(s.missingGlyphs, []);
      assert.equal(s.frameErrors, 0);
      assert.equal(s.language, 'pl');
      // The wasm came gzipped (serve.sh's server) and the engine compiled what it unpacked.
      const wasm = await tab.evaluate(() => {
        const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/czary-app.wasm'));
        return entry && { encoded: entry.encodedBodySize, decoded: entry.decodedBodySize };
      });
      assert.ok(wasm && wasm.encoded > 0 && wasm.encoded < wasm.decoded / 2, `the wasm's transfer: ${JSON.stringify(wasm)}`);
      await settle(tab);
      await tab.screenshot(artifact(engine, '1-start'));
      assert.deepEqual(await tab.errors(), []);
    });

    test('a party, an adventure and a fight; a cast with the app\'s dice and one with the table\'s; a refusal; undo', async () => {
      await fresh(tab, url);
      await prepare(tab, FIGHT);
      assert.equal((await state(tab)).fight.active, true);
      await tap(tab, 'tab:table', size);

      // Błyskawica (Larraka, c1, second rank) on the troll with the app's dice: one step.
      const before = (await state(tab)).steps;
      const trollBefore = (await state(tab)).figures.find((f) => f.id === 'm4').wounds;
      await tap(tab, 'token:c1', size);
      await tap(tab, 'card:blyskawica', size);  // a lit card starts the cast at once
      await tap(tab, 'token:m4', size);
      assert.equal((await ui(tab)).cast.tableDice, false, 'the app rolls by default');
      await tap(tab, 'cast:confirm', size);
      let now = await state(tab);
      assert.equal(now.steps, before + 1, 'the cast is one step');
      const cast = (await tab.evaluate(() => window.czary.session())).actions.at(-1);
      assert.equal(cast.type, 'cast');
      assert.equal(cast.spell, 'blyskawica');
      await tab.screenshot(artifact(engine, '2-cast-app-dice'));

      // Undo takes it back.
      await tap(tab, 'undo', size);
      now = await state(tab);
      assert.equal(now.position, before);
      assert.equal(now.figures.find((f) => f.id === 'm4').wounds, trollBefore);

      // Again with the table's dice: resist 6 (the troll, odporność 3, fails), damage pip 2 ->
      // 1 x 2 wounds.
      await tap(tab, 'token:c1', size);
      await tap(tab, 'card:blyskawica', size);
      await tap(tab, 'token:m4', size);
      await tap(tab, 'cast:dice-mode', size);
      assert.equal((await ui(tab)).cast.tableDice, true);
      await tap(tab, 'cast:pip:6', size);
      await tap(tab, 'cast:pip:2', size);
      await tap(tab, 'cast:confirm-pips', size);
      now = await state(tab);
      assert.equal(now.steps, before + 1);
      assert.equal(now.figures.find((f) => f.id === 'm4').wounds, trollBefore + 2, 'the table\'s pips decided the damage');
      await tab.screenshot(artifact(engine, '3-cast-table-dice'));

      // A refusal: Curvenol stands in the first rank; his cards say why, with the rule, and a
      // cast asked for anyway is refused in both languages with its code and rule.
      await tap(tab, 'token:c3', size);
      const reason = (await layout(tab))['card-reason:psychiczny_cios'];
      assert.equal(reason?.text, 'Podczas walki postacie rzucają czary tylko z drugiego szeregu (10.4).');
      await tap(tab, 'card:psychiczny_cios', size);
      assert.equal((await ui(tab)).cast.spell, '', 'a dimmed card starts no cast');
      const refused = await dispatch(tab, { type: 'cast', caster: 'c3', spell: 'psychiczny_cios', targets: ['m4'] });
      assert.equal(refused.ok, false);
      assert.equal(refused.refusal.rule, '10.4');
      assert.equal((await state(tab)).steps, before + 1, 'nothing applied');
      assert.deepEqual(await tab.errors(), []);
    });

    test('a reload keeps the session, the tab and the selection', async () => {
      await tap(tab, 'token:c3', size);
      const kept = { state: await state(tab), tab: (await ui(tab)).tab, selected: (await ui(tab)).selected };
      assert.equal(kept.tab, 'table');
      assert.equal(kept.selected, 'c3');
      await tab.reload();
      await started(tab);
      assert.deepEqual(await state(tab), kept.state);
      assert.equal((await ui(tab)).tab, kept.tab);
      assert.equal((await ui(tab)).selected, kept.selected);
      assert.deepEqual(await tab.errors(), []);
    });

    test('offline: with the server gone, a reload starts the app from the service worker\'s copy', async () => {
      const kept = await state(tab);
      assert.equal(await tab.evaluate(() => !!navigator.serviceWorker?.controller), true, 'the service worker controls the page');
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      try {
        await tab.reload();
        await started(tab);
        assert.deepEqual(await state(tab), kept, 'the saved session, offline');
        await tab.screenshot(artifact(engine, '4-offline'));
      } finally {
        await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
      }
    });

    test('export a session file and import it: a new session; the first stays', async () => {
      // The browser's save and file dialogs are the engine's own: the page's file link is read
      // where the app makes it, and the file the player would pick is handed to the app's picker.
      // (The page's own rules allow no fetch of a blob: the file's blob is read as it is made.)
      await tab.evaluate(() => {
        window.__exported = null;
        const blobs = new Map();
        const makeUrl = URL.createObjectURL;
        URL.createObjectURL = (blob) => { const made = makeUrl(blob); blobs.set(made, blob); return made; };
        document.addEventListener('click', (event) => {
          const link = event.target;
          if (!(link instanceof HTMLAnchorElement) || !link.download || !blobs.has(link.href)) return;
          event.preventDefault();
          blobs.get(link.href).text().then((text) => { window.__exported = { name: link.download, text }; });
        }, true);
        HTMLInputElement.prototype.click = function click() {
          if (this.type !== 'file' || window.__toImport == null) return;
          const files = new DataTransfer();
          files.items.add(new File([window.__toImport], 'sesja.json', { type: 'application/json' }));
          this.files = files.files;
          this.dispatchEvent(new Event('change'));
        };
      });
      const exportedState = await state(tab);
      await tap(tab, 'tab:sessions', size);
      await tap(tab, 'session:export', size);
      const exported = await waitFor(tab, () => window.__exported, null, 'the exported file');
      const file = JSON.parse(exported.text);
      assert.equal(file.format, 'czary-session');
      assert.equal(file.position, exportedState.position);
      const name = (await ui(tab)).storedSession.name;
      await tab.evaluate((text) => { window.__toImport = text; }, JSON.stringify(file));
      await tap(tab, 'session:import', size);
      await waitFor(tab, () => /^Zaimportowano/.test(window.czary.ui().notice?.text ?? ''), null, 'the import\'s notice');
      assert.equal((await ui(tab)).notice.text, `Zaimportowano sesję jako nową: „${name} (2)”; sesja „${name}” pozostaje zapisana.`);
      assert.deepEqual(await state(tab), exportedState);
      assert.equal((await ui(tab)).storedSession.name, `${name} (2)`);
      assert.deepEqual(await tab.errors(), []);
    });

    test('a passed game\'s link (#s=) opens as a new session', async () => {
      await tap(tab, 'tab:sessions', size);
      await tap(tab, 'session:share', size);
      const link = await waitFor(tab, () => window.czary.ui().share?.link, null, 'the share link');
      assert.ok(link.includes('#s='), link.slice(0, 60));
      const passed = await state(tab);
      await fresh(tab, url);
      await tab.goto(link);
      await waitFor(tab, () => window.czary?.ready && window.czary.ui().notice?.offer === 'open_shared', null, 'the question');
      await tap(tab, 'notice:open-shared', size);
      await waitFor(tab, () => /^Otwarto przekazaną sesję/.test(window.czary.ui().notice?.text ?? ''), null, 'the passed session');
      assert.deepEqual(await state(tab), passed);
      assert.equal((await ui(tab)).tab, 'table');
      assert.deepEqual(await tab.errors(), []);
    });

    test('damaged storage does not stop the start: each entry listed with its reason, kept as it was', async () => {
      const damaged = {
        'czary.session.1': '{"format":"czary-store","version":1,"session":{"format":"czary-session","version":1},"version":-5}',
        'czary.session.2': `{"format":"czary-store","version":2,"name":"Głęboka","revision":1,"saved_at":1,"steps":0,"session":{"format":"czary-session","version":1,"meta":${'['.repeat(10000)}${']'.repeat(10000)}}}`,
        'czary.session.3': '{"format": "czary-store", "version": 1, "session": {',
        'czary.last': 'czary.session.1',
        'czary.settings': '{"language":',
      };
      await fresh(tab, url, damaged);
      assert.equal((await status(tab)).frameErrors, 0);
      assert.match((await ui(tab)).notice?.text ?? '', /Zapisanej sesji nr 1 nie da się odczytać: zapis jest uszkodzony/);
      await tap(tab, 'tab:sessions', size);
      const texts = (await ui(tab)).texts;
      for (const key of ['czary.session.1', 'czary.session.2', 'czary.session.3']) {
        assert.ok(texts[`session-row:${key}`], `${key} is listed: ${Object.keys(texts).join(' ')}`);
      }
      const stored = await tab.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), Object.keys(damaged).slice(0, 3));
      assert.deepEqual(stored, Object.values(damaged).slice(0, 3), 'kept as they were');
      await tab.screenshot(artifact(engine, '5-damaged'));
      assert.deepEqual(await tab.errors(), []);
    });
  });
}
