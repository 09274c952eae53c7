// The live table's order in the browser (docs/table-protocol.md): four phones (browser pages) at
// one table, 200 actions of every kind sent from them at once in random order, one phone offline
// for 20 steps meanwhile; every copy ends as the host's file. The host killed with SIGKILL and
// started again: the phones come back by themselves with every confirmed step. A hostile client
// at the same table changes nothing; a phone of another build is refused with the words to update.
// (The same at the protocol's level, with Node phones: tests/host/table.test.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadTableCore } from '../../src/host/table-host.mjs';
import { Phone, PRELUDE, fightSession, randomMove, rawClient, seeded } from '../host/phone.mjs';
import { openSite, openApp, tap, layout, WAIT,
  tableOf as table, sessionOf as session, joinedAt as joined } from './harness.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SEED = Number(process.env.CZARY_LIVE_SEED ?? 2026);
const NAMES = ['Ania', 'Bartek', 'Celina', 'Darek'];

let site;
const contexts = [];
const children = [];
const temporary = [];
before(async () => {
  site = await openSite({ tables: true });
});
after(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const context of contexts) await context.close().catch(() => {});
  await site?.close();
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

// A random pause between a phone's steps: a part of the scenario (how hands at a table act), never
// a wait for something to have happened.
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// A condition of the host (Node state, no page to wait in), polled.
async function until(condition, what, ms = WAIT.timeout) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await pause(10);
  }
}

// Every frame the app sends on its table connection (pings aside) and every frame it gets,
// recorded in the page before the app runs: what was sent, and the host's answer to each; and
// every connection the app tried, whether it opened and whether it closed.
function recordFrames() {
  window.__sent = [];
  window.__got = [];
  window.__attempts = [];
  window.WebSocket = new Proxy(window.WebSocket, {
    construct(Real, args) {
      const ws = new Real(...args);
      const attempt = { opened: false, closed: false };
      window.__attempts.push(attempt);
      ws.addEventListener('open', () => { attempt.opened = true; });
      ws.addEventListener('close', () => { attempt.closed = true; });
      return ws;
    },
  });
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === 'string' && data !== '{"t":"ping"}') {
      window.__sent.push(data);
      if (!this.__recorded) {
        this.__recorded = true;
        this.addEventListener('message', (event) => {
          if (typeof event.data === 'string' && event.data !== '{"t":"pong"}') window.__got.push(event.data);
        });
      }
    }
    return send.call(this, data);
  };
}

async function phoneApp(where = site) {
  const app = await openApp(where, 'phoneFlat', (context) => context.addInitScript(recordFrames));
  contexts.push(app.context);
  return app;
}

const dispatch = (app, action) => app.page.evaluate((a) => window.czary.dispatch(a), action);
const frames = (app) => app.page.evaluate(() => ({ sent: window.__sent.map((f) => JSON.parse(f)), got: window.__got.map((f) => JSON.parse(f)) }));
const ready = (app) => app.page.waitForFunction(() => {
  const t = window.czary.table();
  return t.link === 'joined' && !t.sending;
}, null, WAIT);

// Every phone at the host's version, nothing on its way, each copy the host's file.
async function sameAsHost(phones, id) {
  const version = site.host.tables.get(id).steps.length;
  try {
    for (const phone of phones) await joined(phone, version);
  } catch (error) {
    const states = await Promise.all(phones.map((p) => p.page.evaluate(() => ({ table: window.czary.table(), last: window.__got?.slice(-3) }))));
    throw new Error(`not every phone at the host's version ${version}: ${JSON.stringify(states)}`, { cause: error });
  }
  const file = site.host.file(id);
  for (const phone of phones) assert.deepEqual(await session(phone), file, `${(await table(phone)).player}'s copy is the host's`);
  return version;
}

