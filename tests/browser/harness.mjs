// Shared set-up of the browser tests: serve the built site, launch Debian's Chromium with
// WebGL (SwiftShader), open pages at the sizes players use, and collect console/page errors.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import os from 'node:os';
import { startServer } from '../../scripts/static-server.mjs';
import { startTableHost } from '../../src/host/table-host.mjs';

export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true },
  tablet: { viewport: { width: 1024, height: 768 }, deviceScaleFactor: 2, hasTouch: true },
  // A phone's size and touch at one device pixel per CSS px, for long flows by touch: SwiftShader
  // fills 9x fewer pixels (a frame ~50 ms instead of ~600 ms on a busy 2-core machine). Layout,
  // touch targets and taps are in CSS px; the phone's own density is checked by the smoke, dice,
  // sessions and origin tests (taps included), and a drag at a tablet's density by table.test.
  phoneFlat: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true },
};

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
];

// The project's build/artifacts, wherever the tests are run from.
export const ARTIFACTS = process.env.CZARY_ARTIFACTS ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../build/artifacts');

// The built site (CZARY_WEB_DIST), or the folder `root`, served at the root or under `prefix`;
// with `tables`, the live table's host on the same port too (its core: CZARY_TABLE_CORE, else
// the wasm tree's host/ beside dist/), keeping its tables in a folder of its own.
export async function openSite({ root, prefix, tables = false } = {}) {
  const dist = root ?? process.env.CZARY_WEB_DIST;
  if (!dist || !fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`CZARY_WEB_DIST='${dist}' has no built site: run scripts/build-web.sh`);
  }
  const { server, url, outside } = await startServer(dist, 0, '127.0.0.1', { prefix });
  let host = null, tablesDir = null;
  if (tables) {
    tablesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-browser-tables-'));
    const coreDir = process.env.CZARY_TABLE_CORE ?? path.join(dist, '../host');
    host = await startTableHost({ server, dataDir: tablesDir, coreDir, path: `${prefix ?? '/'}table` });
  }
  const browser = await chromium.launch({
    executablePath: process.env.CZARY_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return {
    url,
    browser,
    outside,  // paths asked for outside `prefix`
    host,     // the live table's host, with `tables`
    async close() {
      await browser.close();
      host?.close();
      server.close();
      if (tablesDir) fs.rmSync(tablesDir, { recursive: true, force: true });
    },
  };
}

// A console message (Playwright's or puppeteer's) that is an error of the site. The browser's own
// request for the favicon of a page that is not the app (storage is emptied from the icon's page,
// which has no icon link) answers 404, and its message may come after the next page has opened.
export const isAppError = (message) => message.type() === 'error' && !/\/favicon\.ico$/.test(message.location()?.url ?? '');

// A page whose console errors and uncaught exceptions are recorded in `errors`. `prepare`, if
// given, is called with the context before the page opens (init scripts, routes).
export async function openApp(site, viewportName, prepare) {
  const context = await site.browser.newContext(VIEWPORTS[viewportName]);
  if (prepare) await prepare(context);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => { if (isAppError(message)) errors.push(`console: ${message.text()}`); });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  await page.goto(site.url);
  await started(page);
  page.on('dialog', (dialog) => dialog.accept());
  return { page, context, errors };
}

// The app runs and has drawn its first frames.
export async function started(page) {
  // A first visit: the service worker keeps the files for offline use, and until then the app
  // shows a note above its content; tests start once it is gone (the layout no longer moves).
  await page.waitForFunction(() => window.czary?.ready && window.czary.status().frames > 3 && window.czary.ui().offlineReady !== false, null, WAIT);
}

// The app of openApp() as at a first start, in the same page: its storage emptied (from another
// page of the site, its icon, so that nothing the app does on leaving comes back) and opened
// again. The files come from the browser's cache: a new context would download and compile the
// wasm anew.
export async function restart(site, app) {
  await app.page.goto(new URL('icon.svg', site.url).href);
  await app.page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  app.errors.length = 0;
  await app.page.goto(site.url);
  await started(app.page);
  return app;
}

