// Where the bytes of the first visit go: every file of the site (the service worker precaches
// every file of dist/ on the first visit, so each counts once), raw and gzip as the published site
// serves it (scripts/precompress.mjs: zopfli), and the wasm split by component.
//
// Usage: node scripts/site-bytes.mjs <dist or published folder> [--names <wasm with a name section>] [--top N]
//
// The split: the code section by function, each function named by the wasm's name section. The
// release wasm has none, so a variant linked with --profiling-funcs (the target czary-app-names,
// build/wasm/czary-app-names.wasm, the default when it is there) gives the names; when its code
// section is byte for byte the release one's (names change nothing else), the split is exact
// for raw bytes. Data segments: the fonts (TrueType files found by their header and table
// directory), the embedded data/*.json, data/i18n/*.json and shaders/* (found by their exact
// bytes), the rest is "other static data" (strings and tables of every component). The gzip
// column of a component is an ESTIMATE: its bytes (concatenated function bodies, or data) are
// gzipped alone (zlib level 9), and those sizes are scaled so that they add up to the whole
// wasm's gzip size.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { COMPRESSIBLE, gzipFile } from './precompress.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const gz = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);

function usage(message) {
  if (message) console.error(message);
  console.error('usage: node scripts/site-bytes.mjs <dist> [--names <wasm with a name section>] [--top N]');
  process.exit(2);
}

const args = process.argv.slice(2);
let dist = null;
let namesFile = null;
let top = 0;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--names') namesFile = args[++i];
  else if (args[i] === '--top') top = Number(args[++i]);
  else if (args[i].startsWith('-')) usage('unknown option ' + args[i]);
  else dist = args[i];
}
if (!dist || !fs.existsSync(dist)) usage(dist ? dist + ': no such folder' : '');
if (!namesFile) {
  const guess = path.join(dist, '..', 'czary-app-names.wasm');
  if (fs.existsSync(guess)) namesFile = guess;
}
// The web build's folder: its generated/ holds the text files as compiled in.
const wasmDir = namesFile ? path.dirname(namesFile) : path.join(dist, '..');

