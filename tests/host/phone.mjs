// A phone at a live table without a browser: a WebSocket and its own copy of the table's session
// in the rules core (wasm), kept as the app keeps it: a step is applied only when the host sends
// it. Used by tests/host/table.test.mjs and the benchmark (scripts/bench-tables.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from '../../src/host/node_modules/ws/wrapper.mjs';
import { PROTOCOL, replay } from '../../src/host/table-host.mjs';

export class Phone {
  constructor({ url, core, player, reconnect = false }) {
    Object.assign(this, { url, core, player, reconnect });
    this.handle = null;       // this phone's copy of the session, in `core`
    this.version = null;      // the table's version this copy is at
    this.table = null;
    this.waiting = new Map(); // ref -> resolve, for what this phone sent
    this.refs = 0;
    this.events = [];         // every message from the host, in order
    this.listeners = new Set();
    this.closedWith = null;   // the host's last error, if it closed the connection
  }

  // Opens `session` as a new table; resolves with the table's id once welcomed.
  open(session, opening) {
    return this.connect({ t: 'open', protocol: PROTOCOL, core: this.core.versions.core, player: this.player, ...(opening ? { opening } : {}), session });
  }

  join(table) {
    this.table = table;
    return this.connect(this.hello());
  }

  hello() {
    return { t: 'hello', protocol: PROTOCOL, core: this.core.versions.core, player: this.player, table: this.table,
      ...(this.version !== null ? { since: this.version } : {}) };
  }

  connect(first) {
    this.ws = new WebSocket(this.url);
    this.ws.on('open', () => this.ws.send(JSON.stringify(first)));
    this.ws.on('message', (data) => this.receive(JSON.parse(data.toString())));
    this.ws.on('error', () => {});
    this.ws.on('close', () => {
      for (const resolve of this.waiting.values()) resolve({ t: 'lost' });
      this.waiting.clear();
      if (this.reconnect && !this.stopped) setTimeout(() => this.table && this.connect(this.hello()), 50);
    });
    return this.until((m) => m.t === 'welcome' || m.t === 'error').then((m) => {
      if (m.t === 'error') throw Object.assign(new Error(m.en), { reason: m });
      return m.table;
    });
  }

  receive(message) {
    this.events.push(message);
    if (message.t === 'welcome') {
      this.table = message.table;
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
    const ref = `${this.player}-${++this.refs}`;
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
