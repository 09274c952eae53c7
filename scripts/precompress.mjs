// Leaves a gzip (.gz, level 9) and a Brotli (.br, quality 11) copy beside every file of a site
// folder that compresses (scripts/publish.sh): a static host, or scripts/static-server.mjs, sends
// one of them to a browser that accepts it, with the file's own type and Content-Encoding.
// Usage: node scripts/precompress.mjs <folder>
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.wasm', '.css', '.svg', '.json', '.webmanifest', '.ttf', '.data', '.txt']);

export function precompress(folder) {
  const made = [];
  for (const name of fs.readdirSync(folder, { recursive: true })) {
    const file = path.join(folder, name);
    if (!fs.statSync(file).isFile() || !COMPRESSIBLE.has(path.extname(file))) continue;
    const body = fs.readFileSync(file);
    const gz = zlib.gzipSync(body, { level: 9 });
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
