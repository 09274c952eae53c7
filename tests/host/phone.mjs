// A phone at a live table without a browser: a WebSocket and its own copy of the table's session
// in the rules core (wasm), kept as the app keeps it: a step is applied only when the host sends
// it. Used by tests/host/table.test.mjs and the benchmark (scripts/bench-tables.mjs).
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from '../../src/host/node_modules/ws/wrapper.mjs';
import { PROTOCOL, replay } from '../../src/host/table-host.mjs';

export class Phone {
  // `localAddress`: the address it connects from (a loopback one of its own: the host's limits are
  // per address); `wsOptions`: more for ws's client, such as `headers` or a TLS `ca`.
  constructor({ url, core, player, reconnect = false, key = crypto.randomBytes(12).toString('base64url'), localAddress, wsOptions = {} }) {
    Object.assign(this, { url, core, player, reconnect, key, localAddress, wsOptions });
    this.named = null;        // the name the table gave this phone (welcome.player)
    this.handle = null;       // this phone's copy of the session, in `core`
    this.version = null;      // the table's version this copy is at
    this.table = null;
    this.waiting = new Map(); // ref -> resolve, for what this phone sent
    this.refs = 0;
    this.refTag = crypto.randomBytes(4).toString('hex');  // two phones named alike never share a ref
    this.events = [];         // every message from the host, in order
    this.listeners = new Set();
    this.closedWith = null;   // the host's last error, if it closed the connection
  }

  // Opens `session` as a new table; resolves with the table's id once welcomed.
  open(session, opening) {
    return this.connect({ t: 'open', protocol: PROTOCOL, core: this.core.versions.core, player: this.player, phone: this.key, ...(opening ? { opening } : {}), session });
  }

  join(table) {
    this.table = table;
    return this.connect(this.hello());
  }

  hello() {
    return { t: 'hello', protocol: PROTOCOL, core: this.core.versions.core, player: this.player, phone: this.key, table: this.table,
      ...(this.version !== null ? { since: this.version } : {}) };
  }

  connect(first) {
    this.ws = new WebSocket(this.url, { ...(this.localAddress ? { localAddress: this.localAddress } : {}), ...this.wsOptions });
    this.ws.on('open', () => this.ws.send(JSON.stringify(first)));
    this.ws.on('message', (data) => this.receive(JSON.parse(data.toString())));
    // A connection that never opened (the upgrade refused: "Unexpected server response: 503"; no
    // host there) rejects with ws's reason, rather than waiting for a welcome forever.
    const ws = this.ws;
    let opened = false, failed = null;
    ws.on('open', () => { opened = true; });
    ws.on('error', (error) => { failed = error; });
    const neverOpened = new Promise((_, reject) => ws.on('close', () => {
      if (!opened) reject(Object.assign(new Error(failed?.message ?? 'the connection closed'), { refused: true }));
    }));
    this.ws.on('close', () => {
      for (const resolve of this.waiting.values()) resolve({ t: 'lost' });
      this.waiting.clear();
      if (this.reconnect && !this.stopped) setTimeout(() => this.table && this.connect(this.hello()).catch(() => {}), 50);
    });
    return Promise.race([neverOpened, this.until((m) => m.t === 'welcome' || m.t === 'error').then((m) => {
      if (m.t === 'error') throw Object.assign(new Error(m.en), { reason: m });
      return m.table;
    })]);
  }

  receive(message) {
    this.events.push(message);
    if (message.t === 'welcome') {
      this.table = message.table;
      this.named = message.player;
      if (message.session) {
        if (this.handle !== null) this.core.close(this.handle);
        this.handle = this.core.open(JSON.stringify(message.session)).table;
      } else {
        for (const step of message.steps) this.apply(step);
      }
      this.version = message.version;
    } else if (message.t === 'step') {
      if (message.version !== this.version + 1) throw new Error(`step ${message.version} after ${this.version}`);
      this.apply(message);
      this.version = message.version;
    } else if (message.t === 'error') {
      this.closedWith = message;
    }
    if ((message.t === 'step' || message.t === 'refused') && this.waiting.has(message.ref)) {
      this.waiting.get(message.ref)(message);
      this.waiting.delete(message.ref);
    }
    for (const listener of [...this.listeners]) listener(message);
  }