// --- the wasm binary --------------------------------------------------------------------------
class Reader {
  constructor(buffer, pos = 0, end = buffer.length) { this.b = buffer; this.pos = pos; this.end = end; }
  byte() { return this.b[this.pos++]; }
  u32() {
    let result = 0; let shift = 0; let byte;
    do { byte = this.b[this.pos++]; result += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
    return result;
  }
  skipLeb() { while (this.b[this.pos++] & 0x80); }
  bytes(n) { const s = this.b.subarray(this.pos, this.pos + n); this.pos += n; return s; }
  name() { return this.bytes(this.u32()).toString('utf8'); }
  limits() { const flags = this.byte(); this.u32(); if (flags & 1) this.u32(); }
  // A constant expression (data segment offset): i32/i64.const, global.get, then end.
  sleb() {
    let result = 0; let shift = 0; let byte;
    do { byte = this.b[this.pos++]; result += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
    return shift < 32 && (byte & 0x40) ? result - 2 ** shift : result;
  }
  // Returns the i32.const value, if that is what it is.
  constExpr() {
    let value = null;
    for (;;) {
      const op = this.byte();
      if (op === 0x0b) return value;
      if (op === 0x41) value = this.sleb();
      else if (op === 0x42 || op === 0x23) this.skipLeb();
      else if (op === 0x43) this.pos += 4;
      else if (op === 0x44) this.pos += 8;
      else throw new Error('unexpected opcode 0x' + op.toString(16) + ' in a constant expression');
    }
  }
}

const SECTION_NAMES = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export',
  'start', 'element', 'code', 'data', 'datacount', 'tag'];

function parseWasm(buffer) {
  if (buffer.readUInt32LE(0) !== 0x6d736100) throw new Error('not a wasm file');
  const r = new Reader(buffer, 8);
  const sections = [];
  let importedFuncs = 0;
  const bodies = [];      // code section: [start, end) of each function body (its size field excluded)
  let codeSection = null;
  const segments = [];    // data section: [start, end) of each segment's bytes
  const names = new Map(); // function index -> name
  while (r.pos < buffer.length) {
    const id = r.byte();
    const size = r.u32();
    const start = r.pos;
    const end = start + size;
    let label = SECTION_NAMES[id] || 'id ' + id;
    const s = new Reader(buffer, start, end);
    if (id === 0) {
      const name = s.name();
      label = 'custom "' + name + '"';
      if (name === 'name') {
        while (s.pos < end) {
          const sub = s.byte();
          const subSize = s.u32();
          const subEnd = s.pos + subSize;
          if (sub === 1) {
            for (let n = s.u32(); n > 0; n--) { const index = s.u32(); names.set(index, s.name()); }
          }
          s.pos = subEnd;
        }
      }
    } else if (id === 2) {
      for (let n = s.u32(); n > 0; n--) {
        s.name(); s.name();
        const kind = s.byte();
        if (kind === 0) { s.u32(); importedFuncs++; }
        else if (kind === 1) { s.byte(); s.limits(); }
        else if (kind === 2) s.limits();
        else if (kind === 3) { s.byte(); s.byte(); }
        else if (kind === 4) { s.byte(); s.u32(); }
      }
    } else if (id === 10) {
      codeSection = [start, end];
      for (let n = s.u32(); n > 0; n--) {
        const bodySize = s.u32();
        bodies.push([s.pos, s.pos + bodySize]);
        s.pos += bodySize;
      }
    } else if (id === 11) {
      for (let n = s.u32(); n > 0; n--) {
        const flags = s.u32();
        if (flags === 2) s.u32();
        const address = flags !== 1 ? s.constExpr() : null;
        const length = s.u32();
        segments.push([s.pos, s.pos + length, address]);
        s.pos += length;
      }
    }
    sections.push({ id, label, start, end, size: end - start });
    r.pos = end;
  }
  return { buffer, sections, importedFuncs, bodies, codeSection, segments, names };
}

// --- components -------------------------------------------------------------------------------
// By the function's name (demangled by wasm-ld in the name section), first by its own qualified
// name (the part before its parameters): nlohmann's functions and std:: templates instantiated
// for nlohmann::json are json's, our namespaces ours (czary:: is the core; czary::app, the
// controller, czary::platform, czary::theme, czary::shaders the app; czary::store the store),
// the first of our namespaces named deciding for a std:: template instantiated for our types;
// then by the whole name. C functions: SDL2's, static ones included, are the symbols llvm-nm
// finds in the libSDL2.a the build linked (CZARY_SDL2_PREFIX in <dist>/../CMakeCache.txt), else
// by prefix; the web app's exported C functions (czary_*, main) are the app's. What no rule
// claims is the C/C++ runtime (libc, libc++, libc++abi, dlmalloc, emscripten).
const JSON_ = 'nlohmann/json';
const CORE = 'core (src/core, czary::)';
const STORE = 'store (src/store, czary::store)';
const APP = 'app (src/app, src/controller, src/platform)';
const IMGUI = 'Dear ImGui (+ stb_truetype, stb_textedit, backends)';
const SDL = 'SDL2';
const RUNTIME = 'libc, libc++, emscripten runtime';
const DATA_CODE = 'embedded data (czary::data, code)';

function librarySymbols(demangle) {  // -> [SDL2's symbols, Dear ImGui's (demangled)]
  const cache = path.join(dist, '..', 'CMakeCache.txt');
  const sets = [new Set(), new Set()];
  if (!fs.existsSync(cache)) return sets;
  const match = /^CZARY_SDL2_PREFIX:PATH=(.*)$/m.exec(fs.readFileSync(cache, 'utf8'));
  const libs = [match && path.join(match[1], 'lib', 'libSDL2.a'), path.join(dist, '..', 'libimgui.a')];
  libs.forEach((lib, i) => {
    if (!lib || !fs.existsSync(lib)) return;
    for (const nm of ['llvm-nm', 'llvm-nm-14', '/usr/lib/llvm-14/bin/llvm-nm']) {
      const out = spawnSync(nm, ['--defined-only', '--format=just-symbols', ...(i ? ['-C'] : []), lib], { encoding: 'utf8', maxBuffer: 1 << 26 });
      if (out.status === 0) { for (const line of out.stdout.split('\n')) if (line && !line.startsWith('std::')) sets[i].add(line); break; }
    }
  });
  return sets;
}
const [SDL_SYMBOLS, IMGUI_SYMBOLS] = librarySymbols();

// The name without its parameter list (and without a leading return type of a template).
function head(name) {
  let depth = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (c === '<') depth++;
    else if (c === '>') depth--;
    else if (c === '(' && depth === 0) {
      if (name.startsWith('(anonymous namespace)', i)) { i += 20; continue; }
      if (name.startsWith('decltype(', i - 8) || name.startsWith('operator()', i - 8)) {
        if (name.startsWith('operator()', i - 8)) { i += 1; continue; }
        let d = 0; for (; i < name.length; i++) { if (name[i] === '(') d++; else if (name[i] === ')' && --d === 0) break; }
        continue;
      }
      return name.slice(0, i);
    }
  }
  return name;
}

