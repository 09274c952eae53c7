// The app starts in a real browser at desktop, phone and tablet sizes: no errors, a WebGL
// context, a non-blank first screen, and the Polish text drawn from the TTF at device resolution.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openSite, openApp, saveScreenshot, pixelStats, VIEWPORTS, tap, ui, settle, WAIT } from './harness.mjs';

// Checks that nothing happens at rest watch for this long, once the app says it rests.
const WATCH_MS = 1500;

let site;
before(async () => { site = await openSite(); });
after(async () => { await site?.close(); });

for (const name of ['desktop', 'phone', 'tablet']) {
  test(`smoke at ${name} size`, async () => {
    const { page, context, errors } = await openApp(site, name);
    try {
      // The first frames build the layout and the font; then the app rests.
      await settle(page);
      const status = await page.evaluate(() => window.czary.status());
      assert.ok(status.frames >= 8, `the first frames were drawn (${status.frames})`);

      assert.match(status.glVersion, /WebGL|OpenGL ES/, 'a WebGL context exists');
      assert.equal(status.language, 'pl', 'Polish by default');

      // Every glyph of every text the app can show comes from the TTF, none from the fallback.
      assert.equal(status.font.file, 'DejaVuSans.ttf');
      assert.deepEqual(status.missingGlyphs, [], 'no text needs a fallback glyph');

      // Sharp text: the canvas has device pixels and the font atlas is rasterised at that density.
      const { viewport, deviceScaleFactor } = VIEWPORTS[name];
      assert.equal(status.font.pixelRatio, deviceScaleFactor);
      assert.deepEqual(status.canvas.css, [viewport.width, viewport.height]);
      assert.deepEqual(status.canvas.pixels, [viewport.width * deviceScaleFactor, viewport.height * deviceScaleFactor]);

      const { png } = await saveScreenshot(page, `smoke-${name}`);
      const stats = await pixelStats(site.browser, png);
      assert.ok(stats.variance > 50, `the screen is not blank (luminance variance ${stats.variance.toFixed(1)})`);

      // No frames are drawn while nothing changes; a change draws a few.
      await settle(page);  // the screenshot may have woken it
      const resting = await page.evaluate(() => window.czary.status());
      await page.waitForTimeout(WATCH_MS);
      const later = await page.evaluate(() => window.czary.status());
      assert.equal(later.frames, resting.frames, 'no frames while idle');
      assert.equal(later.rests, resting.rests, 'the loop stayed paused');
      await page.evaluate(() => window.czary.redraw(2));
      await page.waitForFunction((n) => window.czary.status().frames >= n + 2, resting.frames, WAIT);
      await settle(page);

      assert.deepEqual(errors, [], 'no console or page errors');
    } finally {
      await context.close();
    }
  });
}

// Start-up work the first frame waits for. Emscripten would enable every extension the browser
// offers, each a call that waits on the GPU process (tens of milliseconds in all): the app enables
// only what ImGui uses. The font atlas was once uploaded twice (by the app, then by ImGui).
// A frame reads no GL state back: ImGui's backend read eighteen values a frame, each a
// getParameter or isEnabled that waits on the GPU process (1.9 ms of a 3 ms frame in the
// benchmark's profile, docs/benchmark.md).
test('the app asks WebGL for the one extension it uses, uploads the font once, reads no state back in a frame but around an atlas update, and draws without WebGL errors', async () => {
  const { page, context, errors } = await openApp(site, 'phone', (c) => c.addInitScript(() => {
    window.__extensionsAsked = [];
    window.__textureUploads = 0;
    window.__stateReads = [];
    const gl = WebGLRenderingContext.prototype;
    for (const name of ['getParameter', 'isEnabled']) {
      const read = gl[name];
      gl[name] = function (what) {
        window.__stateReads.push(`${name}(${what})`);
        return read.call(this, what);
      };
    }
    const getExtension = gl.getExtension;
    gl.getExtension = function (name) {
      window.__extensionsAsked.push(name);
      return getExtension.call(this, name);
    };
    const texImage2D = gl.texImage2D;
    gl.texImage2D = function (...args) {
      window.__textureUploads += 1;
      return texImage2D.apply(this, args);
    };
    // ImGui 1.92 bakes a glyph when a size first draws it and sends the atlas's changed part.
    window.__textureUpdates = 0;
    const texSubImage2D = gl.texSubImage2D;
    gl.texSubImage2D = function (...args) {
      window.__textureUpdates += 1;
      return texSubImage2D.apply(this, args);
    };
  }));
  // WebGL reports misuse (a missing extension's enum, say) as console warnings.
  const webglWarnings = [];
  page.on('console', (message) => { if (/WebGL:/.test(message.text())) webglWarnings.push(message.text()); });
  try {
    // A roll: the dice shaders draw too. What start-up read (the backend's set-up) is left out.
    await page.evaluate(() => { window.__stateReads = []; });
    const framesBefore = await page.evaluate(() => window.czary.status().frames);
    await page.evaluate(() => window.czary.dispatch({ type: 'roll_dice', code: '2K6', purpose: 'smoke' }));
    await tap(page, 'toast');  // its details draw the dice
    await page.waitForFunction(() => window.czary.ui().dice.length === 2 && window.czary.ui().dice.every((d) => d.settled), null, WAIT);
    assert.deepEqual(await page.evaluate(() => [...new Set(window.__extensionsAsked)]), ['OES_vertex_array_object']);
    assert.ok((await page.evaluate(() => window.czary.status().frames)) > framesBefore + 10, 'the dice drew frames');
    // The one read left is ImGui's own around a change of the atlas (the texture bound before it).
    const { reads, updates, uploads } = await page.evaluate(() => ({
      reads: window.__stateReads, updates: window.__textureUpdates, uploads: window.__textureUploads }));
    const TEXTURE_BINDING_2D = 0x8069;
    assert.deepEqual(reads.filter((read) => read !== `getParameter(${TEXTURE_BINDING_2D})`), [], 'no GL state read back while drawing');
    assert.ok(reads.length <= updates, `no read but around an atlas update (${reads.length} reads, ${updates} updates)`);
    // The font atlas is the only texture (the dice are drawn by shaders).
    assert.equal(uploads, 1, 'the font atlas is uploaded once');
    assert.deepEqual(webglWarnings, []);
    assert.deepEqual(errors, [], 'no console or page errors');
  } finally {
    await context.close();
  }
});

