// Issue "Sessions that survive", the browser's part: installable (manifest, icons), offline
// after the first visit, a new version announced and taken only on the player's consent, and
// two tabs on one session.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSite, VIEWPORTS, state, ui, tap, saveScreenshot } from './harness.mjs';
import { startServer } from '../../scripts/static-server.mjs';
import { until, controlled, precachedPaths, cacheComplete as cacheHoldsAll } from './pwa-helpers.mjs';

let site;
before(async () => { site = await openSite(); });
after(async () => { await site?.close(); });

const started = (page) => page.waitForFunction(() => window.czary?.ready && window.czary.status().frames > 3, null, { timeout: 30000 });
const dispatch = (page, action) => page.evaluate((a) => window.czary.dispatch(a), action);
async function buildOf(page) {
  const names = await page.evaluate(() => caches.keys());
  return names.filter((n) => n.startsWith('czary-'));
}
// The worker's cache holds every file of the build (what an offline start needs).
const PRECACHED = precachedPaths(process.env.CZARY_WEB_DIST);
const cacheComplete = (page) => cacheHoldsAll(page, PRECACHED);
const evictCaches = (page) => page.evaluate(async () => {
  for (const name of await caches.keys()) await caches.delete(name);
  return (await caches.keys()).length;
});
// The app reports whether it could start offline now (ui().offlineReady) and draws a note while not.
const offlineReady = (page, ready) => page.waitForFunction((r) => window.czary.ui().offlineReady === r &&
  (window.czary.layout()['offline:notice'] === undefined) === r, ready, { timeout: 30000, polling: 50 });
// The build of the worker that controls the page (it answers the message 'build').
const controllerBuild = (page) => page.evaluate(() => new Promise((resolve) => {
  const worker = navigator.serviceWorker.controller;
  if (!worker) return resolve(null);
  const listen = (event) => {
    if (!event.data || event.data.build === undefined) return;
    navigator.serviceWorker.removeEventListener('message', listen);
    resolve(event.data.build);
  };
  navigator.serviceWorker.addEventListener('message', listen);
  worker.postMessage('build');
}));
// An input (a function sending it) reached the app and was acted on: the app received it and
// drew the frames that follow (a button acts on the frame its finger lifts in).
async function acted(page, send) {
  const before = await page.evaluate(() => window.czary.status());
  await send();
  await page.waitForFunction((s) => {
    const now = window.czary.status();
    return now.events > s.events && now.frames >= s.frames + 3 && now.loopPaused !== false;
  }, before, { timeout: 30000, polling: 20 });
}
const tapAt = (page, rect) => page.touchscreen.tap(rect.x + rect.w / 2, rect.y + rect.h / 2);
// A copy of the site that can be changed under the page, as a deployment would; its worker made
// a newer build.
async function deployableSite() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-update-'));
  fs.cpSync(process.env.CZARY_WEB_DIST, root, { recursive: true });
  const { server, url } = await startServer(root);
  return {
    url,
    deployNewer() {
      const worker = path.join(root, 'sw.js');
      fs.writeFileSync(worker, fs.readFileSync(worker, 'utf8').replace(/const BUILD = '([0-9a-f]+)'/, "const BUILD = 'newer-$1'"));
    },
    close() {
      server.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

test('the manifest makes the app installable: names, 192 and 512 px icons, standalone, theme colour', async () => {
  const context = await site.browser.newContext(VIEWPORTS.phone);
  try {
    const page = await context.newPage();
    await page.goto(site.url);
    await started(page);
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel=manifest]');
      const response = await fetch(link.href);
      return { type: response.headers.get('content-type'), body: await response.json() };
    });
    assert.equal(manifest.type, 'application/manifest+json');
    assert.equal(manifest.body.name, 'Czary — Labirynt Śmierci');
    assert.equal(manifest.body.short_name, 'Czary');
    assert.equal(manifest.body.display, 'standalone');
    assert.match(manifest.body.theme_color, /^#[0-9a-f]{6}$/);
    for (const size of [192, 512]) {
      const icon = manifest.body.icons.find((i) => i.sizes === `${size}x${size}`);
      assert.ok(icon, `a ${size} px icon`);
      const dimensions = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return [image.naturalWidth, image.naturalHeight];
      }, icon.src);
      assert.deepEqual(dimensions, [size, size]);
    }
  } finally {
    await context.close();
  }
});

