// Issue "The table": a short game played with real taps and touch drags at the rectangles the
// app reports (window.czary.layout()): set-up screens, the adventure, a drag to the second rank,
// Błyskawica on a first-rank monster, an illegal cast with its reason, and undo of it all.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openSite, openApp, restart, saveScreenshot, state, ui, tap, touchDrag, find, smallTargets, swipe, layout, settle,
  prepare, PARTY, HEROES, PARTY_SETUP, input, underToast, WAIT, resize, tapInView,
} from './harness.mjs';

// The phone tests share one page, started afresh for each (restart: storage emptied, the page
// opened again); the tablet test has its own.
let site, phone;
before(async () => {
  site = await openSite();
  phone = await openApp(site, 'phoneFlat');
});
after(async () => {
  await phone?.context.close();
  await site?.close();
});
const freshPhone = () => restart(site, phone);

const figure = (s, id) => s.figures.find((f) => f.id === id);

// Opens a character on the Party tab unless it is open already (a finished choice opens the
// next character that still has to choose).
async function open(page, character) {
  if ((await ui(page)).selected !== character) await tap(page, `character:${character}`);
}

// Issue 25, item 3: a pool is kept as it is chosen, like the marks: the last tick saves it.
async function choosePool(page, character, spells) {
  await open(page, character);
  for (const spell of spells) await tap(page, `pool:${spell}`);
  assert.deepEqual(figure(await state(page), character).pool, spells, `${character}'s pool`);
}

async function markSpells(page, character, spells) {
  await open(page, character);
  for (const spell of spells) await tap(page, `mark:${spell}`);
  assert.deepEqual(figure(await state(page), character).marked, spells, `${character}'s marks`);
}

// Issue 25 (playtest): the line above the marks turns from "4 z 5 … wybierz jeszcze 1" (two
// lines) to "5 z 5 ✓ zapisano" (one): the list under it does not move under the finger.
test('the marks list stays put when its last tick is kept', async () => {
  const { page, errors } = await freshPhone();
  await prepare(page, [...HEROES, ...PARTY_SETUP.slice(0, 4)]);  // pools, the adventure begun
  await tap(page, 'tab:party');
  await open(page, 'c1');
  const marks = PARTY_SETUP[4].spells;  // Larraka's five, Uzdrowienie among them (its limit is rolled next: the list stays)
  for (const spell of marks.slice(0, -1)) await tap(page, `mark:${spell}`);
  const last = await find(page, `mark:${marks[marks.length - 1]}`);
  const first = (await layout(page))[`mark:${marks[0]}`];
  await input(page, () => page.touchscreen.tap(last.x + last.w / 2, last.y + last.h / 2));
  assert.deepEqual(figure(await state(page), 'c1').marked, marks, 'the marks are kept');
  assert.equal((await layout(page))[`mark:${marks[0]}`].y, first.y, 'the list did not move');
  assert.deepEqual(errors, []);
});

