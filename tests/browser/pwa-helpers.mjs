// Service-worker helpers shared by the tests of the installed app (pwa.test.mjs at the site's
// root, subpath.test.mjs under a sub-path): waiting for async conditions in the page, for the
// worker to control it, and for its cache to hold every file of the build.
import fs from 'node:fs';
import path from 'node:path';

// Waits until a condition the page computes holds. The condition may be async (service worker
// and cache calls are): page.waitForFunction takes a promise for a true value and would not wait.
export async function until(page, condition, arg, what, timeout = 30000) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await page.evaluate(condition, arg).catch((error) => {
      if (/context was destroyed|navigat/i.test(error.message)) return false;  // the page is reloading
      throw error;
    });
    if (value) return value;
    if (Date.now() > end) throw new Error(`${timeout} ms and still not: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));  // the polling interval
  }
}

// The page is controlled by the service worker once its cache is complete.
export const controlled = (page) => until(page, async () => {
  await navigator.serviceWorker.ready;
  return navigator.serviceWorker.controller !== null;
}, null, 'the page is controlled by the service worker');

// Every file the service worker of the site in `dist` keeps (its precache list), as the paths
// they have when the site is served at `siteUrl`.
export function precachedPaths(dist, siteUrl = 'http://x/') {
  const worker = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const files = JSON.parse(worker.match(/const FILES = (\[.*\]);/)[1].replace(/'/g, '"'));
  return files.map((file) => new URL(file, siteUrl).pathname);
}

// The worker's cache holds every one of `files` (paths; what an offline start needs).
export const cacheComplete = (page, files) => until(page, async (files) => {
  for (const name of (await caches.keys()).filter((n) => n.startsWith('czary-'))) {
    const kept = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    if (files.every((file) => kept.includes(file))) return true;
  }
  return false;
}, files, 'the cache holds every file').catch(async (error) => {
  const kept = await page.evaluate(async () => Promise.all((await caches.keys()).map(async (name) => [name, (await (await caches.open(name)).keys()).length])));
  throw new Error(`the cache never held the ${files.length} files of the build (caches and their sizes: ${JSON.stringify(kept)}): ${error.message}`);
});
