// Issue 47, "the table's host never falls and never loses a step": the host (src/host/table-host.mjs)
// under what a probe of it found: requests that crashed it, sessions at the file limits, a full
// disk, a damaged or linked journal, two hosts on one folder, clients that ignore the close, fill
// the host or hold half frames, names alike or not well-formed, a trap in the rules core. Each
// test failed on the host before the issue. Names are the table's: Polish, with diacritics.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { loadTableCore } from '../../src/host/table-host.mjs';
import { CORE_DIR, startHost, startServerChild, tmpdir, waitFor } from './fixture.mjs';
import { Phone, fightSession, rawSocket } from './phone.mjs';

let core;
const hello = (table, player, extra = {}) => ({ t: 'hello', protocol: 1, core: core.versions.core, player, table, ...extra });
const tray = (note = 'rzut') => ({ type: 'roll_dice', code: '2K6', purpose: 'tray', note });
const folderOf = (dataDir) => fs.readdirSync(dataDir).find((name) => /^[0-9a-f]{32}$/.test(name));

before(async () => {
  core = await loadTableCore(CORE_DIR);
});

test('requests that killed the process: an upgrade to a target no URL parser takes, other paths, another site\'s page; answered, the host goes on', async () => {
  const { url, port, stop } = await startHost();
  const { phones: [lucja], table } = await seat(url, ['Łucja']);
  const raw = (request) => new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (d) => { answer += d; });
    socket.on('error', () => {});
    socket.on('close', () => resolve(answer));
  });
  const upgrade = 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n';
  for (const target of ['http://[/', 'http://%/', '/%', '/%00', '/%c0%ae', '//', '/table/..']) {
    const answer = await raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${upgrade}\r\n`);
    assert.match(answer, /^HTTP\/1\.1 4\d\d /, `${target}: ${answer.slice(0, 40)}`);
  }
  // A page of another site is refused before any frame; the host's own page and a named one are not.
  const evil = rawSocket(url, { headers: { Origin: 'http://evil.example' } });
  assert.equal(await evil.status, 403);
  const own = rawSocket(url, { headers: { Origin: `http://127.0.0.1:${port}` } });
  assert.equal(await own.status, 101);
  own.end();
  assert.equal((await lucja.act(tray())).t, 'step', 'the table goes on');
  lucja.close();
  stop();
  const named = await startHost({ allowOrigins: ['https://czary.example.org'] });
  const fromThere = rawSocket(named.url, { headers: { Origin: 'https://czary.example.org' } });
  assert.equal(await fromThere.status, 101);
  fromThere.end();
  const notThere = rawSocket(named.url, { headers: { Origin: 'https://czary.example.org.evil.example' } });
  assert.equal(await notThere.status, 403);
  named.stop();
});

test('a session just under 2 MiB of Polish text opens, plays, and reopens after a restart; so does a file of 50,000 actions; the core is never broken for the other tables', async () => {
  const first = await startHost();
  const other = await seat(first.url, ['Ścibor']);
  // Actions with long Polish notes (kept by the rules as unknown fields): 2 bytes a letter in
  // UTF-8 and up to 4 on the wasm stack, where the old host copied the text.
  const session = fightSession();
  const note = 'Zażółć gęślą jaźń, źdźbło żyta. '.repeat(60);  // about 2 KB
  const base = JSON.stringify(session).length;
  const big = { ...session, actions: [...session.actions] };
  let size = base;
  while (size < 2 * 1024 * 1024 - 8 * 1024) {
    const action = { type: 'roll_dice', code: '1K6', purpose: 'tray', dice: [3], note };
    big.actions.push(action);
    size += Buffer.byteLength(JSON.stringify(action)) + 1;
  }
  const lucja = new Phone({ url: first.url, core, player: 'Łucja' });
  const table = await lucja.open(big);
  assert.ok(Buffer.byteLength(JSON.stringify(big)) > 2 * 1024 * 1024 - 16 * 1024);
  assert.equal((await lucja.act(tray('żółw'))).t, 'step');
  assert.equal((await other.phones[0].act(tray())).t, 'step', 'the other table is untouched');
  const file = first.host.file(table);
  lucja.close();
  other.phones[0].close();
  first.stop();
  const second = await startHost({ dataDir: first.dataDir });
  assert.deepEqual(second.host.file(table), file, 'after a restart, every step');
  const back = new Phone({ url: second.url, core, player: 'Łucja' });
  await back.join(table);
  assert.equal(back.version, 1);
  assert.deepEqual(back.file(), file);
  back.close();

  // 50,000 actions: the most a session file may hold (max_session_actions). The table takes no
  // more, in words.
  const long = { ...session, actions: [...session.actions] };
  while (long.actions.length < 50000) long.actions.push({ type: 'next_phase' });
  const zaneta = new Phone({ url: second.url, core, player: 'Żaneta' });
  const longTable = await zaneta.open(long);
  assert.equal(zaneta.file().actions.length, 50000);
  const refused = await zaneta.act(tray());
  assert.equal(refused.t, 'refused');
  assert.equal(refused.refusal?.code, 'session_too_long');
  zaneta.close();
  second.stop();
  const third = await startHost({ dataDir: first.dataDir });
  assert.equal(third.host.file(longTable).actions.length, 50000, 'reopens after a restart');
  assert.deepEqual(third.host.file(table), file);
  third.stop();
});

