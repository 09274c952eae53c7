// One table on the host's disk (docs/table-protocol.md, "On the host's disk"): a folder named by
// the hash of the table's id (nothing a phone sends names a file), holding
//   start.json     the session the table was opened with, as the phone sent it, and its id;
//   table.json     {id, opening, lastJoined}: read at start without reading the session;
//   journal.jsonl  one line per confirmed step, appended and fdatasync'ed before it is sent;
//   journal.rest-*.jsonl  lines set aside: never deleted (see setAside).
// Everything is read, measured and cut in bytes (a Polish letter is two bytes and one UTF-16
// unit: counting one and cutting the other lost confirmed steps). Symlinks are refused: a link
// planted in the folder would otherwise have its target read, truncated or appended to.
import { isUtf8 } from 'node:buffer';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const READ = fs.constants.O_RDONLY | NOFOLLOW;
const APPEND = fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | NOFOLLOW;
const WRITE_NEW = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | NOFOLLOW;

export const isTableId = (id) => typeof id === 'string' && /^[0-9a-f]{32}$/.test(id);
export const folderName = (id) => crypto.createHash('sha256').update(id).digest('hex').slice(0, 32);
export const isFolderName = (name) => /^[0-9a-f]{32}$/.test(name);

export class JournalFull extends Error {}

// Writing through `io` (fs by default): the tests put a disk that fills up in its place.
export class TableStore {
  constructor(dir, io = fs) {
    this.dir = dir;
    this.io = io;
    this.journal = path.join(dir, 'journal.jsonl');
    this.fd = null;
    this.size = 0;           // bytes of the journal: its whole lines
    this.broken = null;      // why no step can be written (a failed write could not be taken back)
  }

  // The folder itself must be a folder, not a link to one.
  check() {
    const stat = fs.lstatSync(this.dir);
    if (stat.isSymbolicLink() || !stat.isDirectory()) throw new Error('it is a symbolic link or not a folder');
  }

  create(id, sessionText, opening) {
    fs.mkdirSync(this.dir);
    const opened = opening ? `,"opening":${JSON.stringify(opening)}` : '';
    // The session as the phone sent it (its text, joined in as it is): it reopens within the
    // limits it was accepted under. The core's own writing of it may be longer.
    writeSynced(path.join(this.dir, 'start.json'), `{"format":"czary-table","id":${JSON.stringify(id)}${opened},"session":${sessionText}}`);
    this.writeMeta({ id, ...(opening ? { opening } : {}), lastJoined: Date.now() });
    writeSynced(this.journal, '');
    syncFolder(this.dir);
    syncFolder(path.dirname(this.dir));
    this.openForAppend();
  }

  writeMeta(meta) {
    const file = path.join(this.dir, 'table.json');
    writeSynced(`${file}.new`, JSON.stringify(meta));
    fs.renameSync(`${file}.new`, file);
  }

  // {id, opening, lastJoined}; a folder written before table.json existed gets one.
  readMeta() {
    try {
      const meta = JSON.parse(readText(path.join(this.dir, 'table.json')));
      if (isTableId(meta.id)) return meta;
    } catch { /* none yet, or damaged: from start.json */ }
    const start = this.readStart();
    const meta = { id: start.id, ...(isTableId(start.opening) ? { opening: start.opening } : {}),
      lastJoined: Math.floor(fs.statSync(path.join(this.dir, 'start.json')).mtimeMs) };
    try {
      this.writeMeta(meta);
    } catch { /* a read-only folder: read from start.json each time */ }
    return meta;
  }

  // {id, opening, sessionText}: the session as text, to hand to the core.
  readStart() {
    const start = JSON.parse(readText(path.join(this.dir, 'start.json')));
    if (!start || !isTableId(start.id) || !start.session || typeof start.session !== 'object') throw new Error('start.json is not a table\'s');
    return { id: start.id, opening: start.opening, sessionText: JSON.stringify(start.session) };
  }

  // The journal's steps in order, with the byte where each begins. Reading stops at the first
  // line that is not a whole step: `stop` is {at (byte), line (1-based), kind: 'torn' | 'damaged'}.
  // A last line without its newline was being written when the host died: never confirmed.
  readJournal() {
    let bytes;
    try {
      bytes = readBytes(this.journal);
    } catch (error) {
      if (error.code === 'ENOENT') bytes = Buffer.alloc(0);
      else throw error;
    }
    const entries = [];
    const offsets = [];
    let at = 0;
    let stop = null;
    while (at < bytes.length) {
      const end = bytes.indexOf(10, at);
      if (end === -1) {
        stop = { at, line: entries.length + 1, kind: 'torn' };
        break;
      }
      const entry = parseStep(bytes.subarray(at, end));
      if (!entry) {
        stop = { at, line: entries.length + 1, kind: 'damaged' };
        break;
      }
      entries.push(entry);
      offsets.push(at);
      at = end + 1;
    }
    return { entries, offsets, end: at, length: bytes.length, stop };
  }