function ours(text) {
  const m = /czary::(?:(app|platform|theme|shaders|store|data)::)?/.exec(text);
  if (!m) return null;
  if (m[1] === 'store') return STORE;
  if (m[1] === 'data') return DATA_CODE;
  return m[1] ? APP : CORE;
}

function componentOf(name) {
  if (!name.includes('::') && !name.includes('(')) {  // a C function
    if (SDL_SYMBOLS.has(name) || /^SDL_|^Emscripten_|^SDL_EGL|^EGL_/.test(name)) return SDL;
    if (/^czary_|^main$/.test(name)) return APP;
    if (IMGUI_SYMBOLS.has(name)) return IMGUI;
    if (/^stb|^Im[A-Z]/.test(name)) return IMGUI;
    return RUNTIME;
  }
  for (const text of [head(name), name]) {
    if (text.includes('nlohmann')) return JSON_;
    const own = ours(text);
    if (own) return own;
    if (/\bImGui|\bIm[A-Z]|\bstb|STB_TEXTEDIT/.test(text)) return IMGUI;
    if (/\bSDL_/.test(text)) return SDL;
    if (text === name && IMGUI_SYMBOLS.has(name)) return IMGUI;
    if (/^qrcodegen::/.test(text)) return APP;  // the QR codes the app draws (qr-code-generator)
  }
  return RUNTIME;
}

// A TrueType/OpenType file at `at`: its length from the table directory, or 0.
function fontLength(b, at, limit) {
  const tag = b.readUInt32BE(at);
  if (tag !== 0x00010000 && tag !== 0x4f54544f) return 0;
  const numTables = b.readUInt16BE(at + 4);
  if (numTables < 4 || numTables > 64 || at + 12 + 16 * numTables > limit) return 0;
  let extent = 12 + 16 * numTables;
  for (let t = 0; t < numTables; t++) {
    const entry = at + 12 + 16 * t;
    for (let k = 0; k < 4; k++) { const c = b[entry + k]; if (c < 0x20 || c > 0x7e) return 0; }
    const offset = b.readUInt32BE(entry + 8);
    const length = b.readUInt32BE(entry + 12);
    extent = Math.max(extent, offset + length);
  }
  return at + extent <= limit ? extent : 0;
}

// As compiled in: the text files as scripts/embed_data.cmake leaves them beside its output.
function embeddedFiles() {
  const files = [];
  const add = (folder, label) => {
    const generated = path.join(wasmDir, 'generated', folder === 'data' ? 'embedded_data.cpp.files' : 'embedded_shaders.cpp.files');
    const dir = fs.existsSync(generated) ? generated : path.join(ROOT, folder);
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { recursive: true }).sort()) {
      const file = path.join(dir, entry);
      if (fs.statSync(file).isFile()) files.push({ label, name: path.join(folder, entry), bytes: fs.readFileSync(file) });
    }
  };
  add('data', 'embedded data (data/*.json, data/i18n)');
  add('shaders', 'embedded shaders (shaders/)');
  return files;
}

