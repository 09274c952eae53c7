// Shared set-up of the browser tests: serve the built site, launch Debian's Chromium with
// WebGL (SwiftShader), open pages at the sizes players use, and collect console/page errors.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/static-server.mjs';

export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true },
  tablet: { viewport: { width: 1024, height: 768 }, deviceScaleFactor: 2, hasTouch: true },
};

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
];

export const ARTIFACTS = process.env.CZARY_ARTIFACTS ?? path.resolve('build/artifacts');

export async function openSite() {
  const dist = process.env.CZARY_WEB_DIST;
  if (!dist || !fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`CZARY_WEB_DIST='${dist}' has no built site: run scripts/build-web.sh`);
  }
  const { server, url } = await startServer(dist);
  const browser = await chromium.launch({
    executablePath: process.env.CZARY_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return {
    url,
    browser,
    async close() {
      await browser.close();
      server.close();
    },
  };
}

// A page whose console errors and uncaught exceptions are recorded in `errors`. `prepare`, if
// given, is called with the context before the page opens (init scripts, routes).
export async function openApp(site, viewportName, prepare) {
  const context = await site.browser.newContext(VIEWPORTS[viewportName]);
  if (prepare) await prepare(context);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  await page.goto(site.url);
  // A first visit: the service worker keeps the files for offline use, and until then the app
  // shows a note above its content; tests start once it is gone (the layout no longer moves).
  await page.waitForFunction(() => window.czary?.ready && window.czary.status().frames > 3 && window.czary.ui().offlineReady !== false, null, { timeout: 30000 });
  page.on('dialog', (dialog) => dialog.accept());
  return { page, context, errors };
}

export async function saveScreenshot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  const png = await page.screenshot({ path: file });
  return { file, png };
}

// Mean and variance of the luminance of a PNG, computed by the browser's own decoder.
export async function pixelStats(browser, png) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      let sum = 0, sumSquares = 0;
      const count = data.length / 4;
      for (let i = 0; i < data.length; i += 4) {
        const luminance = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
        sum += luminance;
        sumSquares += luminance * luminance;
      }
      const mean = sum / count;
      return { width: image.width, height: image.height, mean, variance: sumSquares / count - mean * mean };
    }, png.toString('base64'));
  } finally {
    await page.close();
  }
}

// --- driving the app like a player: taps and drags at the rectangles from window.czary.layout()

export const state = (page) => page.evaluate(() => window.czary.state());
export const ui = (page) => page.evaluate(() => window.czary.ui());
const layout = (page) => page.evaluate(() => window.czary.layout());
// The app draws only while something changes: once its frame count stops moving, the last
// frame (and so layout()) shows the result of everything sent so far.
async function settle(page) {
  await page.waitForTimeout(50);
  let last = -1;
  for (let i = 0; i < 40; i += 1) {
    const frames = await page.evaluate(() => window.czary.status().frames);
    if (frames === last) return;
    last = frames;
    await page.waitForTimeout(60);
  }
}

function inside(rect, viewport) {
  return !rect.clipped && rect.y >= 0 && rect.y + rect.h <= viewport.height;
}

async function wheel(page, dy, x) {
  const viewport = page.viewportSize();
  // The pointer must hover the page for a frame before the wheel turns (ImGui scrolls the
  // window under the pointer, and a finger's last point is forgotten after it lifts).
  await page.mouse.move(x ?? viewport.width - 12, viewport.height * 0.8);
  await settle(page);
  await page.mouse.wheel(0, dy);
  await settle(page);
  return JSON.stringify(Object.values(await layout(page)).map((r) => Math.round(r.y)));
}

// Scrolls the page (mouse wheel over the canvas) until the widget `id` is wholly on screen:
// towards it when part of it shows, else from the top down.
export async function find(page, id) {
  const viewport = page.viewportSize();
  await settle(page);  // an action sent through the hook may still be drawing
  let rects = await layout(page);
  if (rects[id] && inside(rects[id], viewport)) return rects[id];
  // Over the widget's own column: side-by-side panels scroll separately.
  for (let i = 0; i < 20 && rects[id] && !inside(rects[id], viewport); i += 1) {
    await wheel(page, rects[id].y < 0 || (rects[id].clipped && rects[id].y < viewport.height / 2) ? -120 : 120, rects[id].x + 4);
    rects = await layout(page);
  }
  if (rects[id] && inside(rects[id], viewport)) return rects[id];
  // A wheel turn is sometimes lost between frames: an end is an end after three still turns.
  // Flows mostly go down the page: look below first, then from the top.
  let before = '';
  for (let i = 0, still = 0; i < 60 && still < 3; i += 1) {
    rects = await layout(page);
    if (rects[id] && inside(rects[id], viewport)) return rects[id];
    const now = await wheel(page, rects[id] && rects[id].y > 0 ? 120 : 200);
    still = now === before ? still + 1 : 0;
    before = now;
  }
  before = '';
  for (let i = 0, still = 0; i < 60 && still < 3; i += 1) {  // to the top
    const now = await wheel(page, -600);
    still = now === before ? still + 1 : 0;
    before = now;
  }
  for (let i = 0, still = 0; i < 120 && still < 3; i += 1) {  // then down until it shows
    rects = await layout(page);
    if (rects[id] && inside(rects[id], viewport)) return rects[id];
    const now = await wheel(page, rects[id] && rects[id].y > 0 ? 120 : 200);
    still = now === before ? still + 1 : 0;
    before = now;
  }
  rects = await layout(page);
  if (rects[id] && inside(rects[id], viewport)) return rects[id];
  throw new Error(`widget '${id}' not found on screen`);
}

// Every touch target fully on screen is at least 44 CSS px high and wide (texts are not targets).
const TARGETS = /^(tab:|undo$|redo$|language:|pad:|hero:|pool:|mark:|card:|token:|place:|cast:pip|cast:confirm|cast:cancel|cast:dice-mode|fight:(start|next|victory|fled|attack)|monster:(add|kind:|level)|section:|character:|initiate:(add|race|bonus)|dice:mode|input:|limit:|adventure:(begin|enter|leave)|wound:|session:|notice:offer|update:apply|log:older)/;
export async function smallTargets(page) {
  const viewport = page.viewportSize();
  const rects = await layout(page);
  return Object.entries(rects)
    .filter(([id, r]) => TARGETS.test(id) && !r.clipped && r.y + r.h <= viewport.height)
    .filter(([, r]) => r.h < 43.5 || r.w < 43.5)
    .map(([id, r]) => `${id} ${Math.round(r.w)}x${Math.round(r.h)}`);
}

export async function tap(page, id) {
  const r = await find(page, id);
  await page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2);
  await settle(page);
}

// A finger drag from the centre of one widget to another, in small steps (CDP touch events).
export async function touchDrag(page, fromId, toId) {
  const from = await find(page, fromId);
  const to = (await layout(page))[toId] ?? (await find(page, toId));
  const client = await page.context().newCDPSession(page);
  const point = (x, y) => [{ x, y, id: 1 }];
  const [x0, y0] = [from.x + from.w / 2, from.y + from.h / 2];
  const [x1, y1] = [to.x + to.w / 2, to.y + to.h / 2];
  await client.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x0, y0) });
  await page.waitForTimeout(60);
  for (let step = 1; step <= 12; step += 1) {
    const t = step / 12;
    await client.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t) });
    await page.waitForTimeout(40);
  }
  await client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await settle(page);
  await client.detach();
}
