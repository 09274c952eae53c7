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

let site;
before(async () => { site = await openSite(); });
after(async () => { await site?.close(); });

const started = (page) => page.waitForFunction(() => window.czary?.ready && window.czary.status().frames > 3, null, { timeout: 30000 });
const dispatch = (page, action) => page.evaluate((a) => window.czary.dispatch(a), action);
// The page is controlled by the service worker once its cache is complete.
const controlled = (page) => page.waitForFunction(async () => {
  await navigator.serviceWorker.ready;
  return navigator.serviceWorker.controller !== null;
}, null, { timeout: 30000 });
async function buildOf(page) {
  const names = await page.evaluate(() => caches.keys());
  return names.filter((n) => n.startsWith('czary-'));
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
    for (const file of ['/', '/index.html', '/glue.js', '/czary-app.js', '/czary-app.wasm', '/manifest.webmanifest', '/icon-192.png', '/icon-512.png']) {
      assert.ok(files.includes(file), `${file} precached`);
    }
    for (const hero of ['larraka', 'gislan']) assert.equal((await dispatch(page, { type: 'add_hero', hero })).ok, true);
    const before = await state(page);

    await context.setOffline(true);
    await page.reload();
    await started(page);
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    assert.deepEqual(await state(page), before);
    assert.ok((await page.evaluate(() => window.czary.status())).frames > 3, 'drawn offline');
    await saveScreenshot(page, 'pwa-phone-offline');
    assert.deepEqual(errors, []);
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
  // A copy of the site that can be changed under the page, as a deployment would.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-update-'));
  fs.cpSync(process.env.CZARY_WEB_DIST, root, { recursive: true });
  const { server, url } = await startServer(root);
  const context = await site.browser.newContext(VIEWPORTS.phone);
  try {
    const page = await context.newPage();
    await page.goto(url);
    await started(page);
    await controlled(page);
    const [oldCache] = await buildOf(page);
    const fight = JSON.parse(fs.readFileSync(new URL('../cli/fight.json', import.meta.url), 'utf8'));
    for (const action of fight.actions.slice(0, 16)) assert.equal((await dispatch(page, action)).ok, true, JSON.stringify(action));
    // The player is preparing Błyskawica when the new version arrives.
    await tap(page, 'tab:table');
    await tap(page, 'token:c1');
    await tap(page, 'card:blyskawica');
    await tap(page, 'cast:blyskawica');
    assert.equal((await ui(page)).cast.spell, 'blyskawica');

    const worker = path.join(root, 'sw.js');
    fs.writeFileSync(worker, fs.readFileSync(worker, 'utf8').replace(/const BUILD = '([0-9a-f]+)'/, "const BUILD = 'newer-$1'"));
    await page.evaluate(() => window.czary.checkForUpdate());
    await page.waitForFunction(() => window.czary.ui().updateReady, null, { timeout: 30000 });
    await page.evaluate(() => window.czary.redraw(3));
    await page.waitForTimeout(300);
    assert.ok((await page.evaluate(() => window.czary.layout()))['update:apply'], 'the offer is on screen');
    await saveScreenshot(page, 'pwa-phone-update-offer');

    // Never mid-action: while the cast is prepared the offer cannot be taken.
    const offerMidCast = (await page.evaluate(() => window.czary.layout()))['update:apply'];
    await page.touchscreen.tap(offerMidCast.x + offerMidCast.w / 2, offerMidCast.y + offerMidCast.h / 2);
    // Not taken without consent: the page goes on with the old build.
    await page.waitForTimeout(1500);
    assert.deepEqual(await buildOf(page).then((c) => c.includes(oldCache)), true);
    assert.equal((await ui(page)).cast.spell, 'blyskawica', 'the cast being prepared is still there');
    await tap(page, 'cast:cancel');

    const offer = (await page.evaluate(() => window.czary.layout()))['update:apply'];
    assert.ok(offer, 'the offer is on screen');
    await Promise.all([
      page.waitForEvent('load', { timeout: 30000 }),
      page.touchscreen.tap(offer.x + offer.w / 2, offer.y + offer.h / 2),
    ]);
    await started(page);
    const caches = await buildOf(page);
    assert.deepEqual(caches, [`czary-newer-${oldCache.slice('czary-'.length)}`]);
    assert.equal((await state(page)).position, 16, 'the session came through the update');
    assert.equal((await ui(page)).updateReady, false);
  } finally {
    await context.close();
    server.close();
    fs.rmSync(root, { recursive: true, force: true });
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
    await first.evaluate(() => window.czary.redraw(3));
    await first.waitForTimeout(200);
    assert.match((await ui(first)).notice.text, /zmieniono w innej karcie/);
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
    await first.waitForTimeout(300);
    assert.equal(await first.evaluate((k) => localStorage.getItem(k), key), newer, 'not overwritten');
    const kept = (await ui(third)).storedSession;
    assert.notEqual(kept.key, key);
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