// Left open for hours on a phone: at rest the page does not even ask for animation frames (a
// callback 60 times a second keeps the phone awake); a tap, a turn of the phone and a change of
// pixel ratio wake it.
test('at rest no animation frames are asked for; a tap, a resize and a new pixel ratio wake the app', async () => {
  const { page, context, errors } = await openApp(site, 'phone', (c) => c.addInitScript(() => {
    window.__frameCallbacks = 0;
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => request((time) => {
      window.__frameCallbacks += 1;
      callback(time);
    });
  }));
  const callbacks = () => page.evaluate(() => window.__frameCallbacks);
  const status = () => page.evaluate(() => window.czary.status());
  // Once the app says it rests (its frame loop paused), no callback comes while we watch.
  const atRest = async () => {
    await settle(page);
    const before = await callbacks();
    const rests = (await status()).rests;
    await page.waitForTimeout(WATCH_MS);
    const after = await status();
    assert.equal(after.loopPaused, true, 'still at rest');
    assert.equal(after.rests, rests, 'not woken meanwhile');
    return (await callbacks()) - before;
  };
  try {
    assert.equal(await atRest(), 0, 'no animation-frame callbacks at rest');

    await tap(page, 'tab:dice');
    assert.equal((await ui(page)).tab, 'dice', 'a tap wakes the app and is acted on');
    assert.equal(await atRest(), 0);

    // Turned to landscape: the canvas and the app follow.
    await page.setViewportSize({ width: 844, height: 390 });
    await page.waitForFunction(() => window.czary.status().canvas.css.join() === '844,390', null, WAIT);
    assert.deepEqual((await status()).canvas.pixels, [844 * 3, 390 * 3]);
    assert.equal(await atRest(), 0);

    // The pixel ratio changes (browser zoom, a screen with another density): a sharp font again.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 844, height: 390, deviceScaleFactor: 2, mobile: true });
    await page.waitForFunction(() => window.czary.status().font.pixelRatio === 2, null, WAIT);
    assert.deepEqual((await status()).canvas.pixels, [844 * 2, 390 * 2]);
    assert.equal(await atRest(), 0);
    assert.deepEqual(errors, [], 'no console or page errors');
  } finally {
    await context.close();
  }
});

// An old phone on a weak connection: from the page's first bytes it says the app is loading and
// how much of the wasm has come, until the app draws.
test('over a slow connection the page shows how much has loaded, then the app replaces it', async () => {
  const context = await site.browser.newContext(VIEWPORTS.phone);
  // Every text the loading line shows, as the page changes it (no sampling that could miss one).
  await context.addInitScript(() => {
    window.__loadingSeen = [];
    let last = null;
    const look = () => {
      const loading = document.getElementById('loading');
      if (!loading || loading.style.display === 'none') return;
      if (loading.textContent !== last) window.__loadingSeen.push(last = loading.textContent);
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // About 1.2 Mbit/s: the wasm (not compressed by the test server) takes about ten seconds.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 150 * 1024, uploadThroughput: 150 * 1024 });
    await page.goto(site.url, { waitUntil: 'commit' });
    const amountsShown = (n) => window.czary?.ready || (window.__loadingSeen ?? []).filter((text) => text.includes('KB')).length >= n;
    await page.waitForFunction(amountsShown, 3, WAIT);
    if (!(await page.evaluate(() => window.czary?.ready))) await saveScreenshot(page, 'smoke-phone-loading');
    await page.waitForFunction(() => window.czary?.ready && window.czary.status().frames > 3, null, WAIT);
    assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('loading')).display), 'none',
      'the loading text goes once the app runs');
    const seen = await page.evaluate(() => window.__loadingSeen);
    assert.equal(seen[0], 'Wczytywanie Czarów…\nLoading Czary…', 'shown before any script runs');
    // Then the page's table (web/glue.js) in the app's first language, Polish.
    const amounts = seen.map((text) => text.match(/^Wczytywanie Czarów…\n(\d+) \/ (\d+) KB$/)).filter(Boolean);
    assert.ok(amounts.length >= 3, `progress shown while the wasm comes: ${seen.slice(0, 5).join(' | ')}`);
    const total = Number(amounts[0][2]);
    const wasmKb = Math.round(fs.statSync(path.join(process.env.CZARY_WEB_DIST, 'czary-app.wasm')).size / 1024);
    assert.equal(total, wasmKb, 'the total is the size of the wasm');
    const received = amounts.map((m) => Number(m[1]));
    assert.ok(received.every((kb, i) => i === 0 || kb >= received[i - 1]), 'the amount only grows');
    assert.ok(received[0] < total, 'the first amount is part of the file');
  } finally {
    await context.close();
  }
});

