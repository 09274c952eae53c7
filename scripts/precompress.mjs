// Leaves a gzip (.gz) and a Brotli (.br, quality 11) copy beside every file of a site folder that
// compresses (scripts/publish.sh): a static host, or scripts/static-server.mjs, sends one of them
// to a browser that accepts it, with the file's own type and Content-Encoding.
// Usage: node scripts/precompress.mjs <folder>
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';

export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.wasm', '.css', '.svg', '.json', '.webmanifest', '.ttf', '.data', '.txt']);

// A file's gzip as the site serves it. Zopfli (Debian's zopfli, installed by scripts/setup.sh)
// writes gzip that every browser reads, about 5% smaller than zlib's level 9 (the app's wasm:
// 513,130 -> 487,096 bytes), once per publish; without it, level 9.
let warned = false;
export function gzipFile(file) {
  const zopfli = spawnSync('zopfli', ['--gzip', '-c', file], { maxBuffer: 1 << 30 });
  if (zopfli.status === 0) return zopfli.stdout;
  if (!warned) {
    console.error('precompress: zopfli is not installed (bash scripts/setup.sh installs it); gzip level 9 instead');
    warned = true;
  }
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 });
}

export function precompress(folder) {
  const made = [];
  for (const name of fs.readdirSync(folder, { recursive: true })) {
    const file = path.join(folder, name);
    if (!fs.statSync(file).isFile() || !COMPRESSIBLE.has(path.extname(file))) continue;
    const body = fs.readFileSync(file);
    const gz = gzipFile(file);
    const br = zlib.brotliCompressSync(body, { params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_MODE]: path.extname(file) === '.wasm' ? zlib.constants.BROTLI_MODE_GENERIC : zlib.constants.BROTLI_MODE_TEXT,
    } });
    fs.writeFileSync(`${file}.gz`, gz);
    fs.writeFileSync(`${file}.br`, br);
    made.push({ file: name, bytes: body.length, gz: gz.length, br: br.length });
  }
  return made;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2];
  if (!folder || !fs.existsSync(folder)) {
    console.error('usage: node scripts/precompress.mjs <folder>');
    process.exit(2);
  }
  const made = precompress(folder);
  const kb = (n) => (n / 1024).toFixed(1);
  const sum = (key) => made.reduce((total, entry) => total + entry[key], 0);
  console.log(`precompress: ${made.length} files, ${kb(sum('bytes'))} KB -> gzip ${kb(sum('gz'))} KB, brotli ${kb(sum('br'))} KB`);
}