test('after the first visit the app loads offline and shows the saved session', async () => {
  const context = await site.browser.newContext(VIEWPORTS.phone);
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(site.url);
    await started(page);
    await controlled(page);
    const files = await page.evaluate(async () => {
      const [name] = (await caches.keys()).filter((n) => n.startsWith('czary-'));
      return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    });
    for (const file of ['/', '/glue.js', '/czary-app.js', '/czary-app.wasm', '/manifest.webmanifest', '/icon-192.png', '/icon-512.png']) {
      assert.ok(files.includes(file), `${file} precached`);
    }
    // The page is kept once, as '/' (the address it was loaded from: keeping it was a "not
    // modified", where index.html as well was a second download of the page on the first visit).
    assert.ok(!files.includes('/index.html'), 'the page is kept once');
    for (const hero of ['larraka', 'gislan']) assert.equal((await dispatch(page, { type: 'add_hero', hero })).ok, true);
    const before = await state(page);

    await context.setOffline(true);
    await page.reload();
    await started(page);
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    assert.deepEqual(await state(page), before);
    assert.ok((await page.evaluate(() => window.czary.status())).frames > 3, 'drawn offline');
    await saveScreenshot(page, 'pwa-phone-offline');
    // The page's other address opens the app offline too, from the same kept page.
    await page.goto(new URL('index.html', site.url).href);
    await started(page);
    assert.deepEqual(await state(page), before);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// Issue 13, item 6: browsers evict caches under storage pressure and keep the worker; its fetch
// handler then recreated an empty cache, never filled it, and the next offline start showed the
// browser's error page.
test('after every cache is evicted, the next start online fetches the build again and the app starts offline', async () => {
  const context = await site.browser.newContext(VIEWPORTS.phone);
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(site.url);
    await started(page);
    await controlled(page);
    await cacheComplete(page);
    assert.equal((await dispatch(page, { type: 'add_hero', hero: 'larraka' })).ok, true);
    const before = await state(page);

    assert.equal(await evictCaches(page), 0, 'every cache evicted');
    // Opened offline before the files are back: a page says so (not the browser's error page).
    await context.setOffline(true);
    const response = await page.reload();
    assert.equal(response.status(), 503);
    assert.match(await page.textContent('body'), /Czary nie są jeszcze gotowe do pracy bez sieci.*Czary are not ready to work offline yet/s);
    await context.setOffline(false);
    await page.reload();
    await started(page);
    await cacheComplete(page);
    assert.deepEqual(await buildOf(page), [`czary-${await controllerBuild(page)}`], 'one cache, the build of the worker');

    await context.setOffline(true);
    await page.reload();
    await started(page);
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    assert.deepEqual(await state(page), before);
    await offlineReady(page, true);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// Issue 13, item 6: the page says when offline use is not ready: before the worker has kept
// every file (a first visit), and after the files were evicted until they are fetched again.
test("until every file is kept for offline use the app says so, in the player's language; then the note goes away", async () => {
  const context = await site.browser.newContext(VIEWPORTS.phone);
  // Downloads of the worker that `holding` picks are held back until release().
  let holding = null;
  const held = [];
  await context.route('**/*', (route) => {
    if (holding && route.request().serviceWorker() && holding(new URL(route.request().url()).pathname)) held.push(route);
    else route.continue();
  });
  const release = () => {
    holding = null;
    for (const route of held.splice(0)) route.continue();
  };
  try {
    const page = await context.newPage();
    holding = (file) => file === '/czary-app.wasm';  // the worker's precache, not the page's download
    await page.goto(site.url);
    await started(page);
    // A first visit: the worker is still keeping the files.
    await offlineReady(page, false);
    assert.match((await ui(page)).texts['offline:notice'], /^Czary nie są jeszcze gotowe do pracy bez sieci/);
    await saveScreenshot(page, 'pwa-phone-offline-not-ready');
    await tap(page, 'tab:sessions');  // the language is chosen on the Sessions tab
    await tap(page, 'language:en');
    await page.waitForFunction(() => /^Czary is not ready to work offline yet/.test(window.czary.ui().texts['offline:notice']), null, { timeout: 10000 });
    release();
    await offlineReady(page, true);
    await controlled(page);
    await cacheComplete(page);

    // Evicted while the app is away; it is opened again online and fetches its files (held
    // back here): not ready meanwhile, ready once they are kept.
    // The worker first checks that the server still has its build (sw.js), then fetches it.
    holding = (file) => file === '/sw.js';
    await evictCaches(page);
    await page.reload();
    await started(page);
    await offlineReady(page, false);
    release();
    await offlineReady(page, true);
    await cacheComplete(page);
  } finally {
    await context.close();
  }
});

test('the first visit downloads each file once: the offline copy is confirmed with the server, not fetched again', async () => {
  const { server, served, url } = await startServer(process.env.CZARY_WEB_DIST);
  const context = await site.browser.newContext(VIEWPORTS.phone);
  try {
    const page = await context.newPage();
    await page.goto(url);
    await started(page);
    await controlled(page);
    for (const file of ['/czary-app.wasm', '/czary-app.js', '/glue.js', '/style.css']) {
      const sent = served.get(file);
      assert.equal(sent?.bodies, 1, `${file}: one download (${JSON.stringify(sent)})`);
      assert.ok(sent.notModified >= 1, `${file}: the precache asked the server and kept the copy`);
    }
    for (const file of ['/icon-192.png', '/icon-512.png']) assert.equal(served.get(file)?.bodies, 1, `${file} precached`);
  } finally {
    await context.close();
    server.close();
  }
});

test('a new version is announced in the app and taken only when the player agrees', async () => {
  const site2 = await deployableSite();
  const context = await site.browser.newContext(VIEWPORTS.phone);
  try {
    const page = await context.newPage();
    await page.goto(site2.url);
    await started(page);
    await controlled(page);
    const [oldCache] = await buildOf(page);
    const fight = JSON.parse(fs.readFileSync(new URL('../cli/fight.json', import.meta.url), 'utf8'));
    for (const action of fight.actions.slice(0, 16)) assert.equal((await dispatch(page, action)).ok, true, JSON.stringify(action));
    // The player is preparing Błyskawica when the new version arrives.
    await tap(page, 'tab:table');
    await tap(page, 'token:c1');
    await tap(page, 'card:blyskawica');  // a lit card starts the cast at once
    assert.equal((await ui(page)).cast.spell, 'blyskawica');

    site2.deployNewer();
    await page.evaluate(() => window.czary.checkForUpdate());
    await page.waitForFunction(() => window.czary.ui().updateReady && window.czary.layout()['update:apply'], null, { timeout: 30000 });
    await saveScreenshot(page, 'pwa-phone-update-offer');

    // Never mid-action: while the cast is prepared the offer cannot be taken. The page counts
    // what reaches it from the app's offer.
    await page.evaluate(() => {
      window.__updateAsked = 0;
      const apply = window.czary._applyUpdate;
      window.czary._applyUpdate = () => {
        window.__updateAsked += 1;
        apply();
      };
    });
    const offerMidCast = (await page.evaluate(() => window.czary.layout()))['update:apply'];
    await acted(page, () => tapAt(page, offerMidCast));
    // Not taken without consent: the page goes on with the old build.
    assert.equal(await page.evaluate(() => window.__updateAsked), 0, 'the tap mid-cast asked for nothing');
    assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting !== null), true, 'the new version still waits');
    assert.deepEqual(await buildOf(page).then((c) => c.includes(oldCache)), true);
    assert.equal((await ui(page)).cast.spell, 'blyskawica', 'the cast being prepared is still there');
    await tap(page, 'cast:cancel');

    const offer = (await page.evaluate(() => window.czary.layout()))['update:apply'];
    assert.ok(offer, 'the offer is on screen');
    await Promise.all([
      page.waitForEvent('load', { timeout: 30000 }),
      tapAt(page, offer),
    ]);
    await started(page);
    const caches = await buildOf(page);
    assert.deepEqual(caches, [`czary-newer-${oldCache.slice('czary-'.length)}`]);
    assert.equal((await state(page)).position, 16, 'the session came through the update');
    assert.equal((await ui(page)).updateReady, false);
  } finally {
    await context.close();
    site2.close();
  }
});

// Issue 13, item 6: a second tab kept offering the update after another tab took it, and
// tapping it did nothing (there was no waiting worker left to take over).
test("two tabs offered a new version: after one takes it, the other tab's offer reloads it into the new version", async () => {
  const site2 = await deployableSite();
  const context = await site.browser.newContext(VIEWPORTS.phone);
  try {
    const first = await context.newPage();
    await first.goto(site2.url);
    await started(first);
    await controlled(first);
    const second = await context.newPage();
    await second.goto(site2.url);
    await started(second);
    await controlled(second);
    const oldBuild = await controllerBuild(second);
    await second.evaluate(() => { window.__oldPage = true; });

    site2.deployNewer();
    await first.evaluate(() => window.czary.checkForUpdate());
    for (const page of [second, first]) {  // each drawn in front (a tab behind draws nothing)
      await page.bringToFront();
      await page.waitForFunction(() => window.czary.ui().updateReady && window.czary.layout()['update:apply'], null, { timeout: 30000 });
    }
    await Promise.all([
      first.waitForEvent('load', { timeout: 30000 }),
      first.evaluate(() => window.czary.layout()['update:apply']).then((offer) => tapAt(first, offer)),
    ]);
    await started(first);
    assert.equal(await controllerBuild(first), `newer-${oldBuild}`);

    // The second tab is now run by the new worker, but still shows the old build's page.
    await second.bringToFront();
    await until(second, async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration.waiting === null && navigator.serviceWorker.controller === registration.active;
    }, null, 'the second tab is run by the new worker');
    const drawn = (await second.evaluate(() => window.czary.status())).frames;
    await second.evaluate(() => window.czary.redraw(3));
    await second.waitForFunction((n) => window.czary.status().frames >= n + 3 && window.czary.status().loopPaused !== false, drawn);
    const offer = await second.evaluate(() => ({ shown: window.czary.ui().updateReady, rect: window.czary.layout()['update:apply'] ?? null }));
    assert.equal(offer.shown, offer.rect !== null, 'the offer is drawn when it is made');
    if (offer.shown) {
      // Still offered: a tap takes the player into the new version.
      await Promise.all([
        second.waitForEvent('load', { timeout: 30000 }),
        tapAt(second, offer.rect),
      ]);
      await started(second);
      assert.equal(await second.evaluate(() => window.__oldPage), undefined, 'the tab reloaded');
    }
    assert.equal(await controllerBuild(second), `newer-${oldBuild}`);
    assert.equal((await ui(second)).updateReady, false, 'nothing left to offer');
  } finally {
    await context.close();
    site2.close();
  }
});

test('two tabs on one session: a change in one is noticed in the other; the newer save is never overwritten', async () => {
  const context = await site.browser.newContext(VIEWPORTS.phone);
  try {
    const first = await context.newPage();
    await first.goto(site.url);
    await started(first);
    assert.equal((await dispatch(first, { type: 'add_hero', hero: 'larraka' })).ok, true);
    const second = await context.newPage();
    await second.goto(site.url);
    await started(second);
    assert.equal((await state(second)).figures.length, 1, 'the second tab opens the same session');
    const key = (await ui(first)).storedSession.key;
    assert.equal((await ui(second)).storedSession.key, key);

    // A change in the second is noticed by the first.
    assert.equal((await dispatch(second, { type: 'add_hero', hero: 'gislan' })).ok, true);
    await first.waitForFunction(() => window.czary.state().figures.length === 2, null, { timeout: 10000 });
    await first.waitForFunction(() => /zmieniono w innej karcie/.test(window.czary.ui().notice?.text ?? ''), null, { timeout: 10000 });
    await saveScreenshot(first, 'pwa-phone-second-tab');

    // A tab that missed the news (its event is held back) acts on its older copy: the newer save
    // stays, and its change becomes a session of its own.
    const third = await context.newPage();
    await third.addInitScript(() => {
      const add = window.addEventListener.bind(window);
      window.addEventListener = (type, ...rest) => (type === 'storage' ? undefined : add(type, ...rest));
    });
    await third.goto(site.url);
    await started(third);
    // The first tab shows its session list (read once, then kept until something changes).
    await tap(first, 'tab:sessions');
    assert.equal(Object.keys((await ui(first)).texts).filter((id) => id.startsWith('session-row:')).length, 1);
    assert.equal((await dispatch(first, { type: 'add_hero', hero: 'zuryk' })).ok, true);
    // The first tab in front draws, and so reads its list again after that save, before the
    // third tab writes.
    await first.bringToFront();
    const drawn = (await first.evaluate(() => window.czary.status())).frames;
    await first.evaluate(() => window.czary.redraw(3));
    await first.waitForFunction((n) => window.czary.status().frames >= n + 3, drawn);
    const newer = await first.evaluate((k) => localStorage.getItem(k), key);
    // localStorage reaches other tabs a moment later (Chromium keeps a copy per page): the third
    // tab sees the newer save in storage, only its event was held back.
    await third.waitForFunction((k) => JSON.parse(localStorage.getItem(k)).session.actions.length === 3, key);
    assert.equal((await dispatch(third, { type: 'add_hero', hero: 'curvenol' })).ok, true);
    const kept = (await ui(third)).storedSession;
    assert.notEqual(kept.key, key);
    // The third tab's writes have reached the first (they arrive in order; the copy is the last).
    await first.waitForFunction((k) => localStorage.getItem(k) !== null, kept.key, { timeout: 10000 });
    assert.equal(await first.evaluate((k) => localStorage.getItem(k), key), newer, 'not overwritten');
    assert.equal(await third.evaluate((k) => localStorage.getItem(k), key), newer, 'not overwritten');
    assert.match(kept.name, /z tej karty/);
    const copy = JSON.parse(await third.evaluate((k) => localStorage.getItem(k), kept.key));
    assert.deepEqual(copy.session.actions.map((a) => a.hero), ['larraka', 'gislan', 'curvenol']);
    assert.match((await ui(third)).notice.text, /nie zostały nadpisane/);
    // The copy saved by the third tab appears in the first tab's list.
    await first.waitForFunction((k) => window.czary.ui().texts[`session-row:${k}`] !== undefined, kept.key, { timeout: 10000 });
  } finally {
    await context.close();
  }
});
