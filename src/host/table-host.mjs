// The live table's host (docs/table-protocol.md): phones join a table over a WebSocket; the host
// orders their actions, asks the rules core (the same C++ the phones run, as wasm under Node)
// whether each is accepted, writes it to disk and only then sends it to every phone of the table.
// One process serves many tables; each table is independent. The host is a server on a network:
// every byte a client sends is hostile until checked, no frame or file can stop the process or
// the core for the other tables, and a confirmed step is never lost.
//   table-core.mjs   the rules core (wasm), restarted after a trap
//   table-store.mjs  a table's folder on disk, in bytes
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { WebSocketServer } from 'ws';
import { CoreFault, makeTableCore } from './table-core.mjs';
import { JournalFull, TableStore, folderName, isFolderName, isTableId, lockFolder } from './table-store.mjs';
import { oneLine, originOf, wellFormed } from './untrusted.mjs';

export { isTableId };
export const PROTOCOL = 1;

// Each limit closes only the connection that passes it (or refuses only its frame), with a
// reason; nothing else is harmed. docs/table-protocol.md "Limits" lists them.
export const DEFAULT_LIMITS = {
  maxFrameBytes: 64 * 1024,           // one frame, but an "open" (a whole session)
  maxOpenBytes: 2 * 1024 * 1024 + 64 * 1024,  // a session file (2 MiB, json_input.hpp) and its frame
  sessionBytes: 2 * 1024 * 1024 - 4096,  // a table's session file as the core writes it: a welcome carrying it fits a phone's 2 MiB
  journalBytes: 8 * 1024 * 1024,      // a table's journal
  heldBytes: 48 * 1024 * 1024,        // bytes of frames being received, over every connection
  framesPerSecond: 20,                // a phone's frames, on average over burstFrames
  burstFrames: 40,
  phonesPerTable: 12,
  tables: 200,                        // live tables a host holds (archived ones not counted)
  opensPerMinute: 10,                 // new tables per client address
  costlyRefusalsPerMinute: 3,         // per address: sessions the core read in full and refused
  connections: 1000,                  // open WebSockets, joined or not
  connectionsPerAddress: 40,
  helloSeconds: 10,                   // to say hello before the host closes the connection
  pingSeconds: 5,                     // a phone silent for 3 pings (15 s) is taken for gone
  playerNameChars: 40,
  tableDays: 30,                      // a table no phone joined for this long goes to tables/archive
  coreBytes: 1024 * 1024 * 1024,      // what the tables held in the core take (estimated: heldBytes); idle ones are let go
  idleSeconds: 600,                   // a table without phones is let go from the core after this
  sweepSeconds: 60,                   // how often idle and expired tables are looked for
};

