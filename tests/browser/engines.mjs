// The three browser engines a table's phones run, behind one small interface, so that a check of
// tests/browser/engines.test.mjs is written once and runs in each:
//   chromium  Debian's Chromium through Playwright (CDP), headless, touch emulated;
//   firefox   Debian's Firefox ESR through puppeteer-core over WebDriver BiDi, on the X display
//             the test runs under (xvfb-run): headless Firefox has no WebGL;
//   webkit    WebKitGTK's MiniBrowser through Debian's WebKitWebDriver (W3C WebDriver), on the
//             X display, full screen (no toolbar) so that the window is the phone's size.
// Everything that differs between the engines lives in this file and nowhere else:
//   - touch: Chromium and Firefox send real touch events (pointerType "touch"). WebKitGTK's
//     WebDriver turns a touch pointer into mouse events (X11 has no touch screen to emulate), so
//     in WebKit a tap is a pointer (mouse) press and release, and the app takes it as a click.
//   - errors: Playwright and puppeteer report console errors and uncaught exceptions as events
//     from a page's first byte. W3C WebDriver has no such event (and MiniBrowser under the driver
//     writes no console): in WebKit a recorder of console.error, uncaught errors and rejections
//     is put into each page once it has loaded, so what a page logs before its load event is not
//     seen there (a start that fails shows anyway: the checks wait for the app's first frames).
//   - a screenshot, a reload and a navigation are each engine's own call.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { ARTIFACTS, CHROMIUM_ARGS, isAppError } from './harness.mjs';

export const ENGINE_NAMES = (process.env.CZARY_ENGINES ?? 'chromium,firefox,webkit').split(',').filter(Boolean);
export const PHONE = { width: 390, height: 844 };

const MINIBROWSER = process.env.CZARY_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

// A page of one engine: { engine, version, pointer ('touch' | 'mouse'), goto(url), reload(),
// evaluate(fn, arg), tap(x, y) (a finger, or the mouse, down and up at once, as each engine's own
// driver sends a tap: ImGui's input queue takes both), wheel(x, y, dy), screenshot(file), errors() (console
// errors and uncaught exceptions since clearErrors()), clearErrors(), close() }.
// `evaluate` takes a function of one JSON argument (sent as its source) returning JSON.
// `acceptInsecureCerts`: the browser takes any certificate (a test's own CA over TLS, which its
// driver cannot add to the browser's trust: tls-table.test.mjs).
export async function openEngine(name, size = PHONE, { acceptInsecureCerts = false } = {}) {
  const open = { chromium: openChromium, firefox: openFirefox, webkit: openWebKit }[name];
  if (!open) throw new Error(`no browser engine '${name}'`);
  if (name !== 'chromium' && !process.env.DISPLAY) throw new Error(`${name} needs an X display: run the test under xvfb-run`);
  return open(size, { acceptInsecureCerts });
}

async function openChromium(size) {
  const browser = await chromium.launch({ executablePath: process.env.CZARY_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: size, deviceScaleFactor: 1, hasTouch: true, isMobile: true, acceptDownloads: false });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (isAppError(m)) errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  page.on('dialog', (d) => d.accept());
  return {
    engine: 'chromium', version: browser.version(), pointer: 'touch',
    errors: async () => [...errors], clearErrors: () => { errors.length = 0; },
    goto: (url) => page.goto(url),
    reload: () => page.reload(),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    tap: (x, y) => page.touchscreen.tap(x, y),
    wheel: async (x, y, dy) => { await page.mouse.move(x, y); await page.mouse.wheel(0, dy); },
    screenshot: (file) => page.screenshot({ path: file }),
    close: () => browser.close(),
  };
}