// Data segments split into fonts, embedded files, and the rest. wasm-opt cuts runs of zeros out
// of the segments, so a font or a file can span several: they are found in the memory image the
// active segments make, and each segment's bytes are attributed by their addresses.
function splitData(wasm) {
  const b = wasm.buffer;
  const placed = wasm.segments.filter(([, , address]) => address !== null);
  const size = placed.reduce((m, [start, end, address]) => Math.max(m, address + end - start), 0);
  const memory = Buffer.alloc(size);
  for (const [start, end, address] of placed) b.copy(memory, address, start, end);
  const found = []; // {label, start, end} in memory addresses
  for (const tag of [Buffer.from([0, 1, 0, 0]), Buffer.from('OTTO')]) {
    for (let at = memory.indexOf(tag); at >= 0 && at + 12 < size; at = memory.indexOf(tag, at + 1)) {
      const length = fontLength(memory, at, size);
      if (length) { found.push({ label: 'fonts (TrueType, embedded)', start: at, end: at + length }); at += length - 1; }
    }
  }
  for (const file of embeddedFiles()) {
    if (file.bytes.length < 64) continue;
    const at = memory.indexOf(file.bytes);
    if (at >= 0) found.push({ label: file.label, start: at, end: at + file.bytes.length });
  }
  found.sort((x, y) => x.start - y.start);
  const regions = [];
  const OTHER = 'other static data (strings, tables)';
  for (const [start, end, address] of wasm.segments) {
    if (address === null) { regions.push({ label: OTHER, start, end }); continue; }
    let pos = address;
    const last = address + end - start;
    for (const f of found) {
      const from = Math.max(f.start, pos);
      const to = Math.min(f.end, last);
      if (to <= from) continue;
      if (from > pos) regions.push({ label: OTHER, start: start + pos - address, end: start + from - address });
      regions.push({ label: f.label, start: start + from - address, end: start + to - address });
      pos = to;
    }
    if (pos < last) regions.push({ label: OTHER, start: start + pos - address, end });
  }
  return regions;
}

// --- the table --------------------------------------------------------------------------------
// A published folder (scripts/publish.sh) has a .gz and a .br beside each file: the same file,
// sent compressed; it is counted once, as the file.
const compressedCopy = (name) => /\.(gz|br)$/.test(name) && fs.existsSync(path.join(dist, name.slice(0, -3)));
const files = fs.readdirSync(dist).filter((f) => fs.statSync(path.join(dist, f)).isFile() && !compressedCopy(f)).sort();
const rows = files.map((name) => {
  const bytes = fs.readFileSync(path.join(dist, name));
  // As the server sends it: gzip for what compresses (publish.sh leaves a .gz beside it), the file
  // itself for the rest (the PNG icons are compressed already: no .gz is made for them).
  const sent = COMPRESSIBLE.has(path.extname(name)) ? gzipFile(path.join(dist, name)).length : bytes.length;
  return { name, raw: bytes.length, gzip: sent, bytes };
});
const total = rows.reduce((a, r) => ({ raw: a.raw + r.raw, gzip: a.gzip + r.gzip }), { raw: 0, gzip: 0 });

const pad = (s, n) => String(s).padEnd(n);
const num = (s, n) => String(s).padStart(n);
console.log(`First visit: every file of ${path.relative(process.cwd(), dist) || dist} (sw.js precaches each of them once)`);
console.log(pad('file', 28) + num('raw KB', 10) + num('gzip KB', 11) + num('share', 8));
for (const r of rows) console.log(pad(r.name, 28) + num(kb(r.raw), 10) + num(kb(r.gzip), 11) + num((100 * r.gzip / total.gzip).toFixed(1) + '%', 8));
console.log(pad('total', 28) + num(kb(total.raw), 10) + num(kb(total.gzip), 11) + '   (' + total.gzip + ' B gzip)');
const jsGzip = rows.filter((r) => r.name.endsWith('.js')).reduce((a, r) => a + r.gzip, 0);
console.log(pad('  of which .js', 28) + num('', 10) + num(kb(jsGzip), 11));

