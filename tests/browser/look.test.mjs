// Issue "It looks and reads like the game": screenshots of a phone and a tablet at every step of
// play (stored in build/artifacts/look-*.png for the eye), and what a program can check in them:
// no text cut anywhere, the counters show their statuses as icons after Uśpienie and Magiczna
// zbroja, a dimmed card gives its reason inside its own rectangle, the icon and bold fonts are in
// the atlas (no glyph missing).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openSite, openApp, restart, saveScreenshot, settle, layout, status, ui, tapInView, onScreen, overflowing, WAIT, HEROES, PARTY_SETUP, prepare,
} from './harness.mjs';

let site, phone, tablet;
before(async () => {
  site = await openSite();
  phone = await openApp(site, 'phoneFlat');
  tablet = await openApp(site, 'tablet');
});
after(async () => {
  await phone?.context.close();
  await tablet?.context.close();
  await site?.close();
});

const PARTY = [...HEROES, { type: 'add_hero', hero: 'dierdra' }, ...PARTY_SETUP];
const MONSTERS = [
  { type: 'add_monster', kind: 'troll', level: 2, sila: 9 },
  { type: 'add_monster', kind: 'ork', level: 1, sila: 4 },
  { type: 'add_monster', kind: 'ork', level: 1, sila: 4 },
];
// Larraka and Gislan in the second rank (they cast from there, 10.4), Dierdra in front; Uśpienie
// on the troll (m5) that does not resist it (a 6), Magiczna zbroja of 1K3+1 = 3 on Larraka (a 4 is 2 on 1K3).
const STATUSES = [
  { type: 'move_figure', figure: 'c1', rank: 2, slot: 2 },
  { type: 'move_figure', figure: 'c4', rank: 1, slot: 1 },
  { type: 'move_figure', figure: 'c2', rank: 2, slot: 3 },
  { type: 'start_fight' },
  { type: 'cast', caster: 'c1', spell: 'uspienie', targets: ['m5'], dice: [6] },
  { type: 'cast', caster: 'c2', spell: 'magiczna_zbroja', targets: ['c1'], dice: [4] },
];

async function noTextCut(page, where) {
  assert.deepEqual(await overflowing(page), [], `${where}: every text fits its place`);
}

const inside = (inner, outer) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.w <= outer.x + outer.w + 0.5 && inner.y + inner.h <= outer.y + outer.h + 0.5;

// The whole journey on one device; `name` prefixes the screenshots.
async function journey(app, name) {
  const { page, errors } = await restart(site, app);
  await prepare(page, PARTY);
  await tapInView(page, 'tab:party');
  await saveScreenshot(page, `look-${name}-setup`);
  await noTextCut(page, `${name} set-up`);

  await prepare(page, MONSTERS);
  await tapInView(page, 'tab:table');
  await onScreen(page, 'token:m5');
  await saveScreenshot(page, `look-${name}-board`);
  await noTextCut(page, `${name} board`);
  const before = await layout(page);
  assert.equal(before['status:m5:asleep'], undefined, 'an awake troll shows no sleep icon');

  // A fight with statuses: the icons are on the counters themselves, spelled out for the reader.
  await prepare(page, STATUSES);
  await page.waitForFunction(() => window.czary.layout()['status:m5:asleep'] && window.czary.layout()['status:c1:armor'], null, WAIT);
  let rects = await layout(page);
  assert.ok(inside(rects['status:m5:asleep'], rects['token:m5']), 'the sleep icon lies on the troll\'s counter');
  assert.ok(inside(rects['status:c1:armor'], rects['token:c1']), 'the armour icon lies on Larraka\'s counter');
  const { texts } = await ui(page);
  assert.match(texts['status:c1:armor'], /Magiczna zbroja.*3/);
  assert.match(texts['status:m5:asleep'], /Uśpienie/);
  await saveScreenshot(page, `look-${name}-fight`);
  await noTextCut(page, `${name} fight`);

  // Larraka's hand: after Uśpienie she has cast this round, her cards are dimmed with the reason
  // on a ribbon inside each card.
  await tapInView(page, 'token:c1');
  await onScreen(page, 'card:blyskawica');
  rects = await layout(page);
  const ribbons = Object.keys(rects).filter((id) => id.startsWith('card-reason:'));
  assert.ok(ribbons.length > 0, 'a dimmed card carries its reason');
  for (const id of ribbons) {
    const card = rects[`card:${id.slice('card-reason:'.length)}`];
    assert.ok(card && inside(rects[id], card), `${id} lies inside its card`);
  }
  await saveScreenshot(page, `look-${name}-hand`);
  await noTextCut(page, `${name} hand`);

  // The cast bar with its odds: the next round, Larraka's Błyskawica on an orc.
  await prepare(page, Array(4).fill({ type: 'next_phase' }));
  await tapInView(page, 'token:c1');
  await tapInView(page, 'card:blyskawica');
  await tapInView(page, 'token:m6');
  await onScreen(page, 'cast:odds');
  await saveScreenshot(page, `look-${name}-cast`);
  await noTextCut(page, `${name} cast bar`);

  await tapInView(page, 'tab:dice');
  await saveScreenshot(page, `look-${name}-dice`);
  await noTextCut(page, `${name} dice tray`);
  await tapInView(page, 'tab:log');
  await saveScreenshot(page, `look-${name}-log`);
  await noTextCut(page, `${name} log`);

  assert.deepEqual((await status(page)).missingGlyphs, [], 'every text and icon has its glyph');
  assert.deepEqual(errors, []);
}

// A failed journey leaves a picture of where it stopped.
async function journeyOrPicture(app, name) {
  try {
    await journey(app, name);
  } catch (error) {
    await saveScreenshot(app.page, `look-${name}-failed`).catch(() => {});
    throw error;
  }
}

test('phone: counters with status icons, cards with ribbons, nothing cut', async () => {
  await journeyOrPicture(phone, 'phone');
});

test('tablet: the same journey in three columns', async () => {
  await journeyOrPicture(tablet, 'tablet');
});
