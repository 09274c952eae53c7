// Issue #16 in the browser: a character's "Przedmioty i zdarzenia" on a 390x844 phone. Poison
// with typed wounds raises the wounds and the log says so; the Elokwencja medallion is shown as
// worn; the Myśl talisman is taken and used on a monster picked by its name; nothing is cut at
// 360 px and every button of the section is a 44 px target.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openSite, openApp, restart, saveScreenshot, state, ui, settle, layout, find, tap, tapInView, input, overflowing, PARTY, prepare, resize, tapToast,
} from './harness.mjs';

let site, phone;
before(async () => {
  site = await openSite();
  phone = await openApp(site, 'phoneFlat');  // 390x844, touch, one device pixel per CSS px
});
after(async () => {
  await phone?.context.close();
  await site?.close();
});

const figure = (s, id) => s.figures.find((f) => f.id === id);
// The party of three (c1-c3) in the labyrinth; a troll (m4) and an ork (m5) before it.
const MONSTERS = [{ type: 'add_monster', kind: 'troll', sila: 9 }, { type: 'add_monster', kind: 'ork', sila: 4 }];

// Gislan's sheet on the table: his token, then his wounds and statuses, then the section.
async function openSection(page) {
  await tapInView(page, 'tab:table');
  await tapInView(page, 'token:c2');
  await tapInView(page, 'figure:toggle');
  await tap(page, 'section:items');
}

// The toast of the last tap lies over the lower half of the sheet: a tap takes it away, as a
// player would, so that the sheet can be scrolled under it.
async function clearToast(page) {
  await tapToast(page);
}

// Every widget of the section drawn now: a touch target of 44 px, wholly inside the screen.
async function sectionFits(page, where) {
  const { width, height } = page.viewportSize();
  const rects = await layout(page);
  const small = Object.entries(rects)
    .filter(([id, r]) => /^(items:[^:]+:|section:items|input:items|pad:items)/.test(id) && !r.clipped && r.y >= 0 && r.y + r.h <= height)
    .filter(([, r]) => r.h < 43.5 || r.w < 43.5)
    .map(([id, r]) => `${id} ${Math.round(r.w)}x${Math.round(r.h)}`);
  assert.deepEqual(small, [], `${where}: targets under 44 px`);
  assert.deepEqual(await overflowing(page), [], `${where} at ${width} px: nothing cut or wider than the screen`);
}

test('poison with typed wounds: the wounds rise, the log says so, Neutralizacja is offered', async () => {
  const { page, errors } = await restart(site, phone);
  await prepare(page, [...PARTY, ...MONSTERS]);
  await openSection(page);
  assert.equal((await layout(page))['items:poison:typed'], undefined, 'collapsed: the groups are closed');
  await tap(page, 'section:items-poison');
  await tap(page, 'input:items-poison-wounds');
  await page.keyboard.type('3');
  await settle(page);
  const before = figure(await state(page), 'c2');
  await tap(page, 'items:poison:typed');
  const after = figure(await state(page), 'c2');
  assert.equal(after.wounds, before.wounds + 3, 'three wounds from the poison');
  assert.equal(after.poisoned, true);
  assert.match((await ui(page)).texts.toast ?? '', /Gislan/, 'the toast tells it');
  await clearToast(page);
  // 10.6: the window for Neutralizacja trucizny is open, and the sheet says so.
  await find(page, 'items:neutralise-now');
  assert.match((await ui(page)).texts['items:neutralise-now'], /Neutralizacja trucizny cofa 3 rany/);
  await saveScreenshot(page, 'items-phone');
  // The log: the newest step, in Polish, with its rule.
  const position = (await state(page)).position;
  await tapInView(page, 'tab:log');
  await settle(page);
  const said = (await ui(page)).texts[`log:step:${position}`] ?? '';
  assert.match(said, /Gislan: trucizna w ciele\.\s+\[10\.6\]/);
  assert.match(said, /Gislan: \+3 rany/);
  assert.deepEqual(errors, []);
});