const wasmRow = rows.find((r) => r.name.endsWith('.wasm'));
if (wasmRow) {
  const release = parseWasm(wasmRow.bytes);
  let named = release;
  let exact = 0;
  if (release.names.size === 0) {
    if (!namesFile) {
      console.log('\n(no name section and no --names wasm: build the target czary-app-names for the split)');
      process.exit(0);
    }
    named = parseWasm(fs.readFileSync(namesFile));
    exact = named.codeSection[1] - named.codeSection[0] - (release.codeSection[1] - release.codeSection[0]);
  }
  const w = named;
  // Parts: each component's function bodies, the data regions, and the rest of the binary.
  const parts = new Map();
  const part = (label) => { if (!parts.has(label)) parts.set(label, { label, raw: 0, chunks: [], funcs: [], count: 0 }); return parts.get(label); };
  w.bodies.forEach(([start, end], i) => {
    const name = w.names.get(w.importedFuncs + i) || '(unnamed ' + (w.importedFuncs + i) + ')';
    const p = part(componentOf(name));
    p.raw += end - start;
    p.count++;
    p.chunks.push(w.buffer.subarray(start, end));
    if (top) p.funcs.push([end - start, name]);
  });
  for (const region of splitData(w)) {
    const p = part(region.label);
    p.raw += region.end - region.start;
    p.chunks.push(w.buffer.subarray(region.start, region.end));
  }
  // Everything outside function bodies and data bytes: the other sections, the size fields.
  const rest = part('wasm structure (types, imports, exports, tables, size fields)');
  let covered = 0;
  for (const p of parts.values()) covered += p.raw;
  const nameSection = w.sections.filter((s) => s.label === 'custom "name"').reduce((a, s) => a + s.size + 6, 0);
  rest.raw = w.buffer.length - covered - nameSection;
  {
    const inner = new Set();
    for (const s of w.sections) if (s.id === 10 || s.id === 11 || s.label === 'custom "name"') inner.add(s);
    for (const s of w.sections) if (!inner.has(s)) rest.chunks.push(w.buffer.subarray(s.start, s.end));
  }
  for (const p of parts.values()) p.gzipAlone = p.chunks.length ? gz(Buffer.concat(p.chunks)) : 0;
  const sumAlone = [...parts.values()].reduce((a, p) => a + p.gzipAlone, 0);
  const scale = wasmRow.gzip / sumAlone;

  console.log(`\n${wasmRow.name} by component: ${kb(wasmRow.raw)} KB raw, ${kb(wasmRow.gzip)} KB gzip`);
  if (named !== release) {
    console.log(`  names from ${path.relative(process.cwd(), namesFile)} (--profiling-funcs): ` +
      `code section ${named.codeSection[1] - named.codeSection[0]} B, the release wasm's ${exact >= 0 ? exact : -exact} B ${exact >= 0 ? 'smaller' : 'larger'}: the same functions, call indices aside; the split is the variant's`);
  }
  console.log('  gzip (est.): each part gzipped alone, scaled by ' + scale.toFixed(3) + ' so the parts add up to the wasm\'s gzip size');
  console.log('  ' + pad('component', 58) + num('funcs', 6) + num('raw KB', 9) + num('gzip KB', 9) + num('share', 8));
  const sorted = [...parts.values()].sort((x, y) => y.gzipAlone - x.gzipAlone);
  for (const p of sorted) {
    const est = p.gzipAlone * scale;
    console.log('  ' + pad(p.label, 58) + num(p.count || '', 6) +
      num(kb(p.raw), 9) + num(kb(est), 9) + num((100 * est / wasmRow.gzip).toFixed(1) + '%', 8));
  }
  console.log('  ' + pad('code section functions (defined) / imported', 58) + num(w.bodies.length, 6) + '  / ' + w.importedFuncs);
  console.log(pad('glue (.js files, not in the wasm)', 60) + num(kb(jsGzip), 17) + ' KB gzip');
  if (top) {
    for (const p of sorted) {
      if (!p.funcs.length) continue;
      console.log(`\n  largest in ${p.label}:`);
      for (const [size, name] of p.funcs.sort((x, y) => y[0] - x[0] || (x[1] < y[1] ? -1 : 1)).slice(0, top)) console.log('    ' + num(size, 7) + '  ' + name.slice(0, 150));
    }
  }
}