// Why a connection is closed or a frame refused, in both languages (the phone shows its own).
const REASONS = {
  other_build: ['Ten telefon ma inną wersję Czarów niż stół. Zaktualizuj aplikację (odśwież stronę).',
    'This phone has another version of Czary than the table. Update the app (reload the page).'],
  other_protocol: ['Ten telefon mówi innym protokołem niż stół. Zaktualizuj aplikację (odśwież stronę).',
    'This phone speaks another protocol than the table. Update the app (reload the page).'],
  // The computer at the table or a table service: said of either (an archived table comes back).
  no_table: ['Nie ma tu takiego stołu: link jest nieaktualny albo niepełny. Poproś o nowy kod QR.',
    'There is no such table here: the link is out of date or incomplete. Ask for a new QR code.'],
  table_damaged: ['Tego stołu nie da się teraz otworzyć: jego pliki na komputerze są uszkodzone (komputer mówi, co znalazł).',
    'This table cannot be opened now: its files on the computer are damaged (the computer\'s terminal says what it found).'],
  table_full: ['Przy tym stole jest już komplet telefonów.', 'This table already has all the phones it takes.'],
  host_full: ['Ten komputer prowadzi już tyle stołów, ile może.', 'This computer already hosts as many tables as it can.'],
  host_busy: ['Ten komputer ma teraz za mało pamięci na kolejny stół. Spróbuj za chwilę.', 'This computer has too little memory for another table now. Try again in a moment.'],
  too_many_tables: ['Z tego urządzenia otwarto w ostatniej minucie za dużo stołów. Spróbuj za minutę.',
    'Too many tables were opened from this device in the last minute. Try again in a minute.'],
  too_many_connections: ['Ten komputer ma już za dużo połączeń.', 'This computer has too many connections.'],
  too_large: ['Wiadomość jest za duża.', 'The message is too large.'],
  too_fast: ['Za dużo wiadomości naraz.', 'Too many messages at once.'],
  bad_frame: ['Niezrozumiała wiadomość.', 'A message that could not be understood.'],
  bad_session: ['Tej sesji nie da się otworzyć jako stołu.', 'This session cannot be opened as a table.'],
  session_too_large: ['Ta sesja zapisana przez stół byłaby większa niż 2 MiB, a tylu telefon nie przechowa. Otwórz stół z krótszej sesji.',
    'Written out by the table this session would be larger than 2 MiB, more than a phone keeps. Open the table from a shorter session.'],
  bad_name: ['Podaj imię gracza (do 40 znaków).', 'Give a player name (up to 40 characters).'],
  no_hello: ['Telefon się nie przedstawił.', 'The phone did not introduce itself.'],
  silent: ['Telefon przestał odpowiadać.', 'The phone stopped answering.'],
  replaced: ['Ten telefon połączył się z tym stołem jeszcze raz (w innej karcie albo po przerwie w sieci); to połączenie zostało zamknięte.',
    'This phone joined this table once more (in another tab, or after the network dropped); this connection was closed.'],
  stale: ['Ktoś był pierwszy: stół zmienił się, zanim to dotarło.', 'Somebody was first: the table changed before this arrived.'],
  stale_ahead: ['Kopia stołu na tym telefonie wyprzedziła stół: krok nie został wykonany, a telefon pobiera kopię stołu od nowa.',
    'This phone\'s copy of the table went ahead of the table: the step was not made, and the phone fetches the table\'s copy anew.'],
  nothing_to_undo: ['Nie ma czego cofnąć.', 'There is nothing to undo.'],
  nothing_to_redo: ['Nie ma czego przywrócić.', 'There is nothing to redo.'],
  disk: ['Stół nie może zapisać kroku na dysku; krok nie został wykonany.', 'The table cannot write the step to disk; it was not made.'],
  disk_table: ['Ten komputer nie może zapisać nowego stołu na dysku (folder stołów jest pełny albo tylko do odczytu).',
    'This computer cannot write a new table to its disk (the tables folder is full or read-only).'],
  journal_full: ['Ta gra osiągnęła największy rozmiar, jaki stół przyjmuje (plik sesji do 2 MiB): kolejne kroki nie są przyjmowane. Zacznijcie nową sesję.',
    'This game has reached the largest size a table takes (a session file of up to 2 MiB): no more steps are taken. Start a new session.'],
  core_fault: ['Stół nie zdołał sprawdzić tego kroku i go nie wykonał; gra toczy się dalej.',
    'The table could not check this step and did not make it; the game goes on.'],
};
const reason = (code, extra = {}) => ({ code, pl: REASONS[code][0], en: REASONS[code][1], ...extra });

// The rules core (src/host/table-core.mjs) built in `dir`. The .wasm is handed over as bytes: no
// fetch, no paths from elsewhere. Phones of the tests keep their copies in one too.
export async function loadTableCore(dir, options = {}) {
  const require = createRequire(import.meta.url);
  const create = require(path.resolve(dir, 'czary-table-core.cjs'));
  return makeTableCore(create, fs.readFileSync(path.resolve(dir, 'czary-table-core.wasm')), options);
}

// A player's name as the phone gives it: well-formed text (no lone surrogate: every phone that got
// one refused the frame that carried it), trimmed, no control characters, 1-40 characters.
export function playerName(name, max = DEFAULT_LIMITS.playerNameChars) {
  if (!wellFormed(name)) return null;
  const clean = name.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '').trim();
  const chars = [...clean];
  return chars.length >= 1 && chars.length <= max ? clean : null;
}

// The name a phone gets at a table: its own, or "Kuba (2)" when another phone there has it.
export function nameAtTable(taken, wanted, max = DEFAULT_LIMITS.playerNameChars) {
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    const name = [...wanted].slice(0, max - suffix.length).join('').trimEnd() + suffix;
    if (!taken.has(name)) return name;
  }
}

// A phone's key (hello/open `phone`): the same phone coming back replaces its older connection.
const phoneKey = (key) => (typeof key === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(key) ? key : undefined);

// A token bucket: `take()` is false when empty.
class Bucket {
  constructor(size, perSecond) {
    Object.assign(this, { size, perSecond, tokens: size, at: Date.now() });
  }

  take(n = 1) {
    const now = Date.now();
    this.tokens = Math.min(this.size, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < n) return false;
    this.tokens -= n;
    return true;
  }

  has(n) {
    this.take(0);
    return this.tokens >= n;
  }

