// The live table's host (src/host/table-host.mjs, docs/table-protocol.md) with phones that are
// Node clients keeping their own copy in the same rules core: order, catch-up, conflicts, a host
// killed with -9, hostile clients, other builds, limits. The phones in a browser: tests/browser.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadTableCore } from '../../src/host/table-host.mjs';
import { CORE_DIR, sleep, startHost, startServerChild, tmpdir, waitFor } from './fixture.mjs';
import { Phone, PRELUDE, fightSession, randomMove, rawClient, seeded } from './phone.mjs';

let core;

async function seatPhones(url, names, session = fightSession()) {
  const phones = names.map((player) => new Phone({ url, core, player }));
  const table = await phones[0].open(session);
  for (const phone of phones.slice(1)) await phone.join(table);
  return { phones, table };
}

before(async () => {
  core = await loadTableCore(CORE_DIR);
});

test('four phones, 200 interleaved actions in random order: every phone holds the host\'s session, and so does its disk', async () => {
  // Four phones here act far faster than hands at a table do: the per-phone rate limit is the
  // limits test's.
  const { host, url, dataDir, stop } = await startHost({ limits: { framesPerSecond: 10000, burstFrames: 10000 } });
  const { phones, table } = await seatPhones(url, ['Ania', 'Bartek', 'Celina', 'Darek']);
  const [ania, bartek, celina, darek] = phones;
  const startActions = host.file(table).actions.length;
  // Every kind of step once, in turn (each phone waits for the step before it), then 200 at random.
  const prelude = PRELUDE.map(([index, t, action]) => [phones[index], t, action]);
  for (const [phone, t, action] of prelude) {
    const answer = await phone.send(t, action);
    assert.equal(answer.t, 'step', `${phone.player}: ${t} ${JSON.stringify(action)}: ${JSON.stringify(answer)}`);
    await waitFor(() => phones.every((p) => p.version === answer.version), 'every phone has the step');
  }
  const random = seeded(2026);
  const counts = { steps: 0, rules: 0, stale: 0, retried: 0, refusals: {} };
  await Promise.all(phones.map(async (phone, index) => {
    const mine = seeded(100 + index);
    for (let i = 0; i < 50; i += 1) {
      await sleep(Math.floor(mine() * 12));
      const [t, action] = randomMove(random);
      let answer = await phone.send(t, action);
      if (answer.t === 'refused' && answer.code === 'stale') {
        counts.stale += 1;
        assert.ok(answer.first.player, 'a stale refusal says who acted first');
        // The prepared action stays one tap from being sent again, at the table's new version.
        await waitFor(() => phone.version >= answer.version, 'the step that came first');
        answer = await phone.send(t, action);
        counts.retried += 1;
      }
      assert.notEqual(answer.t, 'lost', `${phone.player} lost the table: ${JSON.stringify(phone.closedWith)}`);
      if (answer.t === 'step') counts.steps += 1;
      else if (answer.code === 'rules' || answer.code === 'nothing_to_undo' || answer.code === 'nothing_to_redo') {
        counts.rules += 1;
        const code = `${action?.type ?? t}:${answer.refusal?.code ?? answer.code}`;
        counts.refusals[code] = (counts.refusals[code] ?? 0) + 1;
      }
    }
  }));
  const version = host.tables.get(table).steps.length;
  await waitFor(() => phones.every((p) => p.version === version), 'every phone at the table\'s version');
  assert.ok(counts.steps >= 60, `enough steps were taken: ${JSON.stringify(counts)}`);
  assert.ok(counts.rules >= 1, 'the rules refused some');
  const kinds = new Set(host.tables.get(table).steps.map((s) => (s.op === 'act' ? s.action.type : s.op)));
  for (const kind of ['cast', 'roll_dice', 'wound', 'add_monster', 'next_phase', 'undo', 'redo']) assert.ok(kinds.has(kind), `a ${kind} was taken (${[...kinds]}; ${JSON.stringify(counts)})`);
  const file = host.file(table);
  for (const phone of phones) assert.deepEqual(phone.file(), file, `${phone.player}'s copy is the host's`);
  // Who did each step is in the file, written by the host.
  assert.ok(file.actions.length > startActions);
  assert.ok(file.actions.slice(startActions).every((a) => ['Ania', 'Bartek', 'Celina', 'Darek'].includes(a.player)));
  // What is on disk replays to the same session: a second host reading the folder once the
  // first has stopped (one host keeps a folder at a time).
  for (const phone of phones) phone.close();
  stop();
  const again = await startHost({ dataDir });
  assert.deepEqual(again.host.file(table), file);
  again.stop();
});