// Before the app exists there is only the page: what it shows when the wasm cannot run.
async function openBroken(breakIt) {
  const context = await site.browser.newContext(VIEWPORTS.phone);
  const page = await context.newPage();
  await breakIt(context, page);
  await page.goto(site.url);
  await page.waitForFunction(() => getComputedStyle(document.getElementById('message')).display !== 'none', null, WAIT);
  // goto() waited for the page's load: every script has run. The message is shown once nothing
  // more can start (main() returned, or the wasm never came to run).
  const shown = await page.evaluate(() => ({ text: document.getElementById('message').textContent, ready: Boolean(window.czary?.ready) }));
  return { context, page, shown };
}

test('a browser without WebAssembly exceptions is told which browsers run Czary', async () => {
  const { context, page, shown } = await openBroken(async (c, p) => {
    // What an older browser answers for the page's probe module (try ... catch of a tag).
    await c.addInitScript(() => { WebAssembly.validate = () => false; });
    await p.goto(site.url + 'manifest.webmanifest');
    await p.evaluate(() => localStorage.setItem('czary.session.1', 'kept as it was'));
  });
  try {
    assert.match(shown.text, /za stara/);  // in the app's first language (web/index.html #page-texts)
    assert.match(shown.text, /Safari 15\.2/);
    assert.equal(shown.ready, false, 'the app does not start');
    assert.equal(await page.evaluate(() => localStorage.getItem('czary.session.1')), 'kept as it was');
    await saveScreenshot(page, 'smoke-phone-too-old');
  } finally {
    await context.close();
  }
});

// Issue 24, item 9: a lost czary-app.js or glue.js left "Wczytywanie Czarów… 1455 / 1455 KB" for
// ever, a lost wasm an English technical error with no advice. Each says in Polish what happened
// and what to do, and the page tries again by itself: once the file answers, the app starts.
for (const [file, breakIt] of [
  ['czary-app.wasm', (route) => route.fulfill({ status: 200, contentType: 'application/wasm', body: Buffer.from('not wasm') })],
  ['czary-app.wasm', (route) => route.fulfill({ status: 404, body: 'no such file' })],
  ['czary-app.js', (route) => route.abort('internetdisconnected')],
  ['glue.js', (route) => route.abort('internetdisconnected')],
]) {
  test(`a ${file} that does not come (or comes damaged) is said in Polish, and the app starts once it answers`, async () => {
    let broken = true;
    const { context, page, shown } = await openBroken(async (c) => {
      await c.route('**/' + file, (route) => (broken ? breakIt(route) : route.continue()));
    });
    try {
      assert.equal(shown.text, `Nie udało się pobrać pliku aplikacji (${file}). Sprawdź połączenie z siecią: strona spróbuje ponownie sama, gdy plik będzie dostępny. Zapisane sesje są bezpieczne.`);
      assert.equal(shown.ready, false);
      await saveScreenshot(page, `smoke-phone-missing-${file}`);
      // The network is back: the page asks for the file again by itself (also on a timer).
      broken = false;
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.waitForFunction(() => window.czary?.ready && window.czary.status().frames > 3, null, WAIT);
      assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('message')).display), 'none');
    } finally {
      await context.close();
    }
  });
}

test('a browser without WebGL gives a message, not a blank page', async () => {
  const { context, shown } = await openBroken(async (c) => {
    await c.addInitScript(() => { HTMLCanvasElement.prototype.getContext = () => null; });
  });
  try {
    // The app's reason (data/i18n platform.no_webgl) after the page's words.
    assert.match(shown.text, /nie mogą się uruchomić: ta przeglądarka nie udostępnia WebGL/);
    assert.equal(shown.ready, false);
  } finally {
    await context.close();
  }
});