  drain(n) {
    this.take(0);
    this.tokens = Math.max(-this.size, this.tokens - n);
  }

  get full() {
    this.take(0);
    return this.tokens >= this.size;
  }
}

// A table: its folder, and while it is held in the core its session there and its steps in order
// (the journal, kept for phones catching up); its phones. `version` counts the steps (actions,
// undos, redos) confirmed since it opened: a phone prepares an action at a version and it is
// taken only at that version. A table without phones is let go from the core when idle or when
// memory is needed, and read again from disk when a phone comes.
class Table {
  constructor(id, store, meta) {
    this.id = id;
    this.store = store;
    this.opening = isTableId(meta.opening) ? meta.opening : undefined;
    this.lastJoined = Number.isFinite(meta.lastJoined) ? meta.lastJoined : Date.now();
    this.handle = null;
    this.steps = null;
    this.phones = new Set();
    this.used = Date.now();
    this.fileBytes = 0;      // the session file as the core writes it, grown by every act since
    this.heldBytes = 0;      // what it takes in the core: counted against coreBytes
    this.readOnly = null;    // why no step can be written (a read-only folder)
  }

  get loaded() {
    return this.handle !== null;
  }

  get version() {
    return this.steps ? this.steps.length : 0;
  }
}

// A phone's address, for the limits per client address: the TCP peer's. With `trustProxy` (the
// host behind a reverse proxy on the same machine: Caddy, docs/deploy.md), and only when the peer
// is a loopback address, the right-most entry of X-Forwarded-For: the one the proxy appended,
// the address it was connected from (entries to its left came from the client and could be
// anything). A header that is not an address there is not believed: the peer it is.
export function clientAddress(request, trustProxy = false) {
  const peer = request.socket?.remoteAddress ?? '?';
  if (!trustProxy || !isLoopback(peer)) return peer;
  const header = request.headers?.['x-forwarded-for'];  // repeated headers come joined with ', '
  if (typeof header !== 'string') return peer;
  const last = header.slice(header.lastIndexOf(',') + 1).trim().toLowerCase();
  return net.isIP(last) ? last : peer;
}
const isLoopback = (address) => (net.isIPv4(address) ? address.startsWith('127.')
  : address === '::1' || /^::ffff:127\.\d+\.\d+\.\d+$/i.test(address));