// Undo or redo by touch (the top bar's buttons, as at a table: the page hook has no undo). True
// when the tap sent the step: the button was enabled in the frame that took the tap. The tap is
// taken by a frame (status().events), the button acts on the finger's release, a frame later,
// and what it sends goes out at that frame's end.
async function tapStep(app, id) {
  const r = (await layout(app.page))[id];
  if (!r) throw new Error(`no '${id}' on the top bar`);
  const since = await app.page.evaluate(() => ({ sent: window.__sent.length, events: window.czary.status().events }));
  await app.page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2);
  await app.page.waitForFunction((s) => {
    const now = window.czary.status();
    if (now.events <= s.events) return false;
    window.__tapFrame ??= now.frames;
    return window.__sent.length > s.sent || now.frames >= window.__tapFrame + 2;
  }, since, WAIT);
  const sent = await app.page.evaluate((s) => {
    window.__tapFrame = undefined;
    return window.__sent.slice(s.sent).map((f) => JSON.parse(f).t);
  }, since);
  assert.ok(sent.length === 0 || (sent.length === 1 && sent[0] === id), `a tap on '${id}' sent ${JSON.stringify(sent)}`);
  return sent.length === 1;
}

// One step of a phone: an action through the page hook (always sent: the phone is at the table
// with nothing on its way), or undo/redo by touch (sent when its copy has a step to undo or redo).
// Returns whether it was sent.
async function play(app, t, action) {
  if (t === 'act') {
    const sent = await dispatch(app, action);
    assert.equal(sent.ok, true, `${JSON.stringify(action)} not sent: ${JSON.stringify(sent)}`);
    return true;
  }
  return tapStep(app, t);
}

// The frames a phone sent (act, undo, redo) and the host's answer to each, by ref.
function answers({ sent, got }) {
  const steps = sent.filter((f) => ['act', 'undo', 'redo'].includes(f.t));
  return steps.map((f) => ({ frame: f, answers: got.filter((m) => (m.t === 'step' || m.t === 'refused') && m.ref === f.ref) }));
}

let shared = null;  // the four phones and their table, for the tests after the first