// An init script: every text the page's loading line shows, as the page changes it, in
// window.__loadingSeen.
export function recordLoadingLine() {
  window.__loadingSeen = [];
  new MutationObserver(() => {
    const loading = document.getElementById('loading');
    const text = loading && loading.style.display !== 'none' ? loading.textContent : null;
    if (text !== null && text !== window.__loadingSeen.at(-1)) window.__loadingSeen.push(text);
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
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
export const status = (page) => page.evaluate(() => window.czary.status());
const layout = (page) => page.evaluate(() => window.czary.layout());

// Waits are for what the app reports (window.czary.status()), never for fixed times: a busy
// machine only makes them longer. Polled by timer, not by animation frame (a test may count the
// page's animation-frame callbacks).
export const WAIT = { polling: 20, timeout: 60000 };

// The app draws only while something changes, then pauses its frame loop (status().loopPaused):
// at rest, the last frame (and so layout()) shows the result of everything sent so far. With
// `since`, a status() taken before an input, the app must also have received or drawn something
// after it (the input reached it).
export async function settle(page, since) {
  await page.waitForFunction((s) => {
    const now = window.czary.status();
    return now.loopPaused && (!s || now.events > s.events || now.frames > s.frames);
  }, since ?? null, WAIT);
}

// The page at a new size, once the app has drawn itself for it (its tab bar at the new bottom
// edge): a turned phone or another phone; the canvas's resize reaches the app a frame or more later.
export async function resize(page, size) {
  await page.setViewportSize(size);
  await page.waitForFunction(({ width, height }) => {
    const bar = window.czary.layout()['tab:sessions'];
    return bar && Math.abs(bar.y + bar.h - height) < 8 && bar.x + bar.w <= width + 0.5;
  }, size, WAIT);
  await settle(page);
}

// Sends an input (a function doing it) and waits until the app has acted on it and rests.
export async function input(page, send) {
  const since = await status(page);
  const result = await send();
  await settle(page, since);
  return result;
}

function inside(rect, viewport) {
  return !rect.clipped && rect.y >= 0 && rect.y + rect.h <= viewport.height;
}

// The toast lies over the content: a widget under it cannot be tapped (the toast's own buttons
// and dice can).
const IN_TOAST = /^(toast|notice|die:last:)/;
export function underToast(rects, id) {
  const t = rects.toast, r = rects[id];
  if (!t || !r || IN_TOAST.test(id)) return false;
  return r.x < t.x + t.w && r.x + r.w > t.x && r.y < t.y + t.h && r.y + r.h > t.y;
}

// Taps the toast away (a first tap on one with details may open them), as a player would. A toast
// about to go by itself is waited for instead: on a busy machine the tap could come after it went
// and after the moment the place it left is still its own (toast.cpp), and press what lay under it.
export async function tapToast(page) {
  const [rects, toast] = await Promise.all([layout(page), ui(page).then((u) => u.toast)]);
  const t = rects.toast;
  if (!t) return;
  if (!toast || toast.held || toast.reading - toast.age > 2 || (await ui(page)).notice?.offer) {
    await input(page, () => page.touchscreen.tap(t.x + t.w / 2, t.y + t.h / 2));
  } else {
    await page.waitForFunction(() => { const l = window.czary.layout(); return !l.toast && !l['toast:gone']; }, null, { ...WAIT, timeout: 60000 });
  }
}

// A wheel event of 120 px is 1.2 of ImGui's steps (SDL's precise wheel divides pixels by 100), a
// step 5 lines (18 px each) or two thirds of a small window: 108 px.
const WHEEL_STEP = 108;

// Turns the mouse wheel `steps` times (negative: up) over x (default: the page's right edge),
// and returns where everything then is. The turns are sent at once: ImGui adds up those that
// come in one frame.
async function wheel(page, steps, x, y) {
  const viewport = page.viewportSize();
  const [px, py] = [x ?? viewport.width - 12, Math.min(viewport.height - 8, Math.max(8, y ?? viewport.height * 0.8))];
  // The pointer must hover the page, and the app have drawn and rested with it there, before
  // the wheel turns (ImGui scrolls the window under the pointer, and a finger's last point is
  // forgotten after it lifts; a wheel that came while the move's frames were still being drawn
  // was lost). Two moves: a move to where the pointer already is sends no event.
  await input(page, async () => {
    await page.mouse.move(px - 1, py);
    await page.mouse.move(px, py);
  });
  await input(page, () => Promise.all(Array.from({ length: Math.abs(steps) }, () => page.mouse.wheel(0, Math.sign(steps) * 120))));
  // Ids with their places: rows of one height scrolled by a multiple of it (54 px rows, a turn of
  // 90 px) put other rows at the same places, which alone would read as "nothing moved".
  return JSON.stringify(Object.entries(await layout(page)).map(([id, r]) => `${id}@${Math.round(r.y)}`));
}

// Scrolls the page (mouse wheel over the canvas) until the widget `id` is wholly on screen:
// towards it when it is drawn (over its own column: side-by-side panels scroll separately), else
// down the page and then from the top down (flows mostly go down the page). An end is where a
// turn moves nothing.
export async function find(page, id) {
  const viewport = page.viewportSize();
  await settle(page);  // an action sent through the hook may still be drawing
  let rects = await layout(page);
  // A plain toast over the widget is tapped away, as a player would (a first tap may open its
  // details, the next closes it); one that offers something stays, and the page is scrolled to
  // bring the widget clear of it.
  for (let i = 0; i < 3 && underToast(rects, id) && !(await ui(page)).notice?.offer; i += 1) {
    await tapToast(page);
    rects = await layout(page);
  }
  if (rects['toast:gone']) {  // the place a toast just left is its own for a moment
    await page.waitForFunction(() => !window.czary.layout()['toast:gone'], null, WAIT);
    rects = await layout(page);
  }
  const shown = () => rects[id] && inside(rects[id], viewport) && !underToast(rects, id);
  const towards = async () => {
    let lastUp = null, reversed = false;
    for (let i = 0; i < 20 && rects[id] && !shown(); i += 1) {
      const r = rects[id];
      const up = (r.y < 0 || (r.clipped && r.y < viewport.height / 2)) && !underToast(rects, id);
      const distance = up ? viewport.height * 0.25 - r.y : r.y + r.h - viewport.height * 0.75;
      reversed ||= lastUp !== null && up !== lastUp;  // overshot (a smaller window): one step at a time
      lastUp = up;
      const steps = reversed ? 1 : Math.min(20, Math.max(1, Math.round(Math.abs(distance) / WHEEL_STEP)));
      // Over the widget's own region (on the table the board and the sheet scroll separately).
      // Under a toast: the wheel turns just above it (over the toast it would scroll nothing).
      const y = underToast(rects, id) ? rects.toast.y - 12 : r.y + r.h / 2;
      await wheel(page, up ? -steps : steps, r.x + 4, y);
      rects = await layout(page);
    }
    return shown();
  };
  if (shown() || (await towards())) return rects[id];
  // A counter scrolled out of the board (a small phone with large text): the board scrolls on
  // its own, under its own region, up first (the far ranks), then down.
  if (!rects[id] && /^(token|place|status|effect):/.test(id) && rects.board) {
    for (const direction of [-1, 1]) {
      let before = '';
      for (let i = 0; i < 15 && !rects[id]; i += 1) {
        const now = await wheel(page, direction * 2, rects.board.x + rects.board.w / 2, rects.board.y + rects.board.h / 2);
        rects = await layout(page);
        if (now === before) break;
        before = now;
      }
      if (rects[id]) break;
    }
    if (shown() || (rects[id] && (await towards()))) return rects[id];
  }
  // Half of what the wheel scrolls: the table's sheet under it is a part of the screen, and a
  // turn longer than it would jump over a row that is never wholly in view between two turns.
  const region = rects.sheet ? Math.min(viewport.height, rects.sheet.h) : viewport.height;
  const half = Math.max(1, Math.floor((region * 0.5) / WHEEL_STEP));
  const search = async (steps, limit) => {
    let before = '';
    for (let i = 0; i < limit; i += 1) {
      if (shown() || (rects[id] && (await towards()))) return true;
      const now = await wheel(page, steps);
      rects = await layout(page);
      if (now === before) return shown();
      before = now;
    }
    return shown();
  };
  if (await search(half, 60)) return rects[id];
  if (await search(-40, 10)) return rects[id];  // up to the top
  if (await search(half, 120)) return rects[id];
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
  await input(page, () => page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2));
}

// A finger on the screen through CDP touch events, sent as a hand sends them: no step waits for
// the app (ImGui's input queue takes them in order, a press and a release in frames of their
// own); after the finger lifts the app has acted and rests.
export async function finger(page) {
  const client = await page.context().newCDPSession(page);
  const send = (type, x, y) => client.send('Input.dispatchTouchEvent', { type, touchPoints: [{ x, y, id: 1 }] });
  return {
    down: (x, y) => send('touchStart', x, y),
    move: (x, y) => send('touchMove', x, y),
    async up() {
      await input(page, () => client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }));
      await client.detach();
    },
  };
}

