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

// A page whose console errors and uncaught exceptions are recorded in `errors`.
export async function openApp(site, viewportName) {
  const context = await site.browser.newContext(VIEWPORTS[viewportName]);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  await page.goto(site.url);
  await page.waitForFunction(() => window.czary?.ready && window.czary.status().frames > 3, null, { timeout: 30000 });
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