test('a short fight at phone size, by touch', async () => {
  const { page, errors } = await freshPhone();
  // Issue 25, item 5: an empty party is not offered an adventure (4.1), it is told to add characters.
  const first = await page.evaluate(() => window.czary.layout());
  assert.equal(first['adventure:begin'], undefined, 'no adventure for an empty party');
  assert.ok(first['hero:larraka'] && !first['hero:larraka'].clipped, 'an empty session opens on the list of heroes');
  // Party set-up: three heroes from table 4.3. The empty session opens the list; each hero
  // added folds it and opens the hero's pool.
  assert.ok(first['hero:larraka'], 'an empty session opens the list of heroes');
  for (const hero of ['larraka', 'gislan', 'curvenol']) {
    if (!(await layout(page))[`hero:${hero}`]) await tap(page, 'section:heroes');
    await tap(page, `hero:${hero}`);
    assert.equal((await layout(page))[`hero:${hero}`], undefined, 'the list folds once a hero is added');
  }
  assert.deepEqual((await state(page)).figures.map((f) => f.name.pl), ['Larraka', 'Gislan', 'Curvenol']);
  assert.equal((await ui(page)).selected, 'c3', "the new hero's pool is open");
  await tap(page, 'section:heroes');
  assert.deepEqual(await smallTargets(page), [], 'touch targets of the set-up screen');
  // The ✓ of a hero in the party says why it does nothing (4.1 A).
  await tap(page, 'hero:larraka');
  assert.match((await ui(page)).texts.toast, /Larraka.*4\.1/);
  await tap(page, 'section:heroes');
  await saveScreenshot(page, 'table-phone-1-party');

  await choosePool(page, 'c1', ['blyskawica', 'wybuch', 'uzdrowienie', 'magiczna_tarcza', 'uspienie', 'zamek']);
  await choosePool(page, 'c2', ['magiczna_zbroja', 'zamek', 'sila', 'elokwencja']);
  await choosePool(page, 'c3', ['eksplozja', 'urok', 'uwolnienie', 'odmlodzenie', 'psychiczny_cios']);

  // The adventure: the sun from a real die (3: yellow), marks, use limits. The pad for the
  // pips is drawn right above the button that rolls.
  await tap(page, 'dice:mode');
  await tap(page, 'pad:3');
  await tap(page, 'adventure:begin');
  assert.equal((await state(page)).adventure.sun, 'yellow');
  await markSpells(page, 'c1', ['blyskawica', 'wybuch', 'uzdrowienie', 'magiczna_tarcza', 'uspienie']);
  await tap(page, 'pad:4');
  await tap(page, 'limit:uzdrowienie');
  assert.equal(figure(await state(page), 'c1').uses_left.uzdrowienie, 4);
  await markSpells(page, 'c2', ['magiczna_zbroja', 'zamek', 'sila', 'elokwencja']);
  await markSpells(page, 'c3', ['eksplozja', 'urok', 'uwolnienie', 'odmlodzenie', 'psychiczny_cios']);
  await tap(page, 'pad:2');
  await tap(page, 'limit:odmlodzenie');
  await saveScreenshot(page, 'table-phone-2-adventure');
  assert.deepEqual(await smallTargets(page), [], 'touch targets of the adventure');
  await tap(page, 'adventure:enter');
  assert.equal((await state(page)).adventure.entered, true);
  assert.equal((await ui(page)).tab, 'table');

  // A troll of siła 6 faces the party (the monster form under the board: nothing preselected).
  await tap(page, 'sheet:monsters');
  await tap(page, 'monster:kind:troll');
  await tap(page, 'input:monster-sila');
  await page.keyboard.type('6');
  await settle(page);
  await tap(page, 'monster:add');
  await tap(page, 'sheet:monsters');  // the form closes
  const troll = (await state(page)).figures.find((f) => f.monster_kind === 'troll');
  assert.ok(troll, 'the troll is on the board');
  assert.equal(troll.sila, 6);

  // Larraka is dragged by finger to the second rank.
  await touchDrag(page, 'token:c1', 'place:party:2:1');
  assert.deepEqual((await state(page)).party.ranks[1], ['c1', '', '']);
  await tap(page, 'fight:start');
  assert.equal((await state(page)).fight.active, true);

  // An illegal move during phase 1 is refused on the spot with its rule (9.8).
  await touchDrag(page, 'token:c2', 'place:party:2:2');
  assert.match((await ui(page)).texts.notice, /[[(]9\.8[\])]/);
  assert.deepEqual((await state(page)).party.ranks[1], ['c1', '', '']);
  await saveScreenshot(page, 'table-phone-3-board');
  assert.deepEqual(await smallTargets(page), [], 'touch targets of the board');

  // Błyskawica on the first-rank troll, with real dice: resist 6 (> 3), damage pip 2 -> 1 x 2.
  // A tap on the lit card starts the cast; its rule button shows the rule's own text.
  await tap(page, 'token:c1');
  await tap(page, 'card:blyskawica');
  await tap(page, 'cast:rule');
  await find(page, 'rule-text:blyskawica');
  assert.match((await ui(page)).texts['rule-text:blyskawica'], /1K3x2 rany/, "the cast shows the rule's own text");
  await tap(page, `token:${troll.id}`);
  assert.deepEqual((await ui(page)).cast.targets, [troll.id]);
  await find(page, 'cast:odds');
  // Real-dice mode was chosen on the set-up screen; the cast starts in it.
  assert.equal((await ui(page)).cast.tableDice, true);
  await tap(page, 'cast:pip:6');
  await tap(page, 'cast:pip:2');
  await saveScreenshot(page, 'table-phone-4-cast');
  assert.deepEqual(await smallTargets(page), [], 'touch targets of the cast');
  await tap(page, 'cast:confirm');
  let s = await state(page);
  assert.equal(figure(s, troll.id).wounds, 2, "the troll's wounds changed");
  assert.equal(figure(s, 'c1').wounds, 2, 'Larraka paid the cost');
  // The outcome shows in the toast.
  await find(page, 'toast');
  assert.match((await ui(page)).texts.toast, /Błyskawic/);
  await saveScreenshot(page, 'table-phone-5-outcome');

  // An illegal cast: Gislan stands in the first rank, so his cards are dimmed with 10.4.
  await tap(page, 'token:c2');
  await find(page, 'card:sila');
  const reason = (await ui(page)).texts['card:sila'];
  assert.match(reason, /10\.4/);
  assert.match(reason, /drugiego szeregu/);

  // Undo it all, one tap at a time.
  for (let i = 0; i < 60 && (await state(page)).position > 0; i += 1) await tap(page, 'undo');
  s = await state(page);
  assert.equal(s.position, 0);
  assert.deepEqual(s.figures, []);
  await saveScreenshot(page, 'table-phone-6-undone');
  assert.deepEqual(errors, []);
});