test('the Elokwencja medallion: worn at a tap, shown as worn, off at the next', async () => {
  const { page, errors } = await restart(site, phone);
  await prepare(page, [...PARTY, ...MONSTERS]);
  await openSection(page);
  await tap(page, 'section:items-worn');
  assert.match((await ui(page)).texts['items:medallions-worn'], /Żaden medalion/);
  await tap(page, 'items:medallion:elokwencja');
  assert.deepEqual(figure(await state(page), 'c2').medallions, ['elokwencja']);
  await clearToast(page);
  await find(page, 'items:medallions-worn');
  assert.match((await ui(page)).texts['items:medallions-worn'], /Noszone: Elokwencja/);
  await sectionFits(page, 'medallions, armour, rings');
  await tap(page, 'items:medallion:elokwencja');
  assert.deepEqual(figure(await state(page), 'c2').medallions, []);
  assert.deepEqual(errors, []);
});

test('the Myśl talisman: 1K6 uses, then used on the ork picked by its name; the charm potion offers the troll by name', async () => {
  const { page, errors } = await restart(site, phone);
  await prepare(page, [...PARTY, ...MONSTERS]);
  await openSection(page);
  await tap(page, 'section:items-potions');
  // The charm potions list the monsters they work on by name: the troll and the ork are persons (14.5).
  await find(page, 'items:potion:person:m4');
  assert.equal((await layout(page))['items:potion:monster:m4'], undefined, 'the Urok (potwór) potion does not offer the troll');
  await tap(page, 'items:potion:person:m4');
  const drunk = (await page.evaluate(() => window.czary.session())).actions.at(-1);
  assert.deepEqual(drunk, { type: 'charm_potion', character: 'c2', target: 'm4', potion: 'person' }, 'the troll button drinks the potion at the troll');
  await clearToast(page);
  await tap(page, 'items:thought:take');
  const uses = figure(await state(page), 'c2').thought_uses;
  assert.ok(uses >= 1 && uses <= 6, `1K6 uses: ${uses}`);
  await clearToast(page);
  assert.match((await ui(page)).texts['items:thought-uses'], new RegExp(`${uses} użyc|${uses} użyć|${uses} użycie`));
  const wounds = figure(await state(page), 'c2').wounds;
  await tap(page, 'items:thought:m5');
  const s = await state(page);
  assert.equal(figure(s, 'c2').wounds, wounds + 1, 'a wound for the thought');
  assert.equal(figure(s, 'c2').thought_uses, uses - 1);
  await clearToast(page);
  await sectionFits(page, 'potions and talismans');
  assert.deepEqual(errors, []);
});

// The buttons of each group, from its top to its end: each is brought into view and checked.
const GROUPS = {
  poison: ['items:poison:roll', 'input:items-poison-wounds', 'items:poison:typed', 'items:stone:petrify'],
  possession: ['items:possess:statue', 'items:possess:talisman'],
  potions: ['items:potion:person:m4', 'items:potion:person:m5', 'items:thought:take', 'items:thought:m4', 'items:thought:m5', 'items:talisman:red', 'items:talisman:all'],
  worn: ['items:medallion:neutralizacja_trucizny', 'items:medallion:elokwencja', 'input:items-armor-sila', 'items:armor:on', 'items:ring:uspienie', 'items:ring:wskrzeszenie', 'items:resistance:1', 'items:resistance:2'],
  finds: ['items:altar:alloces', 'items:altar:malthus', 'items:find:bookshelf', 'items:find:manuscript'],
  experience: ['items:experience', 'items:prices', 'items:improve:sila', 'items:improve:potential_blue'],
};

for (const language of ['pl', 'en']) {
  test(`every group fits a 360 px phone (${language}): nothing cut, 44 px targets`, async () => {
    const { page, errors } = await restart(site, phone);
    await resize(page, { width: 360, height: 740 });
    if (language === 'en') {
      await tapInView(page, 'tab:sessions');
      await tap(page, 'language:en');
    }
    await prepare(page, [...PARTY, ...MONSTERS, { type: 'thought_talisman', character: 'c2', dice: [3] }]);
    await openSection(page);
    for (const [group, ids] of Object.entries(GROUPS)) {
      await tap(page, `section:items-${group}`);
      for (const id of ids) {
        await find(page, id);
        await sectionFits(page, `${group} (${id} in view)`);
      }
    }
    if (language === 'en') {
      await tapInView(page, 'tab:sessions');
      await tap(page, 'language:pl');
    }
    await resize(page, { width: 390, height: 844 });
    assert.deepEqual(errors, []);
  });
}