export async function startTableHost({
  server, dataDir, coreDir, path: tablePath = '/table', limits: given = {}, log = () => {},
  allowOrigins = [], tableDays, trustProxy = false, io, trapOn,
}) {
  const limits = { ...DEFAULT_LIMITS, ...given, ...(tableDays !== undefined ? { tableDays } : {}) };
  const core = await loadTableCore(coreDir, { trapOn });
  fs.mkdirSync(dataDir, { recursive: true });
  const unlock = lockFolder(dataDir);
  const archiveDir = path.join(dataDir, 'archive');
  const allowed = new Set(allowOrigins.map(originOf).filter(Boolean));
  const tables = new Map();    // id -> Table: the live ones (archived ones are on disk only)
  // An "open" sent again (its connection dropped before the welcome came back) finds the table it
  // made the first time, by the phone's opening key: one table, never two.
  const openings = new Map();  // opening key -> table id
  const said = (line) => {
    try {
      log(line);
    } catch { /* the terminal is gone */ }
  };

  // Per client address (clientAddress: behind a proxy, the phone's, not the proxy's): its
  // connections, the tables it opens, its costly refusals.
  const addresses = new Map();
  const addressOf = (key) => {
    let entry = addresses.get(key);
    if (!entry) {
      entry = { connections: 0, opens: new Bucket(limits.opensPerMinute, limits.opensPerMinute / 60),
        costly: new Bucket(limits.costlyRefusalsPerMinute, limits.costlyRefusalsPerMinute / 60) };
      addresses.set(key, entry);
    }
    return entry;
  };
  const forget = (key, entry) => {
    if (entry.connections === 0 && entry.opens.full && entry.costly.full) addresses.delete(key);
  };

  // Every table written before comes back with every confirmed step (a host killed with -9 too);
  // each is read into the core when a phone first asks for it.
  let names;
  try {
    names = fs.readdirSync(dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  for (const name of names) {
    if (!isFolderName(name)) continue;
    const store = new TableStore(path.join(dataDir, name), io);
    try {
      store.check();
      const meta = store.readMeta();
      if (folderName(meta.id) !== name) throw new Error('its id is not the folder\'s');
      register(new Table(meta.id, store, meta));
    } catch (error) {
      said(`table folder ${name} is left as it is: ${oneLine(error)}`);
    }
  }

  function register(table) {
    tables.set(table.id, table);
    if (table.opening) openings.set(table.opening, table.id);
  }

  // A table held in the core: its session, then every step of its journal. A line that is not a
  // whole step, or a step this core refuses, ends the table there: the lines from it on are set
  // aside in a side file (never cut away) and the terminal says so.
  function load(table) {
    table.used = Date.now();
    if (table.loaded) return table;
    const name = path.basename(table.store.dir);
    table.store.check();
    const { sessionText } = table.store.readStart();
    const opened = core.open(sessionText);
    if (opened.error) throw new TableDamaged(`its session no longer opens (${opened.error})`);
    table.handle = opened.table;
    const journal = table.store.readJournal();
    const steps = [];
    for (const entry of journal.entries) {
      if (!replay(core, table.handle, entry)) break;
      steps.push(entry);
    }
    table.steps = steps;
    const cut = steps.length < journal.entries.length ? journal.offsets[steps.length] : journal.end;
    if (cut < journal.length) {
      const why = steps.length < journal.entries.length
        ? `step ${steps.length + 1} is not accepted by this build of the rules`
        : journal.stop.kind === 'torn' ? `its last line was being written when the host stopped (never confirmed to anyone)`
          : `line ${journal.stop.line} of its journal is damaged`;
      try {
        const aside = table.store.setAside(cut, journal.length);
        said(`table ${name}: ${why}; it resumes after step ${steps.length}, and the ${journal.length - cut} bytes from there are kept in ${aside}`);
      } catch (error) {
        table.readOnly = `the rest of its journal could not be set aside (${oneLine(error)})`;
        said(`table ${name}: ${why}; it is read-only until the folder can be written (${oneLine(error)})`);
      }
    }
    try {
      if (!table.readOnly) table.store.openForAppend();
    } catch (error) {
      table.readOnly = oneLine(error);
      said(`table ${name}: its journal cannot be written (${table.readOnly}); phones may join and read, not play`);
    }
    table.fileBytes = Buffer.byteLength(core.file(table.handle));
    table.heldBytes = heldInCore(table.fileBytes, core.where(table.handle).length);
    makeRoom(table);
    return table;
  }

  // Let go from the core (its folder holds everything).
  function unload(table) {
    if (table.loaded) {
      try {
        core.close(table.handle);
      } catch (error) {
        if (!(error instanceof CoreFault)) throw error;
      }
    }
    table.handle = null;
    table.steps = null;
    table.readOnly = null;  // looked at again when it is next read (the folder may be writable by then)
    table.store.close();
  }

  // Keeps what the core holds within coreBytes: idle tables without phones go first.
  function makeRoom(keep, incoming = 0) {
    let held = incoming;
    for (const t of tables.values()) if (t.loaded) held += t.heldBytes;
    if (held <= limits.coreBytes) return true;
    const idle = [...tables.values()].filter((t) => t.loaded && t !== keep && t.phones.size === 0).sort((a, b) => a.used - b.used);
    for (const t of idle) {
      if (held <= limits.coreBytes) break;
      held -= t.heldBytes;
      unload(t);
    }
    return held <= limits.coreBytes;
  }

  // The core trapped (a bug, or memory): a new instance; every table is read again from disk when
  // next asked for. Only the frame that caused it is refused.
  function recover(fault) {
    said(`${fault.message}; the rules core is started anew and its tables are read again from disk`);
    for (const table of tables.values()) {
      table.handle = null;
      table.steps = null;
      table.store.close();
    }
    core.restart();
  }

  // An archived table comes back when a phone asks for it.
  function find(id) {
    if (!isTableId(id)) return undefined;
    const live = tables.get(id);
    if (live) return live;
    const archived = path.join(archiveDir, folderName(id));
    try {
      const store = new TableStore(archived, io);
      store.check();
      const meta = store.readMeta();
      if (meta.id !== id) return undefined;
      const folder = path.join(dataDir, folderName(id));
      fs.renameSync(archived, folder);
      const table = new Table(id, new TableStore(folder, io), meta);
      register(table);
      said(`table ${folderName(id)} came back from the archive`);
      return table;
    } catch (error) {
      if (error.code !== 'ENOENT') said(`archived table ${folderName(id)} could not come back: ${oneLine(error)}`);
      return undefined;
    }
  }

  // Tables no phone joined for tableDays move to tables/archive (never deleted); idle ones are let
  // go from the core.
  function sweep() {
    const now = Date.now();
    for (const [key, entry] of addresses) forget(key, entry);
    for (const table of [...tables.values()]) {
      if (table.phones.size > 0) continue;
      if (now - table.lastJoined > limits.tableDays * 86400e3) {
        try {
          unload(table);
          fs.mkdirSync(archiveDir, { recursive: true });
          fs.renameSync(table.store.dir, path.join(archiveDir, path.basename(table.store.dir)));
          tables.delete(table.id);
          said(`table ${path.basename(table.store.dir)}: no phone joined it for ${limits.tableDays} days; moved to ${archiveDir}`);
        } catch (error) {
          said(`table ${path.basename(table.store.dir)} could not be archived: ${oneLine(error)}`);
        }
      } else if (table.loaded && now - table.used > limits.idleSeconds * 1000) {
        unload(table);
      }
    }
  }
  sweep();
  const sweeper = setInterval(() => {
    try {
      sweep();
    } catch (error) {
      said(`the tables could not be looked over: ${oneLine(error)}`);
    }
  }, limits.sweepSeconds * 1000);
  sweeper.unref();

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxOpenBytes, perMessageDeflate: false });
  let connections = 0;
  let heldTotal = 0;
  const holding = new Set();  // the connections holding bytes of a frame
  const hold = (held, bytes) => {
    held.bytes += bytes;
    heldTotal += bytes;
    if (held.bytes > 0) holding.add(held);
    else holding.delete(held);
  };
  const refuseUpgrade = (socket, status) => {
    try {
      socket.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      socket.destroySoon?.();
    } catch { /* gone */ }
  };
  const onUpgrade = (request, socket, head) => {
    try {
      socket.on('error', () => {});
      let pathname;
      try {
        pathname = new URL(request.url, 'http://x').pathname;
      } catch {
        return refuseUpgrade(socket, '400 Bad Request');
      }
      if (pathname !== tablePath) return refuseUpgrade(socket, '404 Not Found');  // nothing else upgrades
      // A page of another site cannot open tables here: a browser always says where its page came
      // from. (A client that is not a browser names no origin; the limits per address hold it.)
      const origin = request.headers.origin;
      if (origin !== undefined && !originAllowed(origin, request.headers.host, allowed)) return refuseUpgrade(socket, '403 Forbidden');
      const key = clientAddress(request, trustProxy);
      const address = addressOf(key);
      if (connections >= limits.connections || address.connections >= limits.connectionsPerAddress) {
        return refuseUpgrade(socket, '503 Service Unavailable');
      }
      // Bytes of frames being received, counted as they come: a connection may hold at most its
      // largest frame, and all of them together heldBytes.
      const held = { bytes: 0, ws: null };
      socket.on('data', (chunk) => {
        const ws = held.ws;
        if (!ws || ws.done) return;
        hold(held, chunk.length);
        const most = ws.phone ? limits.maxFrameBytes + 1024 : limits.maxOpenBytes + 1024;
        if (held.bytes > most) return closeWith(ws, reason('too_large'));
        // Past the bound, the connections holding the most are closed, not the one whose bytes
        // came last (a phone's small hello is never the one to pay).
        while (heldTotal > limits.heldBytes) {
          let most = null;
          for (const h of holding) if (!most || h.bytes > most.bytes) most = h;
          closeWith(most.ws, reason('host_busy'));
        }
      });
      socket.on('close', () => hold(held, -held.bytes));
      wss.handleUpgrade(request, socket, head, (ws) => {
        held.ws = ws;
        ws.held = held;
        connections += 1;
        address.connections += 1;
        ws.on('close', () => {
          connections -= 1;
          address.connections -= 1;
          forget(key, address);
        });
        serve(ws, address);
      });
    } catch (error) {
      said(`a connection could not be taken: ${oneLine(error)}`);
      refuseUpgrade(socket, '400 Bad Request');
    }
  };
  server.on('upgrade', onUpgrade);

  // The heartbeat: a phone that answers no ping for three rounds (about 15 s) is gone.
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (ws.missedPings >= 3) {
        closeWith(ws, reason('silent'));
        ws.terminate();
        continue;
      }
      ws.missedPings = (ws.missedPings ?? 0) + 1;
      try {
        ws.ping();
      } catch { /* closing already */ }
    }
  }, limits.pingSeconds * 1000);
  heartbeat.unref();

  function send(ws, message) {
    if (ws.readyState === ws.OPEN && !ws.done) ws.send(JSON.stringify(message));
  }

  // The last word to a connection: its reason, the close frame, and nothing read from it after
  // (a client that ignores the close cannot act, join or hold the host's memory any more).
  function closeWith(ws, why) {
    if (ws.done) return;
    send(ws, { t: 'error', ...why });
    ws.done = true;
    if (ws.held) hold(ws.held, -ws.held.bytes);  // never read again: what it held is let go
    leave(ws);
    try {
      if (ws.readyState === ws.OPEN) ws.close(4000, why.code);
      ws._socket?.pause();
    } catch { /* closing already */ }
    setTimeout(() => ws.terminate(), 1000).unref();
  }

  function leave(ws) {
    const phone = ws.phone;
    if (phone && phone.table.phones.delete(phone)) {
      phone.table.used = Date.now();
      broadcast(phone.table, roster(phone.table));
    }
  }

  function roster(table) {
    return { t: 'phones', phones: table.phones.size, players: [...table.phones].map((p) => p.player) };
  }

  function broadcast(table, message) {
    const text = JSON.stringify(message);
    for (const phone of table.phones) if (phone.ws.readyState === phone.ws.OPEN && !phone.ws.done) phone.ws.send(text);
  }

  function join(ws, table, wanted, since, key) {
    // The same phone back (its older connection not yet known dead, in another tab): the newer one
    // takes its place at once.
    const older = key && [...table.phones].find((p) => p.key === key);
    if (older) closeWith(older.ws, reason('replaced'));
    if (table.phones.size >= limits.phonesPerTable) return closeWith(ws, reason('table_full'));
    const player = nameAtTable(new Set([...table.phones].map((p) => p.player)), wanted, limits.playerNameChars);
    const phone = { ws, player, table, key };
    ws.phone = phone;
    table.phones.add(phone);
    table.lastJoined = Date.now();
    try {
      table.store.writeMeta({ id: table.id, ...(table.opening ? { opening: table.opening } : {}), lastJoined: table.lastJoined });
    } catch { /* a read-only folder: the table is archived by its older date, and comes back */ }
    // What the phone missed: the steps after the version it has, or the whole session when it has
    // none of this table (or a version the table never had).
    const catchUp = Number.isInteger(since) && since >= 0 && since <= table.version
      ? { from: since, steps: table.steps.slice(since) }
      : { session: JSON.parse(core.file(table.handle)) };
    send(ws, { t: 'welcome', table: table.id, version: table.version, player, ...catchUp });
    broadcast(table, roster(table));
  }

  function serve(ws, address) {
    ws.missedPings = 0;
    ws.on('pong', () => { ws.missedPings = 0; });
    const frames = new Bucket(limits.burstFrames, limits.framesPerSecond);
    const helloTimer = setTimeout(() => { if (!ws.phone) closeWith(ws, reason('no_hello')); }, limits.helloSeconds * 1000);
    helloTimer.unref();
    ws.on('close', () => {
      clearTimeout(helloTimer);
      leave(ws);
    });
    ws.on('error', () => {});  // a frame past maxPayload: ws closes the connection with 1009 itself
    ws.on('message', (data, isBinary) => {
      if (ws.done) return;
      hold(ws.held, -ws.held.bytes);
      ws.missedPings = 0;
      try {
        if (!frames.take()) return closeWith(ws, reason('too_fast'));
        if (isBinary) return closeWith(ws, reason('bad_frame'));
        if (data.length > limits.maxFrameBytes && !(ws.phone === undefined && data.length <= limits.maxOpenBytes)) return closeWith(ws, reason('too_large'));
        let message;
        try {
          message = JSON.parse(data.toString('utf8'));
        } catch {
          return closeWith(ws, reason('bad_frame'));
        }
        if (!message || typeof message !== 'object' || Array.isArray(message) || typeof message.t !== 'string') return closeWith(ws, reason('bad_frame'));
        handle(ws, message, data.length, address);
      } catch (error) {
        // One connection's trouble closes that connection only.
        if (error instanceof CoreFault) recover(error);
        else said(`a frame could not be handled (${oneLine(error)}); its connection is closed`);
        closeWith(ws, reason(error instanceof CoreFault ? 'core_fault' : 'bad_frame'));
      }
    });
  }

  function handle(ws, message, bytes, address) {
    if (message.t === 'ping') return send(ws, { t: 'pong' });
    if (!ws.phone) {
      if (message.t !== 'hello' && message.t !== 'open') return closeWith(ws, reason('bad_frame'));
      if (message.protocol !== PROTOCOL) return closeWith(ws, reason('other_protocol', { protocol: PROTOCOL }));
      if (message.core !== core.versions.core) return closeWith(ws, reason('other_build', { core: core.versions.core }));
      const player = playerName(message.player, limits.playerNameChars);
      if (!player) return closeWith(ws, reason('bad_name'));
      const key = phoneKey(message.phone);
      if (message.t === 'hello') {
        const table = find(message.table);
        if (!table) return closeWith(ws, reason('no_table'));
        if (!ready(ws, table)) return undefined;
        return join(ws, table, player, message.since, key);
      }
      return open(ws, message.session, player, isTableId(message.opening) ? message.opening : undefined, key, address);
    }
    if (bytes > limits.maxFrameBytes) return closeWith(ws, reason('too_large'));
    const table = ws.phone.table;
    if (message.t === 'act' || message.t === 'undo' || message.t === 'redo') {
      const ref = typeof message.ref === 'string' && message.ref.length <= 64 && wellFormed(message.ref) ? message.ref : undefined;
      if (!Number.isInteger(message.v)) return closeWith(ws, reason('bad_frame'));
      if (!ready(ws, table)) return undefined;
      if (message.v > table.version) {
        // The phone's copy is ahead of the table (it holds steps the table has not): no step was
        // first; the phone fetches the table's copy.
        return send(ws, { t: 'refused', ref, version: table.version, ...reason('stale_ahead'), code: 'stale' });
      }
      if (message.v < table.version) {
        // Somebody was first: say who, with what, and the version to prepare at again.
        return send(ws, { t: 'refused', ref, version: table.version, ...reason('stale'), first: table.steps[Math.max(0, message.v)] });
      }
      return step(ws, table, message, ref);
    }
    return closeWith(ws, reason('bad_frame'));
  }

  // The table read into the core for this connection's frame; false (the connection closed with
  // the reason) when it cannot be.
  function ready(ws, table) {
    try {
      load(table);
      return true;
    } catch (error) {
      if (error instanceof CoreFault) throw error;
      said(`table ${path.basename(table.store.dir)} cannot be opened: ${oneLine(error)}`);
      unload(table);
      closeWith(ws, reason('table_damaged'));
      return false;
    }
  }

  function open(ws, session, player, opening, key, address) {
    const made = opening && find(openings.get(opening));
    if (made) {
      if (!ready(ws, made)) return undefined;
      send(ws, { t: 'opened', table: made.id });
      return join(ws, made, player, undefined, key);
    }
    if (tables.size >= limits.tables) return closeWith(ws, reason('host_full'));
    if (!session || typeof session !== 'object' || Array.isArray(session)) return closeWith(ws, reason('bad_session'));
    if (!address.opens.take()) return closeWith(ws, reason('too_many_tables'));
    // A session the core reads in full before refusing it costs the host a whole replay: three
    // such a minute per address.
    if (!address.costly.has(1)) return closeWith(ws, reason('too_many_tables'));
    let sessionText;
    try {
      sessionText = JSON.stringify(session);
    } catch {  // too deep even to be written out again
      return closeWith(ws, reason('bad_session'));
    }
    if (!makeRoom(null, heldInCore(Buffer.byteLength(sessionText), 0))) return closeWith(ws, reason('host_busy'));
    let opened;
    try {
      opened = core.open(sessionText);
    } catch (error) {
      if (!(error instanceof CoreFault)) throw error;
      recover(error);
      address.costly.drain(1);
      return closeWith(ws, reason('bad_session', { detail: 'the rules core failed on it' }));
    }
    if (opened.error) {
      address.costly.drain(1);
      if (/bad_alloc/.test(opened.error)) return closeWith(ws, reason('host_busy'));
      return closeWith(ws, reason('bad_session', { detail: opened.error }));
    }
    const fileBytes = Buffer.byteLength(core.file(opened.table));
    if (fileBytes > limits.sessionBytes) {
      core.close(opened.table);
      return closeWith(ws, reason('session_too_large'));
    }
    if (!makeRoom(null, heldInCore(fileBytes, opened.length))) {
      core.close(opened.table);
      return closeWith(ws, reason('host_busy'));
    }
    const id = crypto.randomBytes(16).toString('hex');
    const store = new TableStore(path.join(dataDir, folderName(id)), io);
    try {
      store.create(id, sessionText, opening);
    } catch (error) {
      core.close(opened.table);
      store.close();
      fs.rmSync(store.dir, { recursive: true, force: true });
      said(`a new table could not be written (${oneLine(error)})`);
      return closeWith(ws, reason('disk_table'));
    }
    const table = new Table(id, store, { opening, lastJoined: Date.now() });
    table.handle = opened.table;
    table.steps = [];
    table.fileBytes = fileBytes;
    table.heldBytes = heldInCore(fileBytes, opened.length);
    register(table);
    said(`table opened by ${player} (${tables.size} on this host)`);
    send(ws, { t: 'opened', table: id });
    join(ws, table, player, undefined, key);  // the session as the table holds it, for the phone's copy
  }

  // One step at the head of the table: the rules first, then the disk, then every phone.
  function step(ws, table, message, ref) {
    const player = ws.phone.player;
    const version = table.version;
    let actionBytes = 0;
    if (table.readOnly || table.store.broken) return send(ws, { t: 'refused', ref, version: table.version, ...reason('disk') });
    let entry;
    try {
      if (message.t === 'act') {
        if (!message.action || typeof message.action !== 'object' || Array.isArray(message.action)) return closeWith(ws, reason('bad_frame'));
        // The host writes who acted ("player", beside the action's own fields; the rules read no
        // such field and the file keeps it); whatever the phone put there is replaced.
        const action = { ...message.action, player };
        const text = JSON.stringify(action);
        actionBytes = Buffer.byteLength(text) + 1;  // what the session file grows by
        // The session a phone keeps stays within its file's limit.
        if (table.fileBytes + actionBytes > limits.sessionBytes) {
          return send(ws, { t: 'refused', ref, version: table.version, ...reason('journal_full') });
        }
        const result = core.apply(table.handle, text);
        if (!result.ok) return send(ws, { t: 'refused', ref, version: table.version, code: 'rules', refusal: result.refusal });
        entry = { op: 'act', player, action, ...(ref ? { ref } : {}) };
      } else {
        const done = message.t === 'undo' ? core.undo(table.handle) : core.redo(table.handle);
        if (!done) return send(ws, { t: 'refused', ref, version: table.version, ...reason(message.t === 'undo' ? 'nothing_to_undo' : 'nothing_to_redo') });
        entry = { op: message.t, player, ...(ref ? { ref } : {}) };
      }
    } catch (error) {
      if (!(error instanceof CoreFault)) throw error;
      recover(error);
      return send(ws, { t: 'refused', ref, version, ...reason('core_fault') });
    }
    try {
      const bytes = table.store.append(entry, limits.journalBytes);
      if (entry.op === 'act') {
        table.fileBytes += actionBytes;
        table.heldBytes += heldInCore(bytes, 1);
      }
    } catch (error) {
      // Not on disk, so not made: the core goes back to where the table is on disk.
      const full = error instanceof JournalFull;
      if (!full) said(`table ${path.basename(table.store.dir)}: a step could not be written (${oneLine(error)}); it was not made`);
      unload(table);
      try {
        load(table);
      } catch (again) {
        if (again instanceof CoreFault) recover(again);
        else said(`table ${path.basename(table.store.dir)} cannot be read again: ${oneLine(again)}`);
      }
      return send(ws, { t: 'refused', ref, version: table.version, ...reason(full ? 'journal_full' : 'disk') });
    }
    // The step keeps its sender's ref, in the journal too: a phone whose connection dropped while
    // its step was on its way finds it among the steps its welcome brings, even after a restart.
    table.steps.push(entry);
    broadcast(table, { t: 'step', version: table.version, ...entry });
  }

  let closed = false;
  return {
    tables,
    core,
    // The session file of a table as the host holds it (tests and the benchmark compare phones to it).
    file: (id) => (tables.has(id) ? JSON.parse(core.file(load(tables.get(id)).handle)) : undefined),
    sweep,
    close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearInterval(sweeper);
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      for (const table of tables.values()) table.store.close();
      unlock();
    },
  };
}

class TableDamaged extends Error {}

// The host's own origin (its address as the page used it, http or https) or one named by
// --allow-origin.
function originAllowed(origin, hostHeader, allowed) {
  const given = originOf(origin);
  if (!given) return false;
  if (allowed.has(given)) return true;
  if (typeof hostHeader !== 'string') return false;
  return given === originOf(`http://${hostHeader}`) || given === originOf(`https://${hostHeader}`);
}

// What a table takes in the core's memory, measured (scripts/bench-tables.mjs is the place to
// measure it again): about twice its session file, and some 400 bytes a step (its checkpoints).
// A session of 2 MiB of notes took 4 MB; one of 50,000 short steps (1.1 MB) took 21 MB.
const heldInCore = (fileBytes, steps) => 2 * fileBytes + 512 * steps;

// A confirmed step applied again to a table's session (a restart, a phone's own copy).
export function replay(core, handle, entry) {
  if (entry.op === 'act') return core.apply(handle, JSON.stringify(entry.action)).ok === true;
  if (entry.op === 'undo') return core.undo(handle) === 1;
  if (entry.op === 'redo') return core.redo(handle) === 1;
  return false;
}