// Issue 25, "done when": on a 390x844 phone, by touch, from an empty session, a party of three
// (two heroes and an initiate) with pools, the sun, marks and limits, into the labyrinth, takes
// at most 25 taps and 2 swipes; a monster three taps plus its siła; a cast from a selected caster
// three; a negotiation two. Every tap lands on a widget wholly on screen and clear of a toast: a
// widget out of view costs a swipe (counted), never the harness's wheel.
test('the evening\'s common flows by touch on a phone: few taps, hardly a swipe', async () => {
  const { page, errors } = await freshPhone();
  const viewport = page.viewportSize();
  let taps = 0, swipes = 0;
  // `above`: where the player knows the widget is when it is out of view.
  const reach = async (id, above = false) => {
    for (let i = 0; i < 8; i += 1) {
      const rects = await layout(page);
      const r = rects[id], bar = rects['tab:party'];
      if (r && !r.clipped && r.y >= 0 && r.y + r.h <= bar.y && !underToast(rects, id)) return r;
      if (rects.toast && r && underToast(rects, id)) {  // a toast over it: wait until it goes
        await page.waitForFunction(() => !window.czary.layout().toast, null, { ...WAIT, timeout: 120000 });
        continue;
      }
      const dy = !r ? (above ? 360 : -360) : r.y + r.h > bar.y ? -Math.min(400, r.y + r.h - bar.y + 60) : Math.min(400, 160 - r.y);
      await swipe(page, { x: viewport.width - 30, y: dy < 0 ? bar.y - 40 : 160 }, dy);
      swipes += 1;
    }
    throw new Error(`'${id}' never came into view`);
  };
  const press = async (id, above = false) => {
    const r = await reach(id, above);
    await input(page, () => page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2));
    taps += 1;
  };
  const open = async (id) => { if ((await ui(page)).selected !== id) await press(`character:${id}`); };

  // Two heroes: Almuryk (potential 1/1/2: a pool of two) and Lord Dil (a fighter, no pool).
  await press('hero:almuryk');
  for (const spell of ['blyskawica', 'wybuch']) await press(`pool:${spell}`);
  await press('section:heroes', true);
  await press('hero:lord_dil');
  // An initiate (4.4): a name typed, the potential rolled by the app.
  await press('section:initiate', true);
  await press('input:initiate-name');
  await page.keyboard.type('Ewa');
  await settle(page);
  await press('initiate:add');
  let s = await state(page);
  const initiate = s.figures.find((f) => f.name.pl === 'Ewa');
  assert.ok(initiate, 'the initiate joined');
  const size = Math.max(...initiate.potential);
  const pool = ['blyskawica', 'wybuch', 'urok', 'eksplozja', 'zamek', 'sila'].slice(0, size);
  for (const [i, spell] of pool.entries()) {
    // The last tick turns the line above the list from "nothing kept yet" to kept: the list
    // does not move under the finger.
    const last = i === pool.length - 1, swiped = swipes;
    const before = last ? (await layout(page))[`pool:${pool[0]}`] : null;
    await press(`pool:${spell}`);
    // (Unless the list folds: the pool is complete and the next character opens.)
    const after = (await layout(page))[`pool:${pool[0]}`];
    if (last && swipes === swiped && after) assert.equal(after.y, before.y, 'the pool list stays put when the choice is kept');
  }
  s = await state(page);
  assert.deepEqual(s.figures.find((f) => f.id === initiate.id).pool, pool, "the initiate's pool is kept as chosen");
  // The sun, the marks (the first character that marks opens by itself), into the labyrinth.
  await press('adventure:begin');
  s = await state(page);
  const sun = { red: 0, yellow: 1, blue: 2 }[s.adventure.sun];
  for (const f of s.figures.filter((c) => c.potential[sun] > 0)) {
    await open(f.id);
    const rects = await layout(page);
    if (rects['marks:all']) await press('marks:all');
    else for (const spell of f.pool.slice(0, f.potential[sun])) await press(`mark:${spell}`);
  }
  await press('adventure:enter');
  s = await state(page);
  assert.equal(s.adventure.entered, true, 'the party is in the labyrinth');
  assert.ok(taps <= 25, `a party of three into the labyrinth: ${taps} taps (at most 25)`);
  assert.ok(swipes <= 2, `and ${swipes} swipes (at most 2)`);

  // A monster: three taps plus its siła.
  taps = 0; swipes = 0;
  await press('sheet:monsters');
  const before = taps;
  await press('monster:kind:troll');
  await press('input:monster-sila');
  await page.keyboard.type('7');
  await settle(page);
  await press('monster:add');
  assert.equal(taps - before, 3, 'a monster is three taps plus its siła');
  assert.equal(swipes, 0, 'and no swipe');
  assert.ok((await state(page)).figures.some((f) => f.monster_kind === 'troll'));
  // The line under siła changes with the level (the level's bonus): "Dodaj" does not move.
  await press('monster:kind:ogr');
  const add = (await layout(page))['monster:add'];
  await press('monster:level:2');
  assert.equal((await layout(page))['monster:add'].y, add.y, 'Dodaj potwora stays put when a level is chosen');
  await press('monster:chosen');  // the list open again, as before

  // A negotiation: two taps (the talk sheet, then negotiate).
  taps = 0;
  await press('sheet:talk');
  await press('talk:negotiate');
  assert.equal(taps, 2, 'a negotiation is two taps');
  assert.ok((await ui(page)).texts['talk:result'], 'the result is shown');
  // A fighter (Lord Dil: no spells at all) opens on his wounds, not on an empty hand.
  await press('token:c2');
  assert.ok((await layout(page))['wound:1'], "Lord Dil's sheet shows his wounds");
  assert.equal((await layout(page))['figure:toggle'], undefined, 'and offers no spells to switch to');
  assert.deepEqual(errors, []);
});