test(`four browser phones, 200 interleaved actions of every kind in random order (seed ${SEED}), one phone offline for 20 steps: every copy is the host's, step for step`, async () => {
  console.log(`live-order: seed ${SEED} (CZARY_LIVE_SEED=${SEED} gives each phone the same moves and pauses again; the interleaving is the machine's)`);
  const phones = [];
  for (let i = 0; i < 4; i += 1) phones.push(await phoneApp());
  const [ania, bartek, celina, darek] = phones;

  // Ania's phone opens a party in a fight (a session file, imported as from Sesje -> Importuj)
  // and makes it a table; the others join it.
  const start = fightSession();
  const imported = await ania.page.evaluate((text) => {
    const length = Module.lengthBytesUTF8(text) + 1;
    const buffer = Module._malloc(length);
    try {
      Module.stringToUTF8(text, buffer, length);
      return Module._czary_import_session(buffer);
    } finally {
      Module._free(buffer);
    }
  }, JSON.stringify(start));
  assert.equal(imported, 1);
  assert.equal((await session(ania)).actions.length, start.actions.length);
  await ania.page.evaluate(() => window.czary.openTable('Ania'));
  await joined(ania, 0);
  const { id } = await table(ania);
  assert.match(id, /^[0-9a-f]{32}$/);
  for (const [i, phone] of phones.entries()) if (i > 0) await phone.page.evaluate(([t, name]) => window.czary.joinTable(t, name), [id, NAMES[i]]);
  for (const phone of phones) await joined(phone, 0);
  await ania.page.waitForFunction(() => window.czary.table().phones === 4, null, WAIT);
  await sameAsHost(phones, id);
  assert.deepEqual(site.host.file(id).actions.map((a) => a.type), start.actions.map((a) => a.type));

  // Every kind of step once, in turn (each waits for the one before on every phone): a cast with
  // the app's dice, an undo, a redo and an undo by touch, a cast with the table's dice, a wound,
  // a tray roll, a newcomer, the next phase.
  const prelude = PRELUDE.map(([index, t, action]) => [phones[index], t, action]);
  let sentTotal = 0;
  for (const [phone, t, action] of prelude) {
    assert.equal(await play(phone, t, action), true, `${t} ${JSON.stringify(action ?? '')} was sent`);
    sentTotal += 1;
    await ready(phone);  // its step answered: the host has it
    await sameAsHost(phones, id);
  }
  assert.equal(site.host.tables.get(id).steps.length, prelude.length, 'every step of the prelude was taken');
  assert.deepEqual(site.host.tables.get(id).steps.map((s) => s.player), prelude.map(([p]) => NAMES[phones.indexOf(p)]));

  // 200 steps from the four phones at once, in random order: each phone sends when it has
  // nothing on its way, after a random pause. Darek's phone goes offline once 40 are sent, for
  // 20 steps of the others.
  const offline = { state: 'before', at: null, missed: 0 };
  let randomSent = 0;
  const notSent = { undo: 0, redo: 0 };
  const kinds = new Map();
  await Promise.all(phones.map(async (phone, index) => {
    const random = seeded(SEED * 8 + index);
    while (randomSent < 200 || offline.state === 'off') {
      if (phone === darek && offline.state === 'before' && randomSent >= 40) {
        offline.state = 'off';
        await ready(darek);
        // Really offline: no connection can be made at all, and the one it had drops.
        await darek.page.evaluate(() => {
          window.realWebSocket = window.WebSocket;
          window.WebSocket = function NoNetwork() { throw new Error('no network'); };
          window.czary._tableDropForTest();
        });
        await darek.page.waitForFunction(() => window.czary.table().link === 'lost', null, WAIT);
        offline.at = (await table(darek)).version;
        const refused = await dispatch(darek, { type: 'roll_dice', code: '1K6', purpose: 'tray' });
        assert.equal(refused.ok, false, 'offline: nothing is sent');
        assert.match((await darek.page.evaluate(() => window.czary.ui().notice)).text, /Brak połączenia ze stołem/);
        const hostAt = site.host.tables.get(id).steps.length;
        await until(() => site.host.tables.get(id).steps.length >= Math.max(offline.at, hostAt) + 20, '20 steps while Darek is offline');
        const still = await table(darek);
        assert.equal(still.link, 'lost', 'still offline');
        assert.equal(still.version, offline.at, 'no step reached the offline phone');
        offline.missed = site.host.tables.get(id).steps.length - offline.at;
        // The network is back: the app reconnects by itself when the page hears it.
        await darek.page.evaluate(() => {
          window.WebSocket = window.realWebSocket;
          window.dispatchEvent(new Event('online'));
        });
        await ready(darek);
        offline.state = 'back';
        continue;
      }
      await ready(phone);
      await pause(Math.floor(random() * 40));
      const [t, action] = randomMove(random);
      if (await play(phone, t, action)) {
        sentTotal += 1;
        randomSent += 1;
        const kind = t === 'act' ? action.type + (action.dice ? '+dice' : '') : t;
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      } else {
        notSent[t] += 1;  // nothing to undo or redo on that phone at that moment: not sent
      }
    }
    await ready(phone);  // its last step answered
  }));
  assert.equal(offline.state, 'back', 'Darek went offline and came back');
  const version = await sameAsHost(phones, id);

  // What was sent and what the host answered, from the frames themselves.
  const counts = { sent: 0, steps: 0, rules: 0, stale: 0, nothing_to_undo: 0, nothing_to_redo: 0, other: 0 };
  for (const [index, phone] of phones.entries()) {
    const recorded = await frames(phone);
    for (const { frame, answers: got } of answers(recorded)) {
      counts.sent += 1;
      assert.equal(got.length, 1, `${NAMES[index]}'s ${JSON.stringify(frame)}: one answer each, got ${JSON.stringify(got)}`);
      const [answer] = got;
      if (answer.t === 'step') {
        counts.steps += 1;
        assert.equal(answer.player, NAMES[index]);
        assert.equal(answer.op, frame.t);
      } else if (answer.code in counts) {
        counts[answer.code] += 1;
      } else {
        counts.other += 1;
      }
      if (answer.code === 'stale') assert.ok(answer.first?.player, 'a stale refusal says who was first');
    }
    // Each phone took the table whole only when it first came; back after a drop it got the steps it missed.
    const welcomes = recorded.got.filter((m) => m.t === 'welcome');
    assert.ok(welcomes[0].session, `${NAMES[index]}: the first welcome brings the table`);
    if (phone === darek) {
      assert.equal(welcomes.length, 2, 'Darek joined, then came back once');
      assert.equal(welcomes[1].from, offline.at, 'Darek said the version his copy had');
      assert.equal(welcomes[1].steps.length, welcomes[1].version - offline.at);
      assert.ok(welcomes[1].steps.length >= 20, `Darek missed ${welcomes[1].steps.length} steps`);
    } else {
      assert.equal(welcomes.length, 1, `${NAMES[index]} never needed the table again`);
    }
    const versions = recorded.got.filter((m) => m.t === 'step').map((m) => m.version);
    const expected = [];
    for (let v = 1; v <= version; v += 1) if (phone !== darek || v <= offline.at || v > welcomes[1].version) expected.push(v);
    assert.deepEqual(versions, expected, `${NAMES[index]} got every step once, in order`);
  }
  console.log(`live-order: ${JSON.stringify({ ...counts, randomSent, notSent, version, offlineFor: offline.missed, kinds: Object.fromEntries(kinds) })}`);
  assert.equal(counts.sent, sentTotal, 'every step counted as sent left the page');
  assert.ok(randomSent >= 200 && counts.sent === prelude.length + randomSent, `${randomSent} steps sent at random`);
  assert.equal(counts.other, 0, JSON.stringify(counts));
  assert.equal(counts.steps, version, 'the host\'s steps are the phones\' accepted ones, and no other');
  assert.ok(counts.steps >= 60, `enough steps were taken: ${JSON.stringify(counts)}`);
  assert.ok(counts.rules >= 1, 'the rules refused some');
  const taken = new Set(site.host.tables.get(id).steps.map((s) => (s.op === 'act' ? s.action.type + (s.action.dice ? '+dice' : '') : s.op)));
  for (const kind of ['cast', 'cast+dice', 'roll_dice', 'wound', 'add_monster', 'next_phase', 'undo', 'redo']) assert.ok(taken.has(kind), `a ${kind} was taken (${[...taken]})`);
  for (const kind of ['cast', 'cast+dice', 'move_figure', 'wound', 'heal', 'roll_dice', 'roll_dice+dice', 'negotiate+dice', 'undo']) assert.ok(kinds.has(kind), `a ${kind} was sent at random (${[...kinds.keys()]})`);
  // The session file says who made each step: the host wrote it.
  const file = site.host.file(id);
  assert.ok(file.actions.slice(start.actions.length).every((a) => NAMES.includes(a.player)));

  // Two phones sending at one version: one is taken, the other is told who was first, and its
  // step is one tap from being sent again; nothing is lost.
  let told = null;
  for (let attempt = 0; attempt < 10 && !told; attempt += 1) {
    await Promise.all([ania, bartek].map((p) => p.page.evaluate(() => window.czary.dispatch({ type: 'roll_dice', code: '1K6', purpose: 'tray' }))));
    await ready(ania);
    await ready(bartek);
    for (const phone of [ania, bartek]) if ((await table(phone)).send_again) told = phone;
  }
  assert.ok(told, 'two phones sent at one version');
  const notice = await told.page.evaluate(() => window.czary.ui().notice);
  assert.equal(notice.offer, 'send_again');
  assert.match(notice.text, /Wcześniej dotarło do stołu/);
  const atTold = site.host.tables.get(id).steps.length;
  await tap(told.page, 'notice:offer');
  await told.page.waitForFunction(() => !window.czary.table().send_again && !window.czary.table().sending, null, WAIT);
  assert.equal(await sameAsHost(phones, id), atTold + 1, 'sent again, it was taken');

  for (const [i, phone] of phones.entries()) assert.deepEqual(phone.errors, [], NAMES[i]);
  shared = { phones, id };
});