test('a phone offline for 20 steps catches up when it comes back, with the steps it missed', async () => {
  const { host, url, stop } = await startHost();
  const { phones: [ania, bartek], table } = await seatPhones(url, ['Ania', 'Bartek']);
  bartek.close();
  await waitFor(() => host.tables.get(table).phones.size === 1, 'Bartek gone');
  for (let i = 0; i < 20; i += 1) assert.equal((await ania.act({ type: 'roll_dice', code: '2K6', purpose: 'tray' })).t, 'step');
  const back = new Phone({ url, core, player: 'Bartek' });
  Object.assign(back, { handle: bartek.handle, version: bartek.version, table });
  await back.join(table);
  const welcome = back.events.find((m) => m.t === 'welcome');
  assert.equal(welcome.from, 0);
  assert.equal(welcome.steps.length, 20);
  assert.equal(back.version, 20);
  assert.deepEqual(back.file(), host.file(table));
  ania.close();
  back.close();
  stop();
});

test('an "open" sent again with its opening key (the welcome lost on the way, the host restarted) gets the table it made, never a second one', async () => {
  const first = await startHost();
  const opening = 'f'.repeat(32);
  const ania = new Phone({ url: first.url, core, player: 'Ania' });
  const table = await ania.open(fightSession(), opening);
  await ania.act({ type: 'roll_dice', code: '2K6', purpose: 'tray' });
  ania.close();
  const again = new Phone({ url: first.url, core, player: 'Ania' });
  assert.equal(await again.open(fightSession(), opening), table);
  assert.equal(first.host.tables.size, 1);
  assert.equal(again.version, 1, 'the table as it is, its step included');
  assert.deepEqual(again.file(), first.host.file(table));
  const other = new Phone({ url: first.url, core, player: 'Bartek' });
  assert.notEqual(await other.open(fightSession()), table, 'without the key: a table of its own');
  for (const phone of [again, other]) phone.close();
  first.stop();
  const second = await startHost({ dataDir: first.dataDir });
  const later = new Phone({ url: second.url, core, player: 'Ania' });
  assert.equal(await later.open(fightSession(), opening), table, 'after a restart too');
  assert.equal(second.host.tables.size, 2);
  later.close();
  second.stop();
});

test('two phones sending at the same version: one is taken, the other is told who was first, and sends again', async () => {
  const { host, url, stop } = await startHost();
  const { phones: [ania, bartek], table } = await seatPhones(url, ['Ania', 'Bartek']);
  const at = ania.version;
  const cast = { type: 'cast', caster: 'c1', spell: 'blyskawica', targets: ['m5'], dice: [2] };
  const roll = { type: 'roll_dice', code: '1K6', purpose: 'tray', dice: [4] };
  const [first, second] = await Promise.all([ania.act(cast, at), bartek.act(roll, at)]);
  const answers = [first, second];
  assert.equal(answers.filter((a) => a.t === 'step').length, 1, 'exactly one is taken');
  const refused = answers.find((a) => a.t === 'refused');
  assert.equal(refused.code, 'stale');
  assert.match(refused.pl, /pierwszy/);
  const winner = answers.find((a) => a.t === 'step');
  assert.equal(refused.first.player, winner.player);
  assert.equal(refused.first.action.type, winner.action.type);
  const loser = refused === first ? ania : bartek;
  await waitFor(() => loser.version === at + 1, 'the first step on the loser\'s phone');
  const again = await loser.act(refused === first ? cast : roll);
  assert.equal(again.t, 'step', 'sent again, it is taken');
  await waitFor(() => ania.version === at + 2 && bartek.version === at + 2, 'both phones');
  assert.deepEqual(ania.file(), host.file(table));
  assert.deepEqual(bartek.file(), host.file(table));
  ania.close();
  bartek.close();
  stop();
});