// Issue 25, items 1 and 7: on a phone the board is as tall as its ranks and the sheet gets the
// rest; table 8.2 is in view without a swipe; a monster takes three taps plus its siła; the
// party's counters do not move when monsters come, take a new rank, or die.
test('the phone: the sheet gets the room the board does not need, and the party stays put', async () => {
  const { page, errors } = await freshPhone();
  await prepare(page, PARTY);
  await tap(page, 'tab:table');
  let rects = await layout(page);
  const tabBar = rects['tab:table'];
  const page_h = tabBar.y - (rects['sheet:monsters'].y + rects['sheet:monsters'].h);
  assert.ok(rects.sheet.h > 0.5 * page_h, `no monsters yet: the sheet has most of the screen (${rects.sheet.h} of ${page_h} px)`);
  const where = (r) => `${Math.round(r.x)},${Math.round(r.y)}`;
  const party = (r) => ['c1', 'c2', 'c3'].map((id) => where(r[`token:${id}`])).join(' ');
  const partyAt = party(rects);

  await tap(page, 'sheet:monsters');
  rects = await layout(page);
  const kinds = Object.keys(rects).filter((id) => id.startsWith('monster:kind:'));
  assert.equal(kinds.length, 20, 'table 8.2 has twenty kinds');
  const sheetBottom = rects.sheet.y + rects.sheet.h;
  for (const id of kinds) assert.ok(!rects[id].clipped && rects[id].y + rects[id].h <= sheetBottom, `${id} in view without a swipe`);
  assert.equal(party(rects), partyAt, 'opening the form moves no counter');

  // Four trolls: the fourth starts the second monster rank. Each is three taps plus its siła.
  let taps = 0;
  const count = async (id) => { taps += 1; await tap(page, id); };
  for (let i = 0; i < 4; i += 1) {
    await count('monster:kind:troll');
    await count('input:monster-sila');
    await page.keyboard.type('6');
    await settle(page);
    await count('monster:add');
    rects = await layout(page);
    assert.equal(party(rects), partyAt, `troll ${i + 1}: the party's counters stay where they were`);
    assert.ok(rects['monster:kind:troll'], 'the form is ready for the next monster');
  }
  assert.equal(taps, 12, 'three taps a monster');
  const s = await state(page);
  assert.equal(s.monsters.ranks.length, 2, 'four trolls take two ranks');
  await tap(page, 'sheet:monsters');
  await tap(page, 'fight:start');
  rects = await layout(page);
  const fightAt = party(rects);
  // The second rank's troll dies: its rank empties, the room stays.
  const last = s.monsters.ranks[1][0];
  await prepare(page, [{ type: 'wound', figure: last, amount: 6 }]);
  rects = await layout(page);
  assert.equal(party(rects), fightAt, 'a death moves no counter of the party');
  assert.deepEqual(errors, []);
});

test('the phone keyboard opens for names and types Polish letters', async () => {
  const { page, errors } = await freshPhone();
  await tap(page, 'section:initiate');
  await tap(page, 'input:initiate-name');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'keyboard', 'the hidden field has the focus');
  await page.keyboard.type('Łucjx');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('a');
  await tap(page, 'initiate:race:elf');
  await tap(page, 'dice:mode');
  await tap(page, 'initiate:pad:6');  // the pad right above the initiate's roll
  await tap(page, 'initiate:add');
  let s = await state(page);
  assert.equal(s.figures.length, 1);
  assert.equal(s.figures[0].name.pl, 'Łucja');
  assert.deepEqual(s.figures[0].potential, [2, 2, 2], 'table 4.4 with the die entered: 6');
  assert.equal(s.figures[0].sila, 6, 'elf 5 and the extra +1 on siła');

  // A custom character, typed on the phone's keyboard, numbers by the +/- buttons.
  await tap(page, 'section:initiate');
  await tap(page, 'section:custom');
  await tap(page, 'input:custom-name');
  await page.keyboard.type('Żegota');
  await page.keyboard.press('Enter');
  s = await state(page);
  await tap(page, 'custom:add');
  s = await state(page);
  assert.equal(s.figures.length, 2);
  assert.equal(s.figures[1].name.pl, 'Żegota');
  assert.equal(s.figures[1].sila, 7);
  await saveScreenshot(page, 'table-phone-keyboard');
  assert.deepEqual(errors, []);
});