async function openFirefox(size, { acceptInsecureCerts }) {
  const browser = await puppeteer.launch({
    acceptInsecureCerts,
    browser: 'firefox',
    executablePath: process.env.CZARY_FIREFOX ?? '/usr/bin/firefox-esr',
    headless: false,  // headless Firefox has no WebGL: it draws on the test's X display
    // Touch events as a phone's (off by default on a desktop without a touch screen).
    extraPrefsFirefox: { 'dom.w3c_touch_events.enabled': 1 },
  });
  const page = await browser.newPage();
  await page.setViewport({ ...size, deviceScaleFactor: 1, hasTouch: true });
  const errors = [];
  page.on('console', (m) => { if (isAppError(m)) errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  page.on('dialog', (d) => d.accept());
  return {
    engine: 'firefox', version: await browser.version(), pointer: 'touch',
    errors: async () => [...errors], clearErrors: () => { errors.length = 0; },
    goto: (url) => page.goto(url),
    reload: () => page.reload(),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    tap: (x, y) => page.touchscreen.tap(x, y),
    wheel: async (x, y, dy) => { await page.mouse.move(x, y); await page.mouse.wheel({ deltaY: dy }); },
    screenshot: (file) => page.screenshot({ path: file }),
    close: () => browser.close(),
  };
}

async function openWebKit(size, { acceptInsecureCerts }) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const driver = spawn(process.env.CZARY_WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver', [`--port=${port}`], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, route, body) => {
    const response = await fetch(base + route, {
      method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (json.value?.error) throw new Error(`WebDriver ${route}: ${json.value.error}: ${json.value.message}`);
    return json.value;
  };
  for (let i = 0; ; i += 1) {
    try { await fetch(`${base}/status`); break; } catch (error) {
      if (i > 200) throw new Error(`WebKitWebDriver did not start: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const created = await call('POST', '/session', { capabilities: { alwaysMatch: {
    'webkitgtk:browserOptions': {
      binary: MINIBROWSER,
      // Full screen has no toolbar, so the window can be a phone's size (it is 447 px at least).
      args: ['--automation', '--full-screen'],
    },
    timeouts: { script: 60000, pageLoad: 120000 },
    acceptInsecureCerts,
  } } });
  const session = (route) => `/session/${created.sessionId}${route}`;
  await call('POST', session('/window/rect'), { width: size.width, height: size.height });
  const pointer = (actions) => call('POST', session('/actions'), {
    actions: [{ type: 'pointer', id: 'finger', parameters: { pointerType: 'mouse' }, actions }],
  });
  const evaluate = async (fn, arg) => {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (${fn})(arguments[0]))
        .then((value) => done({ value: value === undefined ? null : value }), (error) => done({ error: String(error && error.stack || error) }));`;
    const result = await call('POST', session('/execute/async'), { script, args: [arg ?? null] });
    if (result.error) throw new Error(result.error);
    return result.value;
  };
  // The errors of the pages left, and the recorder put into each page once it has loaded.
  let earlier = [];
  const recorded = () => evaluate(() => window.__czaryErrors ?? []).catch(() => []);
  const record = () => evaluate(() => {
    if (window.__czaryErrors) return;
    const errors = window.__czaryErrors = [];
    const log = console.error.bind(console);
    console.error = (...parts) => { errors.push(`console: ${parts.join(' ')}`); log(...parts); };
    window.addEventListener('error', (event) => errors.push(`page: ${event.message}`));
    window.addEventListener('unhandledrejection', (event) => errors.push(`page: ${event.reason}`));
  });
  const navigate = async (go) => {
    earlier = earlier.concat(await recorded());
    await go();
    await record();
  };
  return {
    engine: 'webkit', version: `WebKitGTK ${created.capabilities.browserVersion}`, pointer: 'mouse',
    errors: async () => earlier.concat(await recorded()),
    clearErrors: async () => { earlier = []; await evaluate(() => { if (window.__czaryErrors) window.__czaryErrors.length = 0; }).catch(() => {}); },
    goto: (url) => navigate(() => call('POST', session('/url'), { url })),
    reload: () => navigate(() => call('POST', session('/refresh'), {})),
    evaluate,
    tap: (x, y) => pointer([{ type: 'pointerMove', x: Math.round(x), y: Math.round(y), duration: 0 },
                            { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }]),
    wheel: (x, y, dy) => call('POST', session('/actions'), {
      actions: [{ type: 'wheel', id: 'wheel', actions: [{ type: 'scroll', x: Math.round(x), y: Math.round(y), deltaX: 0, deltaY: dy, duration: 0 }] }],
    }),
    async screenshot(file) {
      const png = Buffer.from(await call('GET', session('/screenshot')), 'base64');
      fs.writeFileSync(file, png);
      return png;
    },
    async close() {
      await call('DELETE', session('')).catch(() => {});
      driver.kill();
    },
  };
}

export function artifact(engine, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, `engines-${engine}-${name}.png`);
}