test('the host killed with SIGKILL three times during bursts of four phones with Polish names and an emoji: every step a phone saw confirmed is at its version, the phones reconnect by themselves', async () => {
  const dataDir = tmpdir();
  const startChild = (port) => startServerChild(dataDir, port);
  let host = await startChild();
  const url = `ws://127.0.0.1:${host.port}/table`;
  // Every line of the journal holds Polish letters (two bytes, one UTF-16 unit each) and an emoji
  // (four bytes, two units): a journal measured in one and cut in the other lost steps.
  const names = ['Łucja', 'Żaneta 🐉', 'Ścibor', 'Gżegżółka'];
  const phones = names.map((player) => new Phone({ url, core, player, reconnect: true }));
  const table = await phones[0].open(fightSession());
  for (const phone of phones.slice(1)) await phone.join(table);
  // Every confirmed step any phone saw, by version: after each restart the table must hold it.
  const seen = new Map();
  for (const phone of phones) {
    phone.listeners.add((m) => {
      if (m.t !== 'step') return;
      const mine = JSON.stringify({ op: m.op, player: m.player, action: m.action });
      const before = seen.get(m.version);
      assert.ok(before === undefined || before === mine, `version ${m.version} was one step everywhere`);
      seen.set(m.version, mine);
    });
  }
  const random = seeded(47);
  const burst = (count) => Promise.all(phones.map(async (phone, index) => {
    for (let i = 0; i < count; i += 1) {
      if (phone.ws.readyState !== 1 || phone.version === null) {
        await sleep(20);
        continue;
      }
      const answer = await phone.act({ type: 'roll_dice', code: '2K6', purpose: 'tray', note: `rzut ${names[index]}: zażółć gęślą jaźń ${i} 🎲` });
      if (answer.t === 'lost') await sleep(20);
      else await sleep(Math.floor(random() * 15));
    }
  }));
  for (let restart = 1; restart <= 3; restart += 1) {
    const during = burst(40);
    await waitFor(() => seen.size >= restart * 25, `steps before kill ${restart}`, 30000);
    host.child.kill('SIGKILL');
    await new Promise((resolve) => host.child.once('exit', resolve));
    host = await startChild(host.port);
    await during;
    await waitFor(() => phones.every((p) => p.ws.readyState === 1 && p.events.filter((m) => m.t === 'welcome').length === restart + 1), `every phone back after kill ${restart}`, 30000);
  }
  const version = Math.max(...seen.keys());
  await waitFor(() => phones.every((p) => p.version === version), 'every phone at the last version');
  const file = phones[0].file();
  const kept = file.actions.slice(fightSession().actions.length);
  for (const [at, step] of seen) {
    const { action } = JSON.parse(step);
    assert.deepEqual(kept[at - 1], action, `the step at version ${at} is kept`);
  }
  assert.equal(kept.length, version, 'no step lost, none added');
  assert.ok(kept.some((a) => a.player === 'Żaneta 🐉'), 'the names are written whole');
  for (const phone of phones) assert.deepEqual(phone.file(), file, `${phone.player}'s copy`);
  // Nothing was cut away: no side file holds a confirmed step.
  const folder = fs.readdirSync(dataDir).find((name) => /^[0-9a-f]{32}$/.test(name));
  for (const name of fs.readdirSync(path.join(dataDir, folder)).filter((n) => n.startsWith('journal.rest-'))) {
    const aside = fs.readFileSync(path.join(dataDir, folder, name), 'utf8');
    assert.ok(!aside.includes('\n') || aside.trim() === '', `only a torn, never confirmed line is set aside: ${aside.slice(0, 200)}`);
  }
  assert.equal((await phones[1].act({ type: 'roll_dice', code: '1K6', purpose: 'tray' })).t, 'step', 'the game goes on');
  for (const phone of phones) phone.close();
  host.child.kill('SIGKILL');
});