test('the core of it at tablet size: drag, cast, one undo reverts the whole cast', async () => {
  const { page, context, errors } = await openApp(site, 'tablet');
  try {
    const setup = [
      { type: 'add_hero', hero: 'larraka' }, { type: 'add_hero', hero: 'gislan' }, { type: 'add_hero', hero: 'curvenol' },
      { type: 'set_pool', character: 'c1', spells: ['blyskawica', 'wybuch', 'uzdrowienie', 'magiczna_tarcza', 'uspienie', 'zamek'] },
      { type: 'set_pool', character: 'c2', spells: ['magiczna_zbroja', 'zamek', 'sila', 'elokwencja'] },
      { type: 'set_pool', character: 'c3', spells: ['eksplozja', 'urok', 'uwolnienie', 'odmlodzenie', 'psychiczny_cios'] },
      { type: 'begin_adventure', dice: [3] },
      { type: 'mark_spells', character: 'c1', spells: ['blyskawica', 'wybuch', 'uzdrowienie', 'magiczna_tarcza', 'uspienie'] },
      { type: 'mark_spells', character: 'c2', spells: ['magiczna_zbroja', 'zamek', 'sila', 'elokwencja'] },
      { type: 'mark_spells', character: 'c3', spells: ['eksplozja', 'urok', 'uwolnienie', 'odmlodzenie', 'psychiczny_cios'] },
      { type: 'roll_use_limit', character: 'c1', spell: 'uzdrowienie', dice: [5] },
      { type: 'roll_use_limit', character: 'c3', spell: 'odmlodzenie', dice: [5] },
      { type: 'enter_labyrinth' },
      { type: 'add_monster', kind: 'troll', sila: 9 },
    ];
    for (const action of setup) assert.equal((await page.evaluate((a) => window.czary.dispatch(a), action)).ok, true);
    await saveScreenshot(page, 'table-tablet-1-party');
    await tap(page, 'tab:table');
    await touchDrag(page, 'token:c1', 'place:party:2:1');
    assert.deepEqual((await state(page)).party.ranks[1], ['c1', '', '']);
    await tap(page, 'fight:start');
    await tap(page, 'token:c1');
    // Landscape: the spell cards stand beside the board.
    const card = await find(page, 'card:blyskawica');
    const token = await find(page, 'token:c1');
    assert.ok(card.x > token.x + token.w, 'cards to the right of the board');
    await tap(page, 'card:blyskawica');  // the cast starts at once
    await tap(page, 'token:m4');
    await tap(page, 'cast:dice-mode');
    for (const pip of [5, 6]) await tap(page, `cast:pip:${pip}`);
    await saveScreenshot(page, 'table-tablet-2-cast');
    const before = (await state(page)).position;
    await tap(page, 'cast:confirm');
    let s = await state(page);
    assert.equal(figure(s, 'm4').wounds, 6, JSON.stringify((await ui(page))));
    assert.equal(figure(s, 'c1').wounds, 2);
    await saveScreenshot(page, 'table-tablet-3-outcome');
    await tap(page, 'undo');
    s = await state(page);
    assert.equal(s.position, before);
    assert.equal(figure(s, 'm4').wounds, 0);
    assert.equal(figure(s, 'c1').wounds, 0);
    await tap(page, 'tab:log');
    await saveScreenshot(page, 'table-tablet-4-log');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a swipe that starts on a widget scrolls the page and presses nothing; monsters from a siła code and level', async () => {
  const { page, errors } = await freshPhone();
  // (The list of heroes is open: an empty session opens on it.)
  // A finger put down on a hero's "+" button (low on the screen) and moved up: the page
  // scrolls, and the button is not pressed (nobody joins the party).
  const rects = await layout(page);
  const { height } = page.viewportSize();
  const low = Object.entries(rects)
    .filter(([id, r]) => id.startsWith('hero:') && !r.clipped && r.y > height * 0.5 && r.y + r.h < height * 0.8)
    .sort(([, a], [, b]) => b.y - a.y)[0];
  assert.ok(low, 'a hero button in the lower part of the screen');
  const top = rects['section:heroes'].y;
  await swipe(page, low[0], -300);
  const moved = (await layout(page))['section:heroes'];
  assert.ok(!moved || moved.y < top - 100, `the page scrolled (heroes header from ${top} to ${moved?.y})`);
  assert.equal((await state(page)).figures.length, 0, 'a scroll is not a tap');

  // A level 2 troll whose counter says 2+2, rolled with the table's dice 3 and 5: 3+5+2, +2.
  for (const action of [{ type: 'add_hero', hero: 'dierdra' }, { type: 'add_hero', hero: 'zareth' },
    { type: 'begin_adventure', dice: [1] }, { type: 'enter_labyrinth' }]) {
    assert.equal((await page.evaluate((a) => window.czary.dispatch(a), action)).ok, true);
  }
  await tap(page, 'tab:table');
  await tap(page, 'sheet:monsters');
  await tap(page, 'monster:kind:troll');
  await tap(page, 'monster:level:2');
  await tap(page, 'input:monster-code');
  await page.keyboard.type('2+2');
  // 6.8: the form says that the level's +2 comes on top of the counter's siła.
  await settle(page);
  assert.match((await ui(page)).texts['monster:sila-sum'], /rzut 2K6\+2 \+ 2 \(poziom 2\)/, 'the level bonus is said under the field, and the code spelled out (2+2 is 2K6+2)');
  await tap(page, 'tab:party');
  await tap(page, 'dice:mode');
  await tap(page, 'tab:table');
  // The table's dice are entered on the pad right above the button that rolls them.
  for (const pip of [3, 5]) await tap(page, `pad:${pip}`);
  await tap(page, 'monster:add');
  const troll = (await state(page)).figures.find((f) => f.monster_kind === 'troll');
  assert.equal(troll?.sila, 12);
  assert.equal(troll?.level, 2);
  assert.deepEqual(errors, []);
});

test('negotiation with real dice after Elokwencja (8.4, 10.7)', async () => {
  const { page, errors } = await freshPhone();
  const setup = [
    { type: 'add_hero', hero: 'gislan' }, { type: 'add_hero', hero: 'zareth' },
    { type: 'set_pool', character: 'c1', spells: ['elokwencja', 'zamek', 'sila', 'wybuch'] },
    { type: 'begin_adventure', dice: [3] },
    { type: 'mark_spells', character: 'c1', spells: ['elokwencja', 'zamek', 'sila', 'wybuch'] },
    { type: 'enter_labyrinth' },
    { type: 'add_monster', kind: 'troll', sila: 9 },
  ];
  for (const action of setup) assert.equal((await page.evaluate((a) => window.czary.dispatch(a), action)).ok, true);
  await tap(page, 'dice:mode');
  await tap(page, 'tab:table');
  await tap(page, 'token:c1');
  await tap(page, 'card:elokwencja');  // the cast starts at once (Elokwencja has no dice)
  await tap(page, 'cast:confirm');
  assert.equal((await state(page)).encounter.negotiation_bonus, 4);
  // The talk sheet. The odds before the roll: 2K6 - NN 4 + 4 = 2K6: up to 6 failure (15/36),
  // 7-9 agreement (15/36), 10 and more intimidation (6/36).
  await tap(page, 'sheet:talk');
  await find(page, 'talk:odds');
  assert.match((await ui(page)).texts['talk:odds'], /porażka 42%\s*[,·]\s*ugoda 42%\s*[,·]\s*zastraszenie 17%/);
  // The table's dice, on the pad above the button that rolls them.
  for (const pip of [4, 4]) await tap(page, `pad:${pip}`);
  await tap(page, 'talk:negotiate');
  const s = await state(page);
  // 2K6 = 8, - NN 4, + talent 0, + Elokwencja 4 = 8: agreement.
  assert.equal(s.encounter.outcome, 'agreement');
  assert.equal(s.encounter.negotiation_bonus, 0);
  // The result, large, on the table tab.
  await find(page, 'talk:result');
  assert.match((await ui(page)).texts['talk:result'], /Porozumienie/);
  // Issue 25: under it the dice, and how the total came about (the sum was all it said).
  assert.match((await ui(page)).texts['talk:result'], /2K6: 4 \+ 4 = 8\s+Negocjacje: 2K6=8 − NN 4 \+ zdolność 0 \+ czary 4 \+ medalion 0 = 8\. \[8\.4\]/);
  // 8.7: no bribe after an agreement: Przekup is greyed with the reason in its place, and a tap
  // on it changes nothing (the fourth playtest's bribe here was refused and started a fight).
  const greyed = await find(page, 'talk:bribe');
  assert.equal(greyed.disabled, true);
  assert.match((await layout(page))['talk:no-bribe'].text, /Negocjacje się powiodły/);
  const agreed = JSON.stringify(await page.evaluate(() => window.czary.session()));
  await tap(page, 'talk:bribe');
  assert.equal(JSON.stringify(await page.evaluate(() => window.czary.session())), agreed, 'a greyed Przekup does nothing');
  // 8.6: with the agreement the party may go on: one tap at the sheet's end leaves the troll.
  await tap(page, 'talk:go-on');
  assert.equal((await state(page)).figures.some((f) => f.monster_kind === 'troll'), false, 'the group is left behind');
  assert.deepEqual(errors, []);
});

// Typed numbers (read by strtol since ImGui's sscanf left the build): past what the rules take
// they stop at the rules' own limit, so a player never meets the refusal of a file's field
// ("Pole „amount” musi być od 1 do 99", the playtest of 7 December), and + never passes it.
test('typed wounds and gold stop at the rules\' limits: 99 wounds, 1,000,000 gold', async () => {
  const { page, errors } = await freshPhone();
  const setup = [
    { type: 'add_hero', hero: 'gislan' },
    { type: 'set_pool', character: 'c1', spells: ['elokwencja', 'zamek', 'sila', 'wybuch'] },
    { type: 'begin_adventure', dice: [3] },
    { type: 'mark_spells', character: 'c1', spells: ['elokwencja', 'zamek', 'sila', 'wybuch'] },
    { type: 'enter_labyrinth' },
    { type: 'add_monster', kind: 'troll', sila: 9 }, { type: 'add_monster', kind: 'troll', sila: 9 },
  ];
  for (const action of setup) assert.equal((await page.evaluate((a) => window.czary.dispatch(a), action)).ok, true);
  await tap(page, 'tab:table');
  await tap(page, 'sheet:talk');
  await tap(page, 'input:gold');
  await page.keyboard.type('99999999999');
  await settle(page);
  await tap(page, 'talk:gold-more');
  assert.equal((await layout(page))['input:gold'].text, '1000000', '+ stays at the most gold a bribe takes');
  // Offered, not refused: Przekup is open and its odds are shown (the dice may be the app's or
  // the table's, as an earlier test left the choice).
  assert.notEqual((await find(page, 'talk:bribe')).disabled, true, 'Przekup takes 1,000,000');
  assert.ok((await layout(page))['talk:bribe-odds'], 'with its odds');
  await tap(page, 'token:m2');
  await tap(page, 'input:wound-amount');
  await page.keyboard.type('99999999999');
  await settle(page);
  await tap(page, 'wound:typed');
  const troll = figure(await state(page), 'm2');
  assert.equal(troll.wounds, 99, 'the 99 wounds the rules take at once');
  assert.doesNotMatch((await ui(page)).texts.toast ?? '', /amount|Pole/, 'no refusal naming a field');
  assert.deepEqual(errors, []);
});

test('9.0: no flight from a fight unless the house rule is on (Sessions, settings; 2.3)', async () => {
  const { page, errors } = await freshPhone();
  await prepare(page, [...PARTY, { type: 'add_monster', kind: 'troll', sila: 9 }, { type: 'start_fight' }]);
  await tap(page, 'tab:table');
  await tap(page, 'fight:end');
  await find(page, 'fight:victory');
  assert.equal((await layout(page))['fight:fled'], undefined, 'the rulebook offers no flight');
  await tap(page, 'fight:end-back');
  await tap(page, 'tab:sessions');
  await tap(page, 'settings:house-rule:end-fight-early');  // last in the tab, under the sessions
  assert.equal((await state(page)).house_rules.end_fight_early, true);
  await tap(page, 'tab:table');
  await tap(page, 'fight:end');
  await tap(page, 'fight:fled');
  assert.equal((await state(page)).fight.outcome, 'fled');
  assert.deepEqual(errors, []);
});

// Issue 26 at the table, by touch on a phone: 9.8's gap stays on the board until its side's phase,
// the move 9.8 pkt 4 owes is offered (and phase 4 does not end without it); 17.5: wounds heal
// between adventures.
test('9.8 / 17.5 on a phone: a gap until its phase, the owed move offered, wounds healed between adventures', async () => {
  const { page, errors } = await freshPhone();
  await prepare(page, [
    ...PARTY,
    { type: 'add_character', name: 'Tragarz', sila: 6, odpornosc: 1 },  // c4, second rank
    ...[9, 8, 7, 6].map((sila) => ({ type: 'add_monster', kind: 'ork', sila })),  // [m5 m6 m7] [m8]
    { type: 'start_fight' },
  ]);
  await tap(page, 'tab:table');
  // The monsters' first rank dies in phase 1: its places stay on the board, empty, and m8 stays
  // in the second rank until phase 5.
  await prepare(page, ['m5', 'm6', 'm7'].map((figure) => ({ type: 'wound', figure, amount: 20 })));
  let rects = await layout(page);
  assert.deepEqual((await state(page)).monsters.ranks[0], ['', '', ''], 'the gap is kept');
  for (const slot of [1, 2, 3]) assert.ok(rects[`place:monsters:1:${slot}`], `rank 1 place ${slot} shown empty`);
  assert.ok(rects['token:m8'].y + rects['token:m8'].h <= rects['place:monsters:1:1'].y + 1, 'm8 stands behind the gap');
  await saveScreenshot(page, 'table-phone-7-gap');
  await tap(page, 'fight:next');  // phase 2: Gislan and Curvenol die; Larraka is left alone in front
  await prepare(page, ['c2', 'c3'].map((figure) => ({ type: 'wound', figure, amount: 20 })));
  await tap(page, 'fight:next');  // phase 4
  assert.equal((await state(page)).fight.phase, 4);
  assert.match((await ui(page)).texts.toast, /Larraka została w 1\. szeregu sama/);
  rects = await layout(page);
  assert.ok(rects['fight:first-rank-owed'], 'the sheet says a move is owed');
  assert.ok(rects['fight:step-forward:c4'], 'and offers it: Tragarz steps forward');
  // The phase does not end without it: the toast says why, in Polish with its rule.
  await tap(page, 'fight:next');
  assert.equal((await state(page)).fight.phase, 4);
  assert.match((await ui(page)).texts.toast, /2\. szeregu.*9\.8/);
  await saveScreenshot(page, 'table-phone-8-owed-move');
  await tap(page, 'fight:step-forward:c4');
  assert.ok((await state(page)).party.ranks[0].includes('c4'), 'one tap brings Tragarz forward');
  assert.equal((await layout(page))['fight:step-forward:c4'], undefined, 'the offer is gone once made');
  await tap(page, 'fight:next');  // phase 5: the monsters' gap closes
  const s5 = await state(page);
  assert.equal(s5.fight.phase, 5);
  assert.deepEqual(s5.monsters.ranks, [['m8', '', '']]);
  // The fight is won; Larraka keeps two wounds until the adventure ends (17.5).
  await prepare(page, [{ type: 'wound', figure: 'm8', amount: 20 }, { type: 'end_fight' }, { type: 'wound', figure: 'c1', amount: 2 }]);
  assert.equal(figure(await state(page), 'c1').wounds, 2);
  await tap(page, 'tab:party');
  await tap(page, 'adventure:leave');
  assert.equal((await state(page)).adventure.active, false);
  assert.equal(figure(await state(page), 'c1').wounds, 0, 'every wound healed between adventures');
  assert.match((await ui(page)).texts.toast ?? '', /Larraka leczy wszystkie rany/);
  assert.deepEqual(errors, []);
});

// Issue 25 (the third playtest): a counter dropped into a rank the board's edge cuts is brought
// whole into view, and the board stays there.
test('a counter dropped at the board\'s edge comes whole into view', async () => {
  const { page, errors } = await freshPhone();
  await prepare(page, [...PARTY, { type: 'add_monster', kind: 'troll', sila: 9 }, { type: 'add_monster', kind: 'ork', sila: 4 }]);
  await tap(page, 'tab:table');
  const before = await layout(page);
  const target = before['place:monsters:2:2'];
  assert.ok(target, 'a place behind the monsters to drop on');
  assert.ok(target.y < before.board.y, 'the place starts above the board\'s visible edge');
  await touchDrag(page, 'token:m5', 'place:monsters:2:2');
  await page.waitForFunction(() => window.czary.state().monsters.ranks[1]?.[1] === 'm5', null, WAIT);
  await settle(page);
  const after = await layout(page);
  const ork = after['token:m5'];
  assert.ok(ork && !ork.clipped, 'the ork is drawn whole');
  assert.ok(ork.y >= after.board.y - 0.5 && ork.y + ork.h <= after.board.y + after.board.h + 0.5, 'inside the board');
  assert.deepEqual(errors, []);
});

// The fourth playtest: the last monster fell, the fight not ended yet, and the board still kept
// its empty monster ranks while Larraka, in the party's second rank, was cut at its bottom edge.
test('once the last monster falls the board frames what is left: the party whole', async () => {
  const { page, errors } = await freshPhone();
  await resize(page, { width: 360, height: 740 });  // the party's second rank is cut in the fight
  const monsters = [['troll', 9], ['ork', 4], ['ork', 4], ['ork', 4]].map(([kind, sila]) => ({ type: 'add_monster', kind, sila }));
  await prepare(page, [...PARTY, ...monsters, { type: 'move_figure', figure: 'c1', rank: 2, slot: 1 }, { type: 'start_fight' }]);
  await tap(page, 'tab:table');
  const during = await layout(page);
  assert.ok(during['token:m7'], 'a monster in the second rank');
  assert.ok(during['token:c1'].clipped, 'Larraka is cut while the monsters stand');
  await prepare(page, ['m4', 'm5', 'm6', 'm7'].map((m) => ({ type: 'wound', figure: m, amount: 99 })));
  assert.equal((await state(page)).fight.active, true, 'the fight is not ended yet');
  await settle(page);
  const after = await layout(page);
  for (const id of ['token:c1', 'token:c2', 'token:c3']) {
    const r = after[id];
    assert.ok(r && !r.clipped && r.y >= after.board.y - 0.5 && r.y + r.h <= after.board.y + after.board.h + 0.5, `${id} whole in the board: ${JSON.stringify(r)} in ${JSON.stringify(after.board)}`);
  }
  await saveScreenshot(page, 'table-phone-last-monster-fell');
  // The victory is offered where the next phase was: one tap ends the fight (9.0).
  assert.equal(after['fight:next'], undefined, 'no empty phases to go through');
  await tapInView(page, 'fight:victory');
  await page.waitForFunction(() => !window.czary.state().fight.active, null, WAIT);
  await resize(page, { width: 390, height: 844 });
  assert.deepEqual(errors, []);
});