  apply(step) {
    if (!replay(this.core, this.handle, step)) throw new Error(`${this.player}: a confirmed step did not apply: ${JSON.stringify(step)}`);
  }

  until(predicate) {
    return new Promise((resolve) => {
      const listener = (message) => {
        if (predicate(message)) {
          this.listeners.delete(listener);
          resolve(message);
        }
      };
      this.listeners.add(listener);
    });
  }

  // Sends an action (or an undo, a redo) prepared at this phone's version; resolves with the
  // host's answer: the step as confirmed, or why it was refused.
  send(t, action, version = this.version) {
    const ref = `${this.player}-${this.refTag}-${++this.refs}`;
    if (this.ws.readyState !== WebSocket.OPEN) return Promise.resolve({ t: 'lost' });
    const answer = new Promise((resolve) => this.waiting.set(ref, resolve));
    this.ws.send(JSON.stringify({ t, v: version, ref, ...(action ? { action } : {}) }));
    return answer;
  }

  act(action, version) { return this.send('act', action, version); }
  undo(version) { return this.send('undo', null, version); }
  redo(version) { return this.send('redo', null, version); }

  file() { return JSON.parse(this.core.file(this.handle)); }

  close() {
    this.stopped = true;
    this.ws?.close();
  }
}

// A WebSocket spoken by hand over TCP, as a client that ignores the protocol would: it goes on
// sending after the host closed, sends half a frame and stops, names any origin. `got` holds the
// host's text messages, `closed` resolves with the close frame's code and reason (or 1006 when the
// connection ended without one), `status` with the HTTP status of the upgrade.
export function rawSocket(url, { headers = {}, localAddress } = {}) {
  const { hostname, port, pathname } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port), localAddress });
  socket.on('error', () => {});
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
    `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`);
  const got = [];
  let buffer = Buffer.alloc(0);
  let upgraded = false;
  let closeFrame = null;
  let resolveStatus;
  const status = new Promise((resolve) => { resolveStatus = resolve; });
  const closed = new Promise((resolve) => socket.on('close', () => { resolveStatus(0); resolve(closeFrame ?? { code: 1006, why: '' }); }));
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    if (!upgraded) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end === -1) return;
      const code = Number(buffer.subarray(0, end).toString().split(' ')[1]);
      resolveStatus(code);
      buffer = buffer.subarray(end + 4);
      upgraded = code === 101;
      if (!upgraded) return;
    }
    for (;;) {
      if (buffer.length < 2) return;
      const opcode = buffer[0] & 0x0f;
      let length = buffer[1] & 0x7f;
      let at = 2;
      if (length === 126) { if (buffer.length < 4) return; length = buffer.readUInt16BE(2); at = 4; }
      else if (length === 127) { if (buffer.length < 10) return; length = Number(buffer.readBigUInt64BE(2)); at = 10; }
      if (buffer.length < at + length) return;
      const payload = buffer.subarray(at, at + length);
      buffer = buffer.subarray(at + length);
      if (opcode === 1) got.push(JSON.parse(payload.toString()));
      else if (opcode === 8) closeFrame = { code: payload.length >= 2 ? payload.readUInt16BE(0) : 1005, why: payload.subarray(2).toString() };
      else if (opcode === 9) send(Buffer.from(payload), 10);
    }
  });
  // A frame of `opcode` (masked, as a client's must be); `declared` claims a longer payload than
  // is sent (half a frame, the rest never coming).
  function send(payload, opcode = 1, declared = payload.length) {
    if (socket.destroyed) return false;
    const mask = crypto.randomBytes(4);
    const head = declared < 126 ? Buffer.from([0x80 | opcode, 0x80 | declared])
      : declared < 65536 ? Buffer.from([0x80 | opcode, 0x80 | 126, declared >> 8, declared & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | 127]), (() => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt(declared)); return b; })()]);
    const body = Buffer.from(payload);
    for (let i = 0; i < body.length; i += 1) body[i] ^= mask[i % 4];
    socket.write(Buffer.concat([head, mask, body]));
    return true;
  }
  return {
    socket, got, closed, status,
    sendText: (text) => send(Buffer.from(text)),
    sendJson: (message) => send(Buffer.from(JSON.stringify(message))),
    sendPartial: (bytes, declared) => send(Buffer.alloc(bytes, 0x20), 1, declared),
    end: () => socket.destroy(),
  };
}