test('a full disk: a step half written is taken back and refused in words, the next goes on, and a restart has exactly the confirmed steps', async () => {
  let room = Infinity;  // bytes the disk still takes
  const io = {
    writeSync: (fd, buffer, offset, length) => {
      const n = Math.min(length, room);
      if (n === 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      room -= n;
      return fs.writeSync(fd, buffer, offset, n);
    },
    fdatasyncSync: fs.fdatasyncSync,
  };
  const first = await startHost({ io });
  const { phones: [lucja, zaneta], table } = await seat(first.url, ['Łucja', 'Żaneta']);
  for (let i = 0; i < 3; i += 1) assert.equal((await lucja.act(tray(`przed ${i}`))).t, 'step');
  await waitFor(() => zaneta.version === 3, 'Żaneta has every step');
  room = 30;  // less than a line: the step is half written
  const refused = await zaneta.act(tray('na pełny dysk'));
  assert.equal(refused.t, 'refused');
  assert.equal(refused.code, 'disk');
  assert.match(refused.pl, /nie został wykonany/);
  assert.equal(refused.version, 3);
  const stillRefused = await zaneta.act(tray('jeszcze pełny'));
  assert.equal(stillRefused.code, 'disk');
  room = Infinity;
  for (let i = 0; i < 3; i += 1) assert.equal((await zaneta.act(tray(`po ${i}`))).t, 'step', 'the disk has room again');
  await waitFor(() => lucja.version === 6, 'Łucja has every step');
  const journal = fs.readFileSync(path.join(first.dataDir, folderOf(first.dataDir), 'journal.jsonl'), 'utf8');
  assert.equal(journal.split('\n').filter(Boolean).length, 6);
  for (const line of journal.trim().split('\n')) JSON.parse(line);  // whole lines only
  const file = lucja.file();
  lucja.close();
  zaneta.close();
  first.stop();
  const second = await startHost({ dataDir: first.dataDir });
  assert.deepEqual(second.host.file(table), file);
  assert.equal(second.host.tables.get(table).steps.length, 6);
  second.stop();
});

test('a damaged line in the middle of a journal: the table stops before it, the lines from it on are kept in a side file, and the terminal says so', async () => {
  const first = await startHost();
  const { phones: [lucja], table } = await seat(first.url, ['Łucja']);
  for (let i = 0; i < 6; i += 1) assert.equal((await lucja.act(tray(`krok ${i} żółć`))).t, 'step');
  lucja.close();
  first.stop();
  const journal = path.join(first.dataDir, folderOf(first.dataDir), 'journal.jsonl');
  const bytes = fs.readFileSync(journal);
  const lines = bytes.toString('utf8').split('\n');
  const cut = Buffer.byteLength(lines.slice(0, 2).join('\n') + '\n');
  const damaged = Buffer.from(bytes);
  damaged[cut + 5] = 0xff;  // line 3: no longer UTF-8
  fs.writeFileSync(journal, damaged);
  const second = await startHost({ dataDir: first.dataDir });
  assert.equal(second.host.file(table).actions.length, fightSession().actions.length + 2);
  assert.equal(fs.readFileSync(journal).length, cut, 'the journal ends before the damaged line');
  const folder = path.dirname(journal);
  const aside = fs.readdirSync(folder).filter((n) => n.startsWith('journal.rest-'));
  assert.equal(aside.length, 1);
  assert.deepEqual(fs.readFileSync(path.join(folder, aside[0])), damaged.subarray(cut), 'every byte from the damaged line on is kept');
  assert.ok(second.lines.some((l) => /line 3 of its journal is damaged/.test(l) && l.includes(aside[0])), second.lines.join('\n'));
  const back = new Phone({ url: second.url, core, player: 'Łucja' });
  await back.join(table);
  assert.equal(back.version, 2);
  assert.equal((await back.act(tray())).t, 'step', 'and goes on from there');
  back.close();
  second.stop();
});

test('symbolic links in the tables folder are refused: a linked journal\'s target is never read, cut or written', async () => {
  const first = await startHost();
  const { phones: [lucja], table } = await seat(first.url, ['Łucja']);
  assert.equal((await lucja.act(tray())).t, 'step');
  lucja.close();
  first.stop();
  const folder = path.join(first.dataDir, folderOf(first.dataDir));
  const target = path.join(tmpdir(), 'precious.txt');
  fs.writeFileSync(target, 'nie ruszać\n'.repeat(100));
  fs.rmSync(path.join(folder, 'journal.jsonl'));
  fs.symlinkSync(target, path.join(folder, 'journal.jsonl'));
  // A second table whose folder is itself a link.
  const elsewhere = tmpdir();
  fs.symlinkSync(elsewhere, path.join(first.dataDir, 'ab'.repeat(16)));
  const second = await startHost({ dataDir: first.dataDir });
  const client = rawSocket(second.url);
  await client.status;
  client.sendJson(hello(table, 'Łucja'));
  assert.equal((await client.closed).why, 'table_damaged');
  assert.equal(fs.readFileSync(target, 'utf8'), 'nie ruszać\n'.repeat(100), 'the link\'s target is as it was');
  assert.ok(second.lines.some((l) => /symbolic link|ELOOP/.test(l)), second.lines.join('\n'));
  second.stop();
});

test('two hosts on one tables folder: the second is refused with the first one\'s process, in this process and in another; a lock left by a killed host is taken over', async () => {
  const first = await startHost();
  await assert.rejects(startHost({ dataDir: first.dataDir }), /another table host/);
  const child = await startServerChild(first.dataDir);
  assert.match(child.out(), /Live tables are off/);
  assert.match(child.out(), new RegExp(`process ${process.pid}`));
  child.child.kill('SIGKILL');
  first.stop();
  // A host killed with -9 leaves its lock: a new host takes it over (its process is gone).
  fs.writeFileSync(path.join(first.dataDir, 'host.lock'), '2147480000\n');
  const again = await startHost({ dataDir: first.dataDir });
  again.stop();
});

test('a client that ignores the close: nothing it sends after too_large, bad_frame, too_fast or no_hello is read; after no_hello it cannot join', async () => {
  const { host, url, stop } = await startHost({ limits: { helloSeconds: 0.3 } });
  const { phones: [lucja], table } = await seat(url, ['Łucja']);
  const cases = [
    ['too_large', (c) => c.sendJson({ t: 'act', v: 0, action: { ...tray(), note: 'ż'.repeat(40000) } })],
    ['bad_frame', (c) => c.sendText('}{')],
    ['too_fast', (c) => { for (let i = 0; i < 100; i += 1) c.sendJson({ t: 'ping' }); }],
  ];
  for (const [code, misbehave] of cases) {
    const client = rawSocket(url);
    await client.status;
    client.sendJson(hello(table, `Mściwój ${code}`));
    await waitFor(() => client.got.some((m) => m.t === 'welcome'), 'joined');
    misbehave(client);
    await waitFor(() => client.got.some((m) => m.t === 'error'), `closed with ${code}`);
    assert.equal(client.got.find((m) => m.t === 'error').code, code);
    for (let i = 0; i < 45; i += 1) client.sendJson({ t: 'act', v: host.tables.get(table).steps.length, action: tray(`po zamknięciu ${i}`) });
    await client.closed;
  }
  const mute = rawSocket(url);
  await mute.status;
  await waitFor(() => mute.got.some((m) => m.code === 'no_hello'), 'no_hello');
  mute.sendJson(hello(table, 'Milczek'));
  for (let i = 0; i < 10; i += 1) mute.sendJson({ t: 'act', v: 0, action: tray() });
  await mute.closed;
  assert.ok(!mute.got.some((m) => m.t === 'welcome'), 'no_hello is final');
  assert.equal(host.tables.get(table).steps.length, 0, 'nothing reached the table');
  assert.equal(host.tables.get(table).phones.size, 1);
  assert.equal((await lucja.act(tray())).t, 'step');
  lucja.close();
  stop();
});

test('200 tables from one address: ten a minute are opened, the rest refused in words; another address still opens one; sessions the core refuses cost more', async () => {
  const started = Date.now();
  const { host, url, stop } = await startHost();
  const outcomes = {};
  for (let i = 0; i < 200; i += 1) {
    const client = rawSocket(url);
    await client.status;
    client.sendJson({ t: 'open', protocol: 1, core: core.versions.core, player: 'Złośliwiec', session: fightSession(i) });
    await waitFor(() => client.got.some((m) => m.t === 'welcome' || m.t === 'error'), 'an answer');
    const answer = client.got.find((m) => m.t === 'welcome' || m.t === 'error');
    const code = answer.t === 'welcome' ? 'opened' : answer.code;
    outcomes[code] = (outcomes[code] ?? 0) + 1;
    if (code !== 'opened') assert.match(answer.pl, /za dużo stołów/);
    client.end();
  }
  // Ten at once, and one more for every six seconds the loop took.
  const most = 10 + Math.ceil((Date.now() - started) / 6000);
  assert.ok(outcomes.opened >= 10 && outcomes.opened <= most, JSON.stringify(outcomes));
  assert.equal(outcomes.opened + outcomes.too_many_tables, 200, JSON.stringify(outcomes));
  assert.equal(host.tables.size, outcomes.opened);
  const elsewhere = new Phone({ url, core, player: 'Żaneta', localAddress: '127.0.0.2' });
  await elsewhere.open(fightSession());
  elsewhere.close();
  stop();

  // A session the core reads whole and refuses: three a minute per address, then refused unread.
  let opens = 0;
  const second = await startHost({ trapOn: (name) => { if (name === 'table_open') opens += 1; return false; } });
  // Every action read, then a position past them: refused only at the end.
  const broken = { ...fightSession(), position: 999 };
  const codes = [];
  for (let i = 0; i < 5; i += 1) {
    const client = rawSocket(second.url);
    await client.status;
    client.sendJson({ t: 'open', protocol: 1, core: core.versions.core, player: 'Złośliwiec', session: broken });
    codes.push((await client.closed).why);
  }
  assert.deepEqual(codes, ['bad_session', 'bad_session', 'bad_session', 'too_many_tables', 'too_many_tables']);
  assert.equal(opens, 3, 'the last two were not read by the core');
  second.stop();
});

test('many connections from one address, idle or holding half frames, lock nobody else out and hold bounded memory', async () => {
  const { url, stop } = await startHost({ limits: { connectionsPerAddress: 30, heldBytes: 8 * 1024 * 1024, helloSeconds: 30 } });
  const { phones: [lucja], table } = await seat(url, ['Łucja'], fightSession(), '127.0.0.2');
  const statuses = [];
  const idle = [];
  for (let i = 0; i < 60; i += 1) {
    const client = rawSocket(url);
    idle.push(client);
    statuses.push(await client.status);
  }
  assert.equal(statuses.filter((s) => s === 101).length, 30, 'one address holds its share');
  assert.equal(statuses.filter((s) => s === 503).length, 30);
  for (const client of idle) client.end();
  await waitFor(() => idle.every((c) => c.socket.destroyed), 'closed');
  // Half frames: each says 2 MiB is coming and sends 1 MiB of it.
  const halves = [];
  for (let i = 0; i < 20; i += 1) {
    const client = rawSocket(url, { localAddress: '127.0.0.3' });
    await client.status;
    client.sendPartial(1024 * 1024, 2 * 1024 * 1024);
    halves.push(client);
  }
  await waitFor(() => halves.filter((c) => c.got.some((m) => m.code === 'host_busy')).length >= 10, 'the ones past the bound closed');
  const zaneta = new Phone({ url, core, player: 'Żaneta', localAddress: '127.0.0.4' });
  await zaneta.join(table);
  assert.equal((await lucja.act(tray())).t, 'step', 'the table goes on');
  for (const client of halves) client.end();
  zaneta.close();
  lucja.close();
  stop();
});

test('names: a lone surrogate is bad_name; two phones named alike get distinct names and each its own answer; the same phone back at a full table takes its own place at once', async () => {
  const { host, url, stop } = await startHost({ limits: { phonesPerTable: 3 } });
  const { phones: [lucja], table } = await seat(url, ['Łucja']);
  const surrogate = rawSocket(url);
  await surrogate.status;
  surrogate.sendJson(hello(table, 'Kuba\ud800'));
  assert.equal((await surrogate.closed).why, 'bad_name');
  const kuba = new Phone({ url, core, player: 'Kuba' });
  const kuba2 = new Phone({ url, core, player: 'Kuba' });
  await kuba.join(table);
  await kuba2.join(table);
  assert.equal(kuba.named, 'Kuba');
  assert.equal(kuba2.named, 'Kuba (2)');
  await waitFor(() => lucja.events.findLast((m) => m.t === 'phones')?.phones === 3, 'Łucja hears of both');
  assert.deepEqual(lucja.events.findLast((m) => m.t === 'phones').players, ['Łucja', 'Kuba', 'Kuba (2)']);
  const at = kuba.version;
  const [a, b] = await Promise.all([kuba.act(tray('pierwszy Kuba'), at), kuba2.act(tray('drugi Kuba'), at)]);
  assert.equal([a, b].filter((x) => x.t === 'step').length, 1);
  const lost = [a, b].find((x) => x.t === 'refused');
  assert.equal(lost.code, 'stale');
  assert.ok(lost.first.player === 'Kuba' || lost.first.player === 'Kuba (2)');
  assert.notEqual(a.ref, b.ref, 'each phone\'s ref is its own');
  // Kuba (2)'s Wi-Fi drops without a close; the table is full; it comes back with its key at once.
  const back = new Phone({ url, core, player: 'Kuba', key: kuba2.key });
  Object.assign(back, { handle: kuba2.handle, version: kuba2.version, table });
  await back.join(table);
  await waitFor(() => kuba2.closedWith?.code === 'replaced', 'the older connection is told');
  assert.equal(back.named, 'Kuba (2)');
  assert.equal(host.tables.get(table).phones.size, 3);
  // A version ahead of the table: no step was first, and the words say so.
  const ahead = await lucja.act(tray(), lucja.version + 5);
  assert.equal(ahead.code, 'stale');
  assert.equal(ahead.first, undefined);
  assert.match(ahead.pl, /wyprzedziła stół/);
  for (const phone of [lucja, kuba, back]) phone.close();
  stop();
});

test('a trap in the rules core refuses only the frame that caused it: the core is made anew, every table is read again from disk and goes on', async () => {
  let trap = false;
  const { host, url, stop } = await startHost({ trapOn: (name, args) => trap && name === 'table_apply' && String(args[1]).includes('zapalnik') });
  const one = await seat(url, ['Łucja', 'Żaneta']);
  const two = await seat(url, ['Ścibor']);
  assert.equal((await one.phones[0].act(tray('przed'))).t, 'step');
  assert.equal((await two.phones[0].act(tray('przed'))).t, 'step');
  trap = true;
  const refused = await one.phones[1].act(tray('zapalnik'));
  assert.equal(refused.t, 'refused');
  assert.equal(refused.code, 'core_fault');
  assert.equal(refused.version, 1);
  trap = false;
  assert.equal((await one.phones[1].act(tray('po'))).t, 'step', 'the same phone goes on');
  assert.equal((await two.phones[0].act(tray('po'))).t, 'step', 'the other table goes on');
  await waitFor(() => one.phones[0].version === 2, 'Łucja has the step');
  assert.deepEqual(one.phones[0].file(), host.file(one.table));
  assert.deepEqual(two.phones[0].file(), host.file(two.table));
  for (const phone of [...one.phones, ...two.phones]) phone.close();
  stop();
});

test('tables: one no phone joined for the set days moves to the archive and comes back when asked; host_full counts live tables; a table\'s session has a limit, refused in words', async () => {
  const { host, url, dataDir, stop } = await startHost({ limits: { tables: 2 } });
  const old = await seat(url, ['Łucja']);
  assert.equal((await old.phones[0].act(tray('stary stół'))).t, 'step');
  const fresh = await seat(url, ['Żaneta']);
  old.phones[0].close();
  await waitFor(() => host.tables.get(old.table).phones.size === 0, 'Łucja left');
  await assert.rejects(new Phone({ url, core, player: 'Ścibor' }).open(fightSession()), (e) => e.reason.code === 'host_full');
  host.tables.get(old.table).lastJoined = Date.now() - 31 * 86400e3;
  host.sweep();
  assert.ok(!host.tables.has(old.table));
  assert.ok(fs.existsSync(path.join(dataDir, 'archive')) && fs.readdirSync(path.join(dataDir, 'archive')).length === 1);
  const third = await seat(url, ['Ścibor']);  // two live tables again
  const back = new Phone({ url, core, player: 'Łucja' });
  await back.join(old.table);
  assert.equal(back.version, 1, 'back from the archive with its steps');
  assert.equal(fs.readdirSync(path.join(dataDir, 'archive')).length, 0);
  for (const phone of [back, ...fresh.phones, ...third.phones]) phone.close();
  stop();

  const written = Buffer.byteLength(core.file(core.open(JSON.stringify(fightSession())).table));
  const small = await startHost({ limits: { sessionBytes: written + 3000 } });
  const { phones: [lucja] } = await seat(small.url, ['Łucja']);
  let answer;
  for (let i = 0; i < 40; i += 1) {
    answer = await lucja.act(tray(`długi zapis ${'ż'.repeat(100)}`));
    if (answer.t !== 'step') break;
  }
  assert.equal(answer.code, 'journal_full');
  assert.match(answer.pl, /największy rozmiar/);
  lucja.close();
  small.stop();
});

test('the core\'s memory is bounded: tables without phones are let go and read again from disk when a phone comes; with no room left, a new table is refused in words', async () => {
  const opened = core.open(JSON.stringify(fightSession()));
  const one = 2 * Buffer.byteLength(core.file(opened.table)) + 512 * (opened.length + 1);  // a table of one step
  const { host, url, stop } = await startHost({ limits: { coreBytes: Math.floor(2.5 * one) } });
  const first = await seat(url, ['Łucja']);
  assert.equal((await first.phones[0].act(tray('pierwszy stół'))).t, 'step');
  first.phones[0].close();
  await waitFor(() => host.tables.get(first.table).phones.size === 0, 'Łucja left');
  const second = await seat(url, ['Żaneta']);
  const third = await seat(url, ['Ścibor']);
  assert.equal(host.tables.get(first.table).loaded, false, 'the idle table was let go');
  await assert.rejects(new Phone({ url, core, player: 'Mścisław' }).open(fightSession()), (e) => e.reason.code === 'host_busy' && /za mało pamięci/.test(e.reason.pl));
  third.phones[0].close();
  await waitFor(() => host.tables.get(third.table).phones.size === 0, 'Ścibor left');
  const back = new Phone({ url, core, player: 'Łucja' });
  await back.join(first.table);
  assert.equal(back.version, 1, 'read again with its step');
  assert.equal(host.tables.get(third.table).loaded, false);
  assert.equal((await back.act(tray('znowu'))).t, 'step');
  for (const phone of [back, ...second.phones]) phone.close();
  stop();
});

test('a step keeps its sender\'s ref in the journal: a phone whose connection dropped while its step was on its way finds it in its welcome, after a restart too', async () => {
  const first = await startHost();
  const { phones: [lucja], table } = await seat(first.url, ['Łucja']);
  const done = await lucja.act(tray('w drodze'));
  assert.equal(done.t, 'step');
  assert.match(done.ref, /^Łucja-[0-9a-f]{8}-\d+$/);
  lucja.close();
  first.stop();
  const second = await startHost({ dataDir: first.dataDir });
  const back = new Phone({ url: second.url, core, player: 'Łucja' });
  Object.assign(back, { handle: core.open(JSON.stringify(fightSession())).table, version: 0, table });
  await back.join(table);
  const welcome = back.events.find((m) => m.t === 'welcome');
  assert.equal(welcome.steps[0].ref, done.ref);
  back.close();
  second.stop();
});

async function seat(url, names, session = fightSession(), localAddress) {
  const phones = names.map((player) => new Phone({ url, core, player, localAddress }));
  const table = await phones[0].open(session);
  for (const phone of phones.slice(1)) await phone.join(table);
  return { phones, table };
}