test('a hostile client at the same table: a refused action, junk, a frame past 64 KiB: each closed with its reason; the host stays up, the phones\' table untouched', async () => {
  assert.ok(shared, 'the four phones\' table');
  const { phones, id } = shared;
  const url = site.url.replace(/^http/, 'ws') + 'table';
  const core = site.host.core.versions.core;
  const before = await sameAsHost(phones, id);
  const untouched = JSON.stringify(site.host.file(id));
  const heard = await Promise.all(phones.map((p) => p.page.evaluate(() => window.__got.length)));
  const client = () => rawClient(url);
  const hello = (ws, player) => ws.send(JSON.stringify({ t: 'hello', protocol: 1, core, player, table: id }));

  // Joined with the table's id: an action the rules refuse is refused, and is not in the log.
  const mallory = client();
  await mallory.opened;
  hello(mallory.ws, 'Mallory');
  await until(() => mallory.got.some((m) => m.t === 'welcome'), 'Mallory joined');
  assert.equal(mallory.got.find((m) => m.t === 'welcome').version, before);
  mallory.ws.send(JSON.stringify({ t: 'act', v: before, ref: 'm-1', action: { type: 'cast', caster: 'c1', spell: 'no_such_spell', targets: ['m5'] } }));
  await until(() => mallory.got.some((m) => m.ref === 'm-1'), 'the answer');
  const refused = mallory.got.find((m) => m.ref === 'm-1');
  assert.equal(refused.t, 'refused');
  assert.equal(refused.code, 'rules');
  assert.equal(site.host.tables.get(id).steps.length, before, 'nothing reached the log');
  // Junk: the connection is closed with its reason, sent first.
  mallory.ws.send('}}not json{{');
  assert.equal((await mallory.closed).why, 'bad_frame');
  assert.equal(mallory.got.at(-1).code, 'bad_frame');

  // Joined again, then a frame past 64 KiB: closed as too large, before it is read.
  const big = client();
  await big.opened;
  hello(big.ws, 'Big');
  await until(() => big.got.some((m) => m.t === 'welcome'), 'Big joined');
  big.ws.send(JSON.stringify({ t: 'act', v: before, ref: 'b-1', action: { type: 'roll_dice', code: '1K6', purpose: 'x'.repeat(70 * 1024) } }));
  assert.equal((await big.closed).why, 'too_large');
  assert.equal(big.got.at(-1).code, 'too_large');
  assert.ok(!big.got.some((m) => m.ref === 'b-1'), 'no answer: never taken');

  // The host is up; the phones' table is as it was (four phones again, same version, same file)
  // and the next step goes on everywhere.
  assert.equal(JSON.stringify(site.host.file(id)), untouched);
  await until(() => site.host.tables.get(id).phones.size === 4, 'the hostile connections gone');
  for (const phone of phones) await phone.page.waitForFunction(() => window.czary.table().phones === 4, null, WAIT);
  assert.equal(await sameAsHost(phones, id), before);
  for (const [i, phone] of phones.entries()) {
    const since = (await frames(phone)).got.slice(heard[i]);
    assert.deepEqual([...new Set(since.map((m) => m.t))], ['phones'], `${NAMES[i]} heard only who came and went`);
  }
  assert.equal((await dispatch(phones[2], { type: 'roll_dice', code: '2K6', purpose: 'tray' })).ok, true);
  await ready(phones[2]);
  assert.equal(await sameAsHost(phones, id), before + 1);
  for (const [i, phone] of phones.entries()) assert.deepEqual(phone.errors, [], NAMES[i]);
});