// A party of four in a fight with a troll and an ork (docs/examples/02, up to start_fight).
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function fightSession(seed = 7) {
  const example = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs/examples/02-lightning-first-rank.json'), 'utf8'));
  const upTo = example.actions.findIndex((a) => a.type === 'start_fight');
  return { format: 'czary-session', version: 1, seed, meta: {}, actions: example.actions.slice(0, upTo + 1) };
}

// A random action of a fight's evening: casts with the app's and the table's dice, attacks,
// wounds, healing, phases, moves, the dice tray, a newcomer, a negotiation, undo and redo.
export function randomMove(random) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const die = () => 1 + Math.floor(random() * 6);
  const moves = [
    () => ['act', { type: 'cast', caster: 'c1', spell: 'blyskawica', targets: [pick(['m5', 'm6'])] }],
    () => ['act', { type: 'cast', caster: 'c1', spell: 'blyskawica', targets: [pick(['m5', 'm6'])], dice: random() < 0.5 ? [die()] : [die(), die()] }],
    () => ['act', { type: 'cast', caster: 'c3', spell: 'urok', targets: [pick(['m5', 'm6'])] }],
    () => ['act', { type: 'weapon_attack', figure: pick(['c2', 'c4', 'm5', 'm6']) }],
    () => ['act', { type: 'wound', figure: pick(['m5', 'm6', 'c2', 'c4']), amount: 1 }],
    () => ['act', { type: 'heal', figure: pick(['c2', 'c4', 'm5']), amount: 1 }],
    () => ['act', { type: 'next_phase' }],
    () => ['act', { type: 'move_figure', figure: pick(['c1', 'c3']), rank: pick([1, 2]), slot: pick([1, 2, 3]) }],
    () => ['act', { type: 'roll_dice', code: '2K6', purpose: 'tray' }],
    () => ['act', { type: 'roll_dice', code: '1K6', purpose: 'tray', dice: [die()] }],
    () => ['act', { type: 'add_monster', kind: 'ork', sila: 4 }],
    () => ['act', { type: 'negotiate', negotiator: 'c2', dice: [die(), die()] }],
    () => ['undo'],
    () => ['redo'],
  ];
  return pick(moves)();
}

// A raw WebSocket, as a hostile client would use one: every message it gets, and how it closed.
export function rawClient(url, options) {
  const ws = new WebSocket(url, options);
  const got = [];
  ws.on('message', (data) => got.push(JSON.parse(data.toString())));
  ws.on('error', () => {});
  const closed = new Promise((resolve) => ws.on('close', (code, why) => resolve({ code, why: why.toString() })));
  const opened = new Promise((resolve) => ws.on('open', resolve));
  return { ws, got, closed, opened };
}

// Every kind of step once, in turn, by the phone of each index (of four): a cast with the app's
// dice, an undo, a redo and an undo, a cast with the table's dice, a wound, a tray roll, a
// newcomer, the next phase. The interleaved runs begin with it (tests/host, tests/browser).
export const PRELUDE = [
  [0, 'act', { type: 'cast', caster: 'c1', spell: 'blyskawica', targets: ['m5'] }],
  [1, 'undo'],
  [2, 'redo'],
  [3, 'undo'],
  [0, 'act', { type: 'cast', caster: 'c1', spell: 'blyskawica', targets: ['m5'], dice: [4, 3] }],
  [1, 'act', { type: 'wound', figure: 'm6', amount: 1 }],
  [2, 'act', { type: 'roll_dice', code: '2K6', purpose: 'tray' }],
  [3, 'act', { type: 'add_monster', kind: 'ork', sila: 4 }],
  [0, 'act', { type: 'next_phase' }],
];

// A seeded generator, so that a failing run can be run again the same way.
export function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
