// The live table's host (docs/table-protocol.md): phones join a table over a WebSocket; the host
// orders their actions, asks the rules core (the same C++ the phones run, as wasm under Node)
// whether each is accepted, writes it to disk and only then sends it to every phone of the table.
// One process serves many tables; each table is independent.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { WebSocketServer } from 'ws';

export const PROTOCOL = 1;

// Each limit closes only the connection that passes it, with a reason; nothing else is harmed.
export const DEFAULT_LIMITS = {
  maxFrameBytes: 64 * 1024,           // one frame, but an "open" (a whole session)
  maxOpenBytes: 2 * 1024 * 1024 + 64 * 1024,  // a session file (2 MiB, json_input.hpp) and its frame
  framesPerSecond: 20,                // a phone's frames, on average over burstFrames
  burstFrames: 40,
  phonesPerTable: 12,
  tables: 200,                        // tables a host holds
  connections: 1000,                  // open WebSockets, joined or not
  helloSeconds: 10,                   // to say hello before the host closes the connection
  pingSeconds: 5,                     // a phone silent for 3 pings (15 s) is taken for gone
  playerNameChars: 40,
};

// Why a connection is closed or a frame refused, in both languages (the phone shows its own).
const REASONS = {
  other_build: ['Ten telefon ma inną wersję Czarów niż stół. Zaktualizuj aplikację (odśwież stronę).',
    'This phone has another version of Czary than the table. Update the app (reload the page).'],
  other_protocol: ['Ten telefon mówi innym protokołem niż stół. Zaktualizuj aplikację (odśwież stronę).',
    'This phone speaks another protocol than the table. Update the app (reload the page).'],
  no_table: ['Nie ma takiego stołu na tym komputerze.', 'There is no such table on this computer.'],
  table_full: ['Przy tym stole jest już komplet telefonów.', 'This table already has all the phones it takes.'],
  host_full: ['Ten komputer prowadzi już tyle stołów, ile może.', 'This computer already hosts as many tables as it can.'],
  too_many_connections: ['Ten komputer ma już za dużo połączeń.', 'This computer has too many connections.'],
  too_large: ['Wiadomość jest za duża.', 'The message is too large.'],
  too_fast: ['Za dużo wiadomości naraz.', 'Too many messages at once.'],
  bad_frame: ['Niezrozumiała wiadomość.', 'A message that could not be understood.'],
  bad_session: ['Tej sesji nie da się otworzyć jako stołu.', 'This session cannot be opened as a table.'],
  bad_name: ['Podaj imię gracza (do 40 znaków).', 'Give a player name (up to 40 characters).'],
  no_hello: ['Telefon się nie przedstawił.', 'The phone did not introduce itself.'],
  silent: ['Telefon przestał odpowiadać.', 'The phone stopped answering.'],
  stale: ['Ktoś był pierwszy: stół zmienił się, zanim to dotarło.', 'Somebody was first: the table changed before this arrived.'],
  nothing_to_undo: ['Nie ma czego cofnąć.', 'There is nothing to undo.'],
  nothing_to_redo: ['Nie ma czego przywrócić.', 'There is nothing to redo.'],
  disk: ['Stół nie może zapisać kroku na dysku; krok nie został wykonany.', 'The table cannot write the step to disk; it was not made.'],
};
const reason = (code, extra = {}) => ({ code, pl: REASONS[code][0], en: REASONS[code][1], ...extra });

// The rules core as wasm (build/wasm/host/czary-table-core.{cjs,wasm}, the CMake target
// czary-table-core). The .wasm is handed over as bytes: no fetch, no paths from elsewhere.
export async function loadTableCore(dir) {
  const require = createRequire(import.meta.url);
  const create = require(path.resolve(dir, 'czary-table-core.cjs'));
  const module = await create({ wasmBinary: fs.readFileSync(path.resolve(dir, 'czary-table-core.wasm')) });
  const json = (name, args = []) => {
    const fn = module.cwrap(name, 'string', args);
    return (...values) => JSON.parse(fn(...values));
  };
  return {
    versions: json('table_core_versions')(),
    open: json('table_open', ['string']),
    apply: json('table_apply', ['number', 'string']),
    undo: module.cwrap('table_undo', 'number', ['number']),
    redo: module.cwrap('table_redo', 'number', ['number']),
    where: json('table_where', ['number']),
    file: module.cwrap('table_file', 'string', ['number']),
    close: module.cwrap('table_close', null, ['number']),
  };
}

export const isTableId = (id) => typeof id === 'string' && /^[0-9a-f]{32}$/.test(id);