test('a phone of another build is refused: "Ten telefon ma inną wersję Czarów niż stół", the top bar says the table did not take it', async () => {
  assert.ok(shared, 'the four phones\' table');
  const { phones, id } = shared;
  // The app's first frame (its hello) carries another rules build than the host's.
  const other = await openApp(site, 'phoneFlat', (context) => context.addInitScript(() => {
    window.__hellos = [];
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      if (typeof data === 'string' && /"t":"(hello|open)"/.test(data)) {
        const frame = JSON.parse(data);
        frame.core = frame.core === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef';
        data = JSON.stringify(frame);
        window.__hellos.push(frame);
      }
      return send.call(this, data);
    };
  }));
  contexts.push(other.context);
  const at = site.host.tables.get(id).steps.length;
  await other.page.evaluate((t) => window.czary.joinTable(t, 'Zenon'), id);
  await other.page.waitForFunction(() => window.czary.table()?.link === 'refused', null, WAIT);
  const refused = await table(other);
  assert.equal(refused.closed, 'other_build');
  assert.equal(refused.id, id);
  assert.equal((await other.page.evaluate(() => window.__hellos)).length, 1, 'one hello, with the other build');
  assert.match((await other.page.evaluate(() => window.czary.ui().notice)).text, /Ten telefon ma inną wersję Czarów niż stół/);
  await other.page.waitForFunction(() => window.czary.layout()['top:table']?.text.replace(/\s+/g, ' ').trim() === 'Stół nie przyjął tego telefonu', null, WAIT);
  assert.equal((await other.page.evaluate(() => window.czary.layout()['top:table'].text)).replace(/\s+/g, ' ').trim(), 'Stół nie przyjął tego telefonu');
  assert.ok((await layout(other.page))['table:play-alone'], '"Graj dalej sam" is offered');
  // It did not join: the table has its four phones, and nothing changed.
  assert.equal(site.host.tables.get(id).phones.size, 4);
  assert.equal(site.host.tables.get(id).steps.length, at);
  assert.ok(!(await session(other)).actions.length, 'the refused phone has nothing of the table');
  for (const phone of phones) assert.equal((await table(phone)).phones, 4);
  assert.deepEqual(other.errors, []);
});