test('a hostile client: a refused action, junk, binary, oversized and endless frames, a flood, guessed tables: refused, the host stays up, other tables untouched', async () => {
  const { host, url, stop } = await startHost();
  const { phones: [ania, bartek], table } = await seatPhones(url, ['Ania', 'Bartek']);
  await ania.act({ type: 'roll_dice', code: '2K6', purpose: 'tray' });
  const untouched = JSON.stringify(host.file(table));
  const other = await seatPhones(url, ['Mallory']);
  const mallory = other.phones[0];

  // The rules refuse: nothing is written, the connection stays.
  const refused = await mallory.act({ type: 'cast', caster: 'c1', spell: 'no_such_spell', targets: ['m5'] });
  assert.equal(refused.code, 'rules');
  assert.ok(refused.refusal.pl && refused.refusal.en && refused.refusal.code);
  assert.equal(host.tables.get(other.table).steps.length, 0);
  const stillOpen = await mallory.act({ type: 'roll_dice', code: '1K6', purpose: 'tray' });
  assert.equal(stillOpen.t, 'step');

  const cases = [
    ['an action before hello', (ws) => ws.send(JSON.stringify({ t: 'act', v: 0, action: { type: 'next_phase' } })), 'bad_frame'],
    ['junk', (ws) => ws.send('}}not json{{'), 'bad_frame'],
    ['binary', (ws) => ws.send(Buffer.from([0, 1, 2, 3])), 'bad_frame'],
    ['an array', (ws) => ws.send('[1,2,3]'), 'bad_frame'],
    ['a guessed table', (ws) => ws.send(JSON.stringify({ t: 'hello', protocol: 1, core: core.versions.core, player: 'M', table: '0'.repeat(32) })), 'no_table'],
    ['a path for a table', (ws) => ws.send(JSON.stringify({ t: 'hello', protocol: 1, core: core.versions.core, player: 'M', table: '../../etc/passwd' })), 'no_table'],
    ['a session nested 10,000 deep', (ws) => ws.send(`{"t":"open","protocol":1,"core":"${core.versions.core}","player":"M","session":${'{"a":'.repeat(10000)}1${'}'.repeat(10000)}}`), 'bad_session'],
    ['an unknown message', (ws) => ws.send(JSON.stringify({ t: 'delete_everything' })), 'bad_frame'],
  ];
  for (const [what, send, code] of cases) {
    const client = rawClient(url);
    await client.opened;
    send(client.ws);
    const closed = await client.closed;
    assert.equal(closed.why, code, what);
    assert.equal(client.got.at(-1)?.code, code, `${what}: the reason is sent first`);
  }

  // Joined, then a frame past 64 KB: closed as too large; past the host's largest frame, the
  // WebSocket library closes it before it is read (1009).
  const big = rawClient(url);
  await big.opened;
  big.ws.send(JSON.stringify({ t: 'hello', protocol: 1, core: core.versions.core, player: 'Big', table: other.table }));
  await waitFor(() => big.got.some((m) => m.t === 'welcome'), 'Big joined');
  big.ws.send(JSON.stringify({ t: 'act', v: 1, action: { type: 'roll_dice', code: '1K6', purpose: 'x'.repeat(70000) } }));
  assert.equal((await big.closed).why, 'too_large');
  const endless = rawClient(url);
  await endless.opened;
  endless.ws.send('x'.repeat(3 * 1024 * 1024));
  assert.equal((await endless.closed).code, 1009);

  // A flood: closed as too fast, before its frames reach the table.
  const flood = rawClient(url);
  await flood.opened;
  flood.ws.send(JSON.stringify({ t: 'hello', protocol: 1, core: core.versions.core, player: 'Flood', table: other.table }));
  await waitFor(() => flood.got.some((m) => m.t === 'welcome'), 'Flood joined');
  for (let i = 0; i < 200; i += 1) flood.ws.send(JSON.stringify({ t: 'ping' }));
  assert.equal((await flood.closed).why, 'too_fast');

  // The host is up, the first table is as it was and goes on.
  assert.equal(JSON.stringify(host.file(table)), untouched);
  assert.equal((await bartek.act({ type: 'roll_dice', code: '2K6', purpose: 'tray' })).t, 'step');
  await waitFor(() => ania.version === 2, 'Ania has Bartek\'s step');
  assert.deepEqual(ania.file(), host.file(table));
  for (const phone of [ania, bartek, mallory]) phone.close();
  stop();
});

test('a phone with another build or protocol is told to update instead of joining', async () => {
  const { host, url, stop } = await startHost();
  const { phones: [ania], table } = await seatPhones(url, ['Ania']);
  for (const [hello, code] of [[{ core: '0000000000000000', protocol: 1 }, 'other_build'], [{ core: core.versions.core, protocol: 99 }, 'other_protocol']]) {
    const client = rawClient(url);
    await client.opened;
    client.ws.send(JSON.stringify({ t: 'hello', player: 'Old', table, ...hello }));
    assert.equal((await client.closed).why, code);
    assert.match(client.got.at(-1).pl, /Zaktualizuj aplikację/);
    assert.match(client.got.at(-1).en, /Update the app/);
  }
  assert.equal(host.tables.get(table).phones.size, 1);
  ania.close();
  stop();
});

test('limits: phones per table, tables per host, a player name, a hello in time, a phone silent for three pings', async () => {
  const { url, stop } = await startHost({ limits: { phonesPerTable: 2, tables: 1, helloSeconds: 0.3, pingSeconds: 0.1 } });
  const { phones, table } = await seatPhones(url, ['Ania', 'Bartek']);
  await assert.rejects(new Phone({ url, core, player: 'Celina' }).join(table), (e) => e.reason.code === 'table_full');
  await assert.rejects(new Phone({ url, core, player: 'Darek' }).open(fightSession()), (e) => e.reason.code === 'host_full');
  for (const name of ['', '   ', 'x'.repeat(41), 42, '\ud800', 'Łucja\udfff']) {
    await assert.rejects(new Phone({ url, core, player: name }).join(table), (e) => e.reason.code === 'bad_name', `name ${JSON.stringify(name)}`);
  }
  const mute = rawClient(url);
  assert.equal((await mute.closed).why, 'no_hello');
  // A phone whose connection died without a word: no pong to three pings, and it is let go.
  for (const phone of phones) phone.close();
  const silent = rawClient(url, { autoPong: false });
  await silent.opened;
  silent.ws.send(JSON.stringify({ t: 'hello', protocol: 1, core: core.versions.core, player: 'Cisza', table }));
  const closed = await silent.closed;
  assert.ok(closed.code === 4000 || closed.code === 1006, `closed: ${closed.code}`);
  stop();
});
