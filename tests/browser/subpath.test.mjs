// Issue 17, "Publish": the folder scripts/publish.sh makes (what the GitHub Pages workflow
// deploys) works from a sub-path of a static host (https://example.org/czary/): the app starts,
// is installable (the manifest's scope and start_url inside the sub-path, its icons there), the
// service worker controls the page with the sub-path as its scope, the app reloads offline, and
// nothing is asked for outside the sub-path.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { openSite, openApp, state, saveScreenshot, started, recordLoadingLine } from './harness.mjs';
import { until, controlled, precachedPaths, cacheComplete } from './pwa-helpers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PREFIX = '/czary/';
let site, folder, work;
// Every URL the pages asked for (the server's own list covers the service worker's requests).
const requested = [];

before(async () => {
  // The same script as the workflow, on the build the other tests use: CZARY_WEB_DIST is
  // $CZARY_BUILD/wasm/dist (scripts/build-web.sh).
  const dist = process.env.CZARY_WEB_DIST;
  assert.ok(dist && path.basename(dist) === 'dist' && path.basename(path.dirname(dist)) === 'wasm',
    `CZARY_WEB_DIST='${dist}' is not $CZARY_BUILD/wasm/dist`);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-publish-'));
  folder = path.join(work, 'site');
  const run = spawnSync('bash', [path.join(ROOT, 'scripts/publish.sh'), folder], {
    env: { ...process.env, CZARY_BUILD: path.dirname(path.dirname(dist)) }, encoding: 'utf8', timeout: 400000,
  });
  assert.equal(run.status, 0, `scripts/publish.sh failed:\n${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /publish: .*site \(\d+ files\)/);
  site = await openSite({ root: folder, prefix: PREFIX });
  assert.match(site.url, /^http:\/\/localhost:\d+\/czary\/$/);
});
after(async () => {
  await site?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

async function phone(prepare) {
  return openApp(site, 'phone', async (context) => {
    context.on('request', (request) => requested.push(request.url()));
    if (prepare) await prepare(context);
  });
}

test('the published folder is the built site with a .gz and a .br beside each file that compresses; the app starts from the sub-path, its files sent compressed', async () => {
  const built = fs.readdirSync(process.env.CZARY_WEB_DIST).sort();
  const compresses = built.filter((name) => !name.endsWith('.png'));
  assert.deepEqual(fs.readdirSync(folder).sort(),
    [...built, ...compresses.map((name) => `${name}.br`), ...compresses.map((name) => `${name}.gz`)].sort());
  for (const name of compresses) {
    const body = fs.readFileSync(path.join(folder, name));
    assert.deepEqual(zlib.gunzipSync(fs.readFileSync(path.join(folder, `${name}.gz`))), body, `${name}.gz`);
    assert.deepEqual(zlib.brotliDecompressSync(fs.readFileSync(path.join(folder, `${name}.br`))), body, `${name}.br`);
  }
  // A browser that takes gzip only gets the strongest gzip (zopfli), not zlib's level 9.
  const wasm = fs.readFileSync(path.join(folder, 'czary-app.wasm'));
  const level9 = zlib.gzipSync(wasm, { level: 9 }).length;
  const served = fs.statSync(path.join(folder, 'czary-app.wasm.gz')).size;
  assert.ok(served < level9 * 0.97, `czary-app.wasm.gz is ${served} bytes, zlib's level 9 ${level9}`);
  const encodings = {};
  const { page, context, errors } = await phone((c) => c.on('response', async (response) => {
    encodings[new URL(response.url()).pathname] = (await response.allHeaders())['content-encoding'] ?? 'none';
  }));
  try {
    assert.equal(page.url(), site.url);
    assert.ok((await page.evaluate(() => window.czary.status())).frames > 3, 'drawn');
    // Chromium accepts Brotli: the wasm, the scripts and the page came as .br.
    for (const name of ['', 'czary-app.wasm', 'czary-app.js', 'glue.js']) assert.equal(encodings[PREFIX + name], 'br', name || 'the page');
    await saveScreenshot(page, 'subpath-phone');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('over a slow connection the compressed first visit still shows how much of the app has come', async () => {
  const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await context.addInitScript(recordLoadingLine);
  const page = await context.newPage();
  try {
    // Slow 4G, as Chrome's DevTools have it: 1.6 Mbps down, 150 ms.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
    await page.goto(site.url);
    await started(page);
    const seen = await page.evaluate(() => window.__loadingSeen);
    const amounts = seen.map((text) => /(\d+) KB$/.exec(text)).filter(Boolean).map((match) => Number(match[1]));
    assert.ok(amounts.length >= 3, `the amount grew as the wasm came: ${JSON.stringify(seen)}`);
    assert.ok(amounts.every((n, i) => i === 0 || n >= amounts[i - 1]), 'never backwards');
    assert.ok(!seen.some((text) => /\d+ \/ \d+ KB/.test(text)), 'no total: the compressed length is not the length read');
  } finally {
    await context.close();
  }
});

test('installable under the sub-path: the manifest, its icons, scope and start_url all inside it', async () => {
  const { page, context, errors } = await phone();
  try {
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel=manifest]');
      const response = await fetch(link.href);
      return { url: response.url, status: response.status, type: response.headers.get('content-type'), body: await response.json() };
    });
    assert.equal(manifest.status, 200);
    assert.equal(manifest.url, new URL('manifest.webmanifest', site.url).href);
    assert.equal(manifest.type, 'application/manifest+json');
    const { body } = manifest;
    assert.equal(body.name, 'Czary — Labirynt Śmierci');
    assert.equal(body.short_name, 'Czary');
    assert.equal(body.display, 'standalone');
    // Relative to the manifest, both resolve to the sub-path itself.
    assert.equal(new URL(body.start_url, manifest.url).href, site.url);
    assert.equal(new URL(body.scope, manifest.url).href, site.url);
    for (const size of [192, 512]) {
      const icon = body.icons.find((i) => i.sizes === `${size}x${size}`);
      assert.ok(icon, `a ${size} px icon`);
      const src = new URL(icon.src, manifest.url).href;
      assert.ok(src.startsWith(site.url), `${src} inside the sub-path`);
      const dimensions = await page.evaluate(async (url) => {
        const image = new Image();
        image.src = url;
        await image.decode();
        return [image.naturalWidth, image.naturalHeight];
      }, src);
      assert.deepEqual(dimensions, [size, size]);
    }
    // Chromium's own reading of the manifest and its install check (what offers "Install").
    await controlled(page);
    const client = await context.newCDPSession(page);
    const parsed = await client.send('Page.getAppManifest');
    assert.deepEqual(parsed.errors, [], 'the manifest parses without errors');
    assert.equal(parsed.url, manifest.url);
    // Playwright's contexts are off the record, which alone keeps Chromium from installing
    // anything ('in-incognito'); every other reason (manifest, icons, scope, worker) would show.
    const { installabilityErrors } = await client.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors.filter((e) => e.errorId !== 'in-incognito'), [], 'Chromium finds the app installable');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the service worker controls the page with the sub-path as its scope, and the app reloads offline', async () => {
  const { page, context, errors } = await phone();
  try {
    await controlled(page);
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: navigator.serviceWorker.controller.scriptURL };
    });
    assert.deepEqual(worker, { scope: site.url, script: new URL('sw.js', site.url).href });
    const files = precachedPaths(folder, site.url);
    assert.ok(files.includes(PREFIX) && files.includes(`${PREFIX}czary-app.wasm`), `precache list under the sub-path: ${files}`);
    await cacheComplete(page, files);
    assert.equal((await page.evaluate((a) => window.czary.dispatch(a), { type: 'add_hero', hero: 'larraka' })).ok, true);
    const before = await state(page);

    await context.setOffline(true);
    await page.reload();
    await started(page);
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    assert.equal(page.url(), site.url);
    assert.deepEqual(await state(page), before);
    assert.equal(await until(page, () => window.czary.ui().offlineReady, null, 'ready offline'), true);
    await saveScreenshot(page, 'subpath-phone-offline');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('nothing is asked for outside the sub-path', () => {
  assert.ok(requested.length > 5, `the pages asked for their files (${requested.length} requests)`);
  const outside = requested.filter((url) => !url.startsWith(site.url) && !/^(blob|data):/.test(url));
  assert.deepEqual(outside, [], 'the pages asked for nothing outside the sub-path');
  assert.deepEqual(site.outside, [], 'the server was asked for nothing outside the sub-path');
});