// A player's name as the phone gives it: trimmed, no control characters, 1-40 characters.
export function playerName(name, max = DEFAULT_LIMITS.playerNameChars) {
  if (typeof name !== 'string') return null;
  const clean = name.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '').trim();
  const chars = [...clean];
  return chars.length >= 1 && chars.length <= max ? clean : null;
}

// One table on disk: a folder named by the hash of its id (the id is the table's key and never a
// file name; nothing a phone sends names a file), holding start.json (the session it was opened
// with, and its id) and journal.jsonl (one line per confirmed step, each fsynced before it is sent).
class TableStore {
  static folderOf(root, id) {
    return path.join(root, crypto.createHash('sha256').update(id).digest('hex').slice(0, 32));
  }

  constructor(dir) {
    this.dir = dir;
    this.journal = path.join(this.dir, 'journal.jsonl');
    this.fd = null;
  }

  create(id, session, opening) {
    fs.mkdirSync(this.dir, { recursive: true });
    const start = path.join(this.dir, 'start.json');
    const temporary = `${start}.new`;
    writeSynced(temporary, JSON.stringify({ format: 'czary-table', id, ...(opening ? { opening } : {}), session }));
    fs.renameSync(temporary, start);
    writeSynced(this.journal, '');
    syncFolder(this.dir);
    syncFolder(path.dirname(this.dir));
    this.fd = fs.openSync(this.journal, 'a');
  }

  append(entry) {
    fs.writeSync(this.fd, JSON.stringify(entry) + '\n');
    fs.fdatasyncSync(this.fd);
  }

  // The confirmed steps of a table written before; a last line torn by a crash (never confirmed to
  // anyone: it was not yet synced) is cut off.
  read() {
    const start = JSON.parse(fs.readFileSync(path.join(this.dir, 'start.json'), 'utf8'));
    const text = fs.existsSync(this.journal) ? fs.readFileSync(this.journal, 'utf8') : '';
    const entries = [];
    let good = 0;
    for (const line of text.split('\n')) {
      if (good + line.length >= text.length) break;  // the last piece: no newline after it
      try {
        entries.push(JSON.parse(line));
      } catch {
        break;
      }
      good += line.length + 1;
    }
    return { start, entries, good, torn: good < text.length };
  }

  reopen(good) {
    this.fd = fs.openSync(this.journal, 'r+');
    fs.ftruncateSync(this.fd, good);
    fs.fdatasyncSync(this.fd);
    fs.closeSync(this.fd);
    this.fd = fs.openSync(this.journal, 'a');
  }

  close() {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }
}