// A token moved by finger: a long press lifts it (the app reports ui().lifted once the press
// has lasted long enough), then the finger carries it to the place `toId` (or a point {x, y})
// in small steps. The
// place's rectangle is read once the token is lifted (a thin new rank opens only then).
export async function touchDrag(page, fromId, toId) {
  const from = await find(page, fromId);
  const [x0, y0] = [from.x + from.w / 2, from.y + from.h / 2];
  const touch = await finger(page);
  await touch.down(x0, y0);
  const figure = fromId.replace(/^token:/, '');
  await page.waitForFunction((id) => window.czary.ui().lifted === id, figure, WAIT);
  // A place's id, or a point ({x, y}) where no place may be.
  const to = typeof toId === 'string' ? (await layout(page))[toId] : { ...toId, w: 0, h: 0 };
  if (!to) throw new Error(`no place '${toId}' on screen while '${figure}' is lifted`);
  const [x1, y1] = [to.x + to.w / 2, to.y + to.h / 2];
  for (let step = 1; step <= 12; step += 1) {
    const t = step / 12;
    await touch.move(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
  }
  await touch.up();
}

// A swipe: the finger goes down on the widget `fromId` (or at a point) and moves `dy` px
// vertically in small steps, then lifts; returns once the content has stopped gliding.
export async function swipe(page, from, dy) {
  const r = typeof from === 'string' ? (await layout(page))[from] : from;
  const [x, y] = [r.x + (r.w ?? 0) / 2, r.y + (r.h ?? 0) / 2];
  const touch = await finger(page);
  await touch.down(x, y);
  for (let step = 1; step <= 8; step += 1) await touch.move(x, y + (dy * step) / 8);
  await touch.up();
  await settle(page);
}

// The rectangle of a widget that must already be on screen, wholly: the player does not scroll.
export async function onScreen(page, id) {
  await settle(page);
  const r = (await layout(page))[id];
  const viewport = page.viewportSize();
  if (!r) throw new Error(`widget '${id}' is not drawn`);
  if (!inside(r, viewport) || r.x < 0 || r.x + r.w > viewport.width + 0.5) throw new Error(`widget '${id}' is not wholly on screen: ${JSON.stringify(r)}`);
  if (underToast(await layout(page), id)) throw new Error(`widget '${id}' lies under the toast`);
  return r;
}

// A tap on a widget that is on screen, without any scrolling first (the flows a phone must
// manage in one screen); returns the widget's rectangle as it was tapped.
export async function tapInView(page, id) {
  const r = await onScreen(page, id);
  await input(page, () => page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2));
  return r;
}