  // Moves the journal's bytes from `at` on into a side file beside it (synced), and cuts the
  // journal there: what a damaged line or a step the core refuses hides is kept, never cut away,
  // for whoever looks (the right build may accept it). Returns the side file's name.
  setAside(at, length) {
    const fd = fs.openSync(this.journal, fs.constants.O_RDWR | NOFOLLOW);
    try {
      const rest = Buffer.alloc(length - at);
      readAll(fd, rest, at);
      const name = `journal.rest-${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(3).toString('hex')}.jsonl`;
      writeSynced(path.join(this.dir, name), rest);
      fs.ftruncateSync(fd, at);
      fs.fdatasyncSync(fd);
      syncFolder(this.dir);
      return name;
    } finally {
      fs.closeSync(fd);
    }
  }

  openForAppend() {
    this.close();
    this.fd = fs.openSync(this.journal, APPEND, 0o644);
    this.size = fs.fstatSync(this.fd).size;
  }

  // One step, whole or not at all: a short write (a full disk) or an error is taken back by
  // cutting the journal to where it was, before the phone is told `disk`. Past `limit` bytes the
  // step is not written (JournalFull).
  append(entry, limit = Infinity) {
    if (this.broken) throw new Error(this.broken);
    if (this.fd === null) throw new Error('the journal is not open for writing');
    const line = Buffer.from(`${JSON.stringify(entry)}\n`);
    if (this.size + line.length > limit) throw new JournalFull();
    let written = 0;
    try {
      while (written < line.length) {
        const n = this.io.writeSync(this.fd, line, written, line.length - written);
        if (!(n > 0)) throw Object.assign(new Error('the disk took no more bytes'), { code: 'ENOSPC' });
        written += n;
      }
      this.io.fdatasyncSync(this.fd);
    } catch (error) {
      try {
        fs.ftruncateSync(this.fd, this.size);
        fs.fdatasyncSync(this.fd);
      } catch (cut) {
        this.broken = `a half-written step could not be taken back (${cut.message})`;
      }
      throw error;
    }
    this.size += line.length;
    return line.length;
  }

  close() {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }
}

// A journal line: one step of a known kind, in well-formed UTF-8 (a line the disk damaged may
// still parse as JSON once its bytes were replaced).
function parseStep(bytes) {
  if (!isUtf8(bytes)) return null;
  const text = bytes.toString('utf8');
  let entry;
  try {
    entry = JSON.parse(text);
  } catch {
    return null;
  }
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return null;
  if (entry.op === 'act') return entry.action && typeof entry.action === 'object' && !Array.isArray(entry.action) ? entry : null;
  return entry.op === 'undo' || entry.op === 'redo' ? entry : null;
}

function readBytes(file) {
  const fd = fs.openSync(file, READ);
  try {
    const size = fs.fstatSync(fd).size;
    const bytes = Buffer.alloc(size);
    readAll(fd, bytes, 0);
    return bytes;
  } finally {
    fs.closeSync(fd);
  }
}

const readText = (file) => readBytes(file).toString('utf8');

function readAll(fd, buffer, position) {
  let done = 0;
  while (done < buffer.length) {
    const n = fs.readSync(fd, buffer, done, buffer.length - done, position + done);
    if (n === 0) throw new Error('the file ended early');
    done += n;
  }
}

export function writeSynced(file, content) {
  const fd = fs.openSync(file, WRITE_NEW, 0o644);
  try {
    const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
    let done = 0;
    while (done < bytes.length) {
      const n = fs.writeSync(fd, bytes, done, bytes.length - done);
      if (!(n > 0)) throw Object.assign(new Error('the disk took no more bytes'), { code: 'ENOSPC' });
      done += n;
    }
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export function syncFolder(dir) {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

// The tables folder's lock: one host per folder. host.lock holds the pid of the host that keeps
// it (and a random part, so that only the host that took it removes it); a lock whose process is gone (a host killed with -9) is taken over.
const held = new Set();
export function lockFolder(dataDir) {
  const file = path.join(dataDir, 'host.lock');
  const key = fs.realpathSync(dataDir);
  if (held.has(key)) throw new Error(`another table host in this process keeps its tables in ${dataDir}`);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | NOFOLLOW, 0o644);
      const mine = `${process.pid} ${crypto.randomBytes(8).toString('hex')}\n`;
      fs.writeSync(fd, mine);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      held.add(key);
      return () => {
        held.delete(key);
        try {
          if (readText(file) === mine) fs.unlinkSync(file);
        } catch { /* gone already */ }
      };
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let pid = NaN;
    try {
      pid = Number(readText(file).split(' ')[0].trim());
    } catch { /* a damaged lock: taken over */ }
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
      throw new Error(`another table host (process ${pid}) keeps its tables in ${dataDir}`);
    }
    fs.rmSync(file, { force: true });
  }
  throw new Error(`the lock of ${dataDir} could not be taken`);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
