// What the benchmark does in the page, shared by tests/browser/bench-web.mjs (the figures) and
// tests/browser/profile-web.mjs (where their time goes): the frame counter installed before any
// page script, the scripted fight, and an import of a session.
import fs from 'node:fs';

// Counts rendered frames (animation frames in which WebGL drew) and times each of them; notes
// the first draw. Installed before any page script.
export function instrument() {
  const bench = (window.__bench = { firstDraw: null, drawn: 0, callbacks: 0, frameTimes: [], drewThisFrame: false });
  for (const proto of [WebGLRenderingContext.prototype, window.WebGL2RenderingContext?.prototype].filter(Boolean)) {
    for (const name of ['drawElements', 'drawArrays']) {
      const original = proto[name];
      proto[name] = function (...args) {
        if (bench.firstDraw === null) bench.firstDraw = performance.now();
        bench.drewThisFrame = true;
        return original.apply(this, args);
      };
    }
  }
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => raf((time) => {
    bench.drewThisFrame = false;
    bench.callbacks += 1;
    const start = performance.now();
    callback(time);
    if (bench.drewThisFrame) {
      bench.drawn += 1;
      bench.frameTimes.push(performance.now() - start);
    }
  });
}

const status = (page) => page.evaluate(() => window.czary.status());

// Until the app has acted on what came after `before` (a frame drawn or an event taken) and
// rests: its loop paused, which it is not while dice tumble.
async function settled(page, before) {
  await page.waitForFunction((b) => {
    const now = window.czary.status();
    return now.loopPaused && (now.frames > b.frames || now.events > b.events);
  }, before, { timeout: 30000 });
}

// A tap on what the app's layout names `id`, once it has drawn a few frames on being asked; then
// until the app has acted on the tap and rests.
export async function tap(page, id) {
  let before = await status(page);
  await page.evaluate(() => window.czary.redraw(3));
  await settled(page, before);
  const r = (await page.evaluate(() => window.czary.layout()))[id];
  if (!r) throw new Error(`the scripted fight: nothing to tap at ${id}`);
  before = await status(page);
  await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
  await settled(page, before);
}

// A fight at the table: the party and a troll set up, then taps through tabs, a cast with the
// app's dice (the second time the card is refused: Larraka has cast this round, 9.4), a tray
// roll, undo and redo, and the mouse moving over the board. Each tap waits until the app rests.
export async function czaryFight(page) {
  const fight = JSON.parse(fs.readFileSync(new URL('../cli/fight.json', import.meta.url), 'utf8'));
  for (const action of fight.actions.slice(0, 16)) await page.evaluate((a) => window.czary.dispatch(a), action);
  for (let round = 0; round < 2; round += 1) {
    await tap(page, 'tab:table');
    await tap(page, 'token:c1');
    await tap(page, 'card:blyskawica');
    if (round === 0) {
      await tap(page, 'token:m4');
      await tap(page, 'cast:confirm');  // until its dice have tumbled
    }
    await tap(page, 'tab:dice');
    await tap(page, 'tray:roll');
    await tap(page, 'undo');
    await tap(page, 'redo');
    await tap(page, 'tab:log');
    for (let i = 0; i < 20; i += 1) await page.mouse.move(200 + i * 20, 300 + (i % 5) * 30);
  }
}

// One import of a session's text as the app opens a file (parse, replay, save to localStorage),
// in milliseconds; -1 if the app refused it.
export async function replayAndSave(page, text) {
  return page.evaluate((sessionText) => {
    const length = Module.lengthBytesUTF8(sessionText) + 1;
    const buffer = Module._malloc(length);
    Module.stringToUTF8(sessionText, buffer, length);
    const start = performance.now();
    const ok = Module._czary_import_session(buffer);
    const elapsed = performance.now() - start;
    Module._free(buffer);
    localStorage.clear();
    return ok ? elapsed : -1;
  }, text);
}