// Widgets wider than the screen, outside it sideways, whose label does not fit, or whose text was
// shortened with "…" (a name on a token may be: its sheet has it whole).
export async function overflowing(page) {
  const { width } = page.viewportSize();
  const rects = await layout(page);
  return Object.entries(rects)
    .filter(([id, r]) => r.textClipped || (r.shortened && !/^token(-name)?:/.test(id)) || r.x < -0.5 || r.x + r.w > width + 0.5)
    .map(([id, r]) => `${id} x=${Math.round(r.x)} w=${Math.round(r.w)}${r.textClipped ? ' (label cut)' : ''}${r.shortened ? ` (shortened: ${r.text})` : ''}`);
}

export { layout };

// Larraka, Gislan and Curvenol (c1-c3) with their pools, marks and limits, in the labyrinth; the
// tests that need more put it together from these parts (HEROES, then PARTY_SETUP).
export const HEROES = [{ type: 'add_hero', hero: 'larraka' }, { type: 'add_hero', hero: 'gislan' }, { type: 'add_hero', hero: 'curvenol' }];
export const PARTY_SETUP = [
  { type: 'set_pool', character: 'c1', spells: ['blyskawica', 'wybuch', 'uzdrowienie', 'magiczna_tarcza', 'uspienie', 'zamek'] },
  { type: 'set_pool', character: 'c2', spells: ['magiczna_zbroja', 'zamek', 'sila', 'elokwencja'] },
  { type: 'set_pool', character: 'c3', spells: ['eksplozja', 'urok', 'uwolnienie', 'odmlodzenie', 'psychiczny_cios'] },
  { type: 'begin_adventure', dice: [3] },
  { type: 'mark_spells', character: 'c1', spells: ['blyskawica', 'wybuch', 'uzdrowienie', 'magiczna_tarcza', 'uspienie'] },
  { type: 'roll_use_limit', character: 'c1', spell: 'uzdrowienie', dice: [4] },
  { type: 'mark_spells', character: 'c2', spells: ['magiczna_zbroja', 'zamek', 'sila', 'elokwencja'] },
  { type: 'mark_spells', character: 'c3', spells: ['eksplozja', 'urok', 'uwolnienie', 'odmlodzenie', 'psychiczny_cios'] },
  { type: 'roll_use_limit', character: 'c3', spell: 'odmlodzenie', dice: [2] },
  { type: 'enter_labyrinth' },
];
export const PARTY = [...HEROES, ...PARTY_SETUP];

// Sets up a state through the page hook (not the interface): each action must be accepted.
export async function prepare(page, actions) {
  for (const action of actions) {
    const result = await page.evaluate((a) => window.czary.dispatch(a), action);
    assert.equal(result.ok, true, `${JSON.stringify(action)}: ${JSON.stringify(result.refusal)}`);
  }
  await settle(page);
}

// A phone at the live table (tests/browser/live*.test.mjs): its table() and session() as the page
// hook gives them, and waiting until it is joined at `version` (any), nothing on its way, the table
// not held by another tab.
export const tableOf = (app) => app.page.evaluate(() => window.czary.table());
export const sessionOf = (app) => app.page.evaluate(() => window.czary.session());
export const joinedAt = (app, version) => app.page.waitForFunction((v) => {
  const t = window.czary.table();
  return t && t.link === 'joined' && !t.elsewhere && !t.sending && (v === undefined || t.version === v);
}, version, WAIT);