test('the host killed with SIGKILL mid-game and started again on its port: the browser phones reconnect by themselves with every confirmed step, and the game goes on', async () => {
  const dist = process.env.CZARY_WEB_DIST;
  const coreDir = process.env.CZARY_TABLE_CORE ?? path.join(dist, '../host');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-browser-killed-'));
  temporary.push(dataDir);
  const startChild = (port = 0) => new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/static-server.mjs'), dist, String(port), `--table-core=${coreDir}`, `--tables=${dataDir}`], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/Czary: (\S+) +\(listening on 127\.0\.0\.1:(\d+)/);
      if (m && /Stół na żywo/.test(out)) resolve({ child, url: m[1], port: Number(m[2]), out: () => out });
    });
    child.on('exit', (code, signal) => reject(new Error(`host exited ${code ?? signal}: ${out}`)));
  });
  const first = await startChild();
  assert.match(first.out(), /otwartych: 0/);
  const away = { browser: site.browser, url: first.url };
  const phones = [];
  for (let i = 0; i < 3; i += 1) phones.push(await phoneApp(away));
  const [ania, bartek, celina] = phones;
  await ania.page.evaluate(() => window.czary.dispatch({ type: 'add_hero', hero: 'larraka' }));
  await ania.page.evaluate(() => window.czary.openTable('Ania'));
  await joined(ania, 0);
  const { id } = await table(ania);
  await bartek.page.evaluate((t) => window.czary.joinTable(t, 'Bartek'), id);
  await celina.page.evaluate((t) => window.czary.joinTable(t, 'Celina'), id);
  const steps = [
    [ania, { type: 'add_hero', hero: 'gislan' }],
    [bartek, { type: 'roll_dice', code: '2K6', purpose: 'tray' }],
    [celina, { type: 'add_hero', hero: 'curvenol' }],
    [ania, { type: 'roll_dice', code: '1K6', purpose: 'tray', dice: [5] }],
    [bartek, { type: 'add_hero', hero: 'lord_dil' }],
    [celina, { type: 'roll_dice', code: '3K6', purpose: 'tray' }],
  ];
  for (const [i, [phone, action]] of steps.entries()) {
    await joined(phone);
    assert.equal((await dispatch(phone, action)).ok, true);
    for (const p of phones) await joined(p, i + 1);
  }
  const before = await session(ania);
  for (const phone of phones) assert.deepEqual(await session(phone), before);
  assert.equal(before.actions.filter((a) => a.player).length, steps.length);

  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  for (const phone of phones) await phone.page.waitForFunction(() => window.czary.table().link !== 'joined', null, WAIT);
  const lost = await table(bartek);
  assert.equal(lost.version, steps.length);
  // While the host is down a phone is read-only, and tries again by itself (with nobody there).
  assert.equal((await dispatch(bartek, { type: 'roll_dice', code: '1K6', purpose: 'tray' })).ok, false);
  for (const phone of phones) {
    await phone.page.waitForFunction(() => window.__attempts.filter((a) => a.closed && !a.opened).length >= 1, null, WAIT);
  }
  const failed = await Promise.all(phones.map((p) => p.page.evaluate(() => window.__attempts.filter((a) => a.closed && !a.opened).length)));

  const second = await startChild(first.port);
  const restarted = Date.now();
  assert.match(second.out(), /otwartych: 1/, 'the table came back from its folder');
  // No tap and no page event: the app's own retries (1 s, doubling) bring every phone back.
  for (const phone of phones) await joined(phone, steps.length);
  const back = Date.now() - restarted;
  for (const phone of phones) assert.deepEqual(await session(phone), before, 'every confirmed step, nothing else');
  for (const phone of phones) {
    const welcomes = (await frames(phone)).got.filter((m) => m.t === 'welcome');
    assert.equal(welcomes.at(-1).from, steps.length, 'rejoined with the version it had');
    assert.deepEqual(welcomes.at(-1).steps, []);
  }

  // The game goes on: one more step, on every phone.
  await ania.page.waitForFunction(() => window.czary.table().phones === 3, null, WAIT);
  assert.equal((await dispatch(celina, { type: 'add_hero', hero: 'gilith' })).ok, true);
  for (const phone of phones) await joined(phone, steps.length + 1);
  const after = await session(ania);
  assert.deepEqual(after.actions.slice(0, before.actions.length), before.actions);
  assert.equal(after.actions.at(-1).hero, 'gilith');
  assert.equal(after.actions.at(-1).player, 'Celina');
  for (const phone of phones) assert.deepEqual(await session(phone), after);
  // The restarted host's file, as a phone without a browser gets it, is the same.
  const core = await loadTableCore(coreDir);
  const witness = new Phone({ url: first.url.replace(/^http/, 'ws') + 'table', core, player: 'Świadek' });
  await witness.join(id);
  assert.equal(witness.version, steps.length + 1);
  assert.deepEqual(witness.file(), after);
  witness.close();
  console.log(`live-order: after the restart every phone was back in ${back} ms, by its own retries (${failed} failed while the host was down)`);

  // The browser itself logs each connection refused while the host was down (its network log,
  // not the app's); nothing else.
  const refusedLog = new RegExp(`^console: WebSocket connection to '${first.url.replace(/^http/, 'ws').replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}table' failed: Error in connection establishment: net::ERR_CONNECTION_REFUSED$`);
  for (const [i, phone] of phones.entries()) assert.deepEqual(phone.errors.filter((e) => !refusedLog.test(e)), [], NAMES[i]);
  second.child.kill('SIGKILL');
  await new Promise((resolve) => second.child.once('exit', resolve));
  for (const phone of phones) await phone.context.close();
});