function writeSynced(file, text) {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function syncFolder(dir) {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

// A table: its session in the core, its steps in order (the journal, kept for phones catching
// up), its phones. `version` counts the steps (actions, undos, redos) confirmed since it opened: a
// phone prepares an action at a version and it is taken only at that version.
class Table {
  constructor(id, handle, store) {
    this.id = id;
    this.handle = handle;
    this.store = store;
    this.steps = [];
    this.phones = new Set();
  }

  get version() {
    return this.steps.length;
  }
}

export async function startTableHost({ server, dataDir, coreDir, path: tablePath = '/table', limits: given = {}, log = () => {} }) {
  const limits = { ...DEFAULT_LIMITS, ...given };
  const core = await loadTableCore(coreDir);
  const tables = new Map();
  // An "open" sent again (its connection dropped before the welcome came back) finds the table it
  // made the first time, by the phone's opening key: one table, never two.
  const openings = new Map();  // opening key -> table id
  fs.mkdirSync(dataDir, { recursive: true });

  // Every table written before comes back with every confirmed step (a host killed with -9 too).
  for (const name of fs.readdirSync(dataDir)) {
    if (!/^[0-9a-f]{32}$/.test(name)) continue;
    try {
      const store = new TableStore(path.join(dataDir, name));
      const { start, entries, good, torn } = store.read();
      if (!isTableId(start.id) || TableStore.folderOf(dataDir, start.id) !== store.dir) continue;
      const opened = core.open(JSON.stringify(start.session));
      if (opened.error) {
        log(`table ${name}: its session no longer opens (${opened.error}); left as it is`);
        continue;
      }
      const table = new Table(start.id, opened.table, store);
      let kept = 0;
      for (const entry of entries) {
        if (!replay(core, table.handle, entry)) {
          log(`table ${name}: step ${kept + 1} is no longer accepted; the table resumes before it`);
          break;
        }
        table.steps.push(entry);
        kept += 1;
      }
      const keptBytes = kept === entries.length ? good : byteLength(entries.slice(0, kept));
      store.reopen(keptBytes);
      if (torn) log(`table ${name}: a step torn by a crash (never confirmed) was cut off`);
      tables.set(table.id, table);
      if (isTableId(start.opening)) openings.set(start.opening, table.id);
    } catch (error) {
      log(`table folder ${name} could not be read (${error.message}); left as it is`);
    }
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxOpenBytes, perMessageDeflate: false });
  let connections = 0;
  const onUpgrade = (request, socket, head) => {
    const { pathname } = new URL(request.url, 'http://x');
    if (pathname !== tablePath) {  // the live table's address only; nothing else upgrades
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (connections >= limits.connections) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  server.on('upgrade', onUpgrade);
  wss.on('connection', (ws) => {
    connections += 1;
    ws.on('close', () => { connections -= 1; });
    serve(ws);
  });

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
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  }

  function closeWith(ws, why) {
    send(ws, { t: 'error', ...why });
    if (ws.readyState === ws.OPEN) ws.close(4000, why.code);
  }

  function roster(table) {
    return { t: 'phones', phones: table.phones.size, players: [...table.phones].map((p) => p.player) };
  }

  function broadcast(table, message) {
    const text = JSON.stringify(message);
    for (const phone of table.phones) if (phone.ws.readyState === phone.ws.OPEN) phone.ws.send(text);
  }

  function join(ws, table, player, since) {
    if (table.phones.size >= limits.phonesPerTable) return closeWith(ws, reason('table_full'));
    const phone = { ws, player, table };
    ws.phone = phone;
    table.phones.add(phone);
    // What the phone missed: the steps after the version it has, or the whole session when it has
    // none of this table (or a version the table never had).
    const catchUp = Number.isInteger(since) && since >= 0 && since <= table.version
      ? { from: since, steps: table.steps.slice(since) }
      : { session: JSON.parse(core.file(table.handle)) };
    send(ws, { t: 'welcome', table: table.id, version: table.version, ...catchUp });
    broadcast(table, roster(table));
  }

  function serve(ws) {
    ws.missedPings = 0;
    ws.on('pong', () => { ws.missedPings = 0; });
    let tokens = limits.burstFrames;
    let refilled = Date.now();
    const helloTimer = setTimeout(() => { if (!ws.phone) closeWith(ws, reason('no_hello')); }, limits.helloSeconds * 1000);
    helloTimer.unref();
    ws.on('close', () => {
      clearTimeout(helloTimer);
      const phone = ws.phone;
      if (phone && phone.table.phones.delete(phone)) broadcast(phone.table, roster(phone.table));
    });
    ws.on('error', () => {});  // a frame past maxPayload: ws closes the connection with 1009 itself
    ws.on('message', (data, isBinary) => {
      ws.missedPings = 0;
      const now = Date.now();
      tokens = Math.min(limits.burstFrames, tokens + ((now - refilled) / 1000) * limits.framesPerSecond);
      refilled = now;
      if (tokens < 1) return closeWith(ws, reason('too_fast'));
      tokens -= 1;
      if (isBinary) return closeWith(ws, reason('bad_frame'));
      if (data.length > limits.maxFrameBytes && !(ws.phone === undefined && data.length <= limits.maxOpenBytes)) return closeWith(ws, reason('too_large'));
      let message;
      try {
        message = JSON.parse(data.toString('utf8'));
      } catch {
        return closeWith(ws, reason('bad_frame'));
      }
      if (!message || typeof message !== 'object' || Array.isArray(message) || typeof message.t !== 'string') return closeWith(ws, reason('bad_frame'));
      try {
        handle(ws, message, data.length);
      } catch (error) {
        log(`a frame could not be handled (${error.message}); its connection is closed`);
        closeWith(ws, reason('bad_frame'));
      }
    });
  }

  function handle(ws, message, bytes) {
    if (message.t === 'ping') return send(ws, { t: 'pong' });
    if (!ws.phone) {
      if (message.t !== 'hello' && message.t !== 'open') return closeWith(ws, reason('bad_frame'));
      if (message.protocol !== PROTOCOL) return closeWith(ws, reason('other_protocol', { protocol: PROTOCOL }));
      if (message.core !== core.versions.core) return closeWith(ws, reason('other_build', { core: core.versions.core }));
      const player = playerName(message.player, limits.playerNameChars);
      if (!player) return closeWith(ws, reason('bad_name'));
      if (message.t === 'hello') {
        const table = isTableId(message.table) ? tables.get(message.table) : undefined;
        if (!table) return closeWith(ws, reason('no_table'));
        return join(ws, table, player, message.since);
      }
      return open(ws, message.session, player, isTableId(message.opening) ? message.opening : undefined);
    }
    if (bytes > limits.maxFrameBytes) return closeWith(ws, reason('too_large'));
    const table = ws.phone.table;
    if (message.t === 'act' || message.t === 'undo' || message.t === 'redo') {
      const ref = typeof message.ref === 'string' && message.ref.length <= 64 ? message.ref : undefined;
      if (!Number.isInteger(message.v)) return closeWith(ws, reason('bad_frame'));
      if (message.v !== table.version) {
        // Somebody was first: say who, with what, and the version to prepare at again.
        const first = table.steps[Math.max(0, Math.min(message.v, table.version - 1))];
        return send(ws, { t: 'refused', ref, version: table.version, ...reason('stale'), first });
      }
      return step(ws, table, message, ref);
    }
    return closeWith(ws, reason('bad_frame'));
  }

  function open(ws, session, player, opening) {
    const made = opening && tables.get(openings.get(opening));
    if (made) {
      send(ws, { t: 'opened', table: made.id });
      return join(ws, made, player, undefined);
    }
    if (tables.size >= limits.tables) return closeWith(ws, reason('host_full'));
    if (!session || typeof session !== 'object' || Array.isArray(session)) return closeWith(ws, reason('bad_session'));
    let opened;
    try {
      opened = core.open(JSON.stringify(session));
    } catch (error) {  // too deep even to be written out again
      opened = { error: error.message };
    }
    if (opened.error) return closeWith(ws, reason('bad_session', { detail: opened.error }));
    const id = crypto.randomBytes(16).toString('hex');
    const store = new TableStore(TableStore.folderOf(dataDir, id));
    try {
      // What is written is the session as the core reads it back, not the phone's bytes.
      store.create(id, JSON.parse(core.file(opened.table)), opening);
    } catch (error) {
      core.close(opened.table);
      log(`a table could not be written (${error.message})`);
      return closeWith(ws, reason('disk'));
    }
    const table = new Table(id, opened.table, store);
    tables.set(id, table);
    if (opening) openings.set(opening, id);
    log(`table opened by ${player} (${tables.size} on this host)`);
    send(ws, { t: 'opened', table: id });
    join(ws, table, player, undefined);  // the session as the table holds it, for the phone's copy
  }

  // One step at the head of the table: the rules first, then the disk, then every phone.
  function step(ws, table, message, ref) {
    const player = ws.phone.player;
    let entry;
    if (message.t === 'act') {
      if (!message.action || typeof message.action !== 'object' || Array.isArray(message.action)) return closeWith(ws, reason('bad_frame'));
      // The host writes who acted ("player", beside the action's own fields; the rules read no
      // such field and the file keeps it); whatever the phone put there is replaced.
      const action = { ...message.action, player };
      const result = core.apply(table.handle, JSON.stringify(action));
      if (!result.ok) return send(ws, { t: 'refused', ref, version: table.version, code: 'rules', refusal: result.refusal });
      entry = { op: 'act', player, action };
    } else {
      const done = message.t === 'undo' ? core.undo(table.handle) : core.redo(table.handle);
      if (!done) return send(ws, { t: 'refused', ref, version: table.version, ...reason(message.t === 'undo' ? 'nothing_to_undo' : 'nothing_to_redo') });
      entry = { op: message.t, player };
    }
    try {
      table.store.append(entry);
    } catch (error) {
      // Not on disk, so not made: the core goes back to where the table is on disk.
      log(`table step could not be written (${error.message})`);
      rebuild(table);
      return send(ws, { t: 'refused', ref, version: table.version, ...reason('disk') });
    }
    table.steps.push(entry);
    broadcast(table, { t: 'step', version: table.version, ref, ...entry });
  }

  function rebuild(table) {
    const { start } = table.store.read();
    core.close(table.handle);
    table.handle = core.open(JSON.stringify(start.session)).table;
    for (const entry of table.steps) replay(core, table.handle, entry);
  }

  return {
    tables,
    core,
    // The session file of a table as the host holds it (tests and the benchmark compare phones to it).
    file: (id) => (tables.has(id) ? JSON.parse(core.file(tables.get(id).handle)) : undefined),
    close() {
      clearInterval(heartbeat);
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      for (const table of tables.values()) table.store.close();
    },
  };
}

// A confirmed step applied again to a table's session (a restart, a phone's own copy).
export function replay(core, handle, entry) {
  if (entry.op === 'act') return core.apply(handle, JSON.stringify(entry.action)).ok === true;
  if (entry.op === 'undo') return core.undo(handle) === 1;
  if (entry.op === 'redo') return core.redo(handle) === 1;
  return false;
}

function byteLength(entries) {
  return entries.reduce((sum, entry) => sum + Buffer.byteLength(JSON.stringify(entry)) + 1, 0);
}
