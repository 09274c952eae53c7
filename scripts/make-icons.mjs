// Draws the app's icon (web/icon.svg: a gold star with a violet centre on a dark rounded
// square) as the PNG files a web app manifest needs, with no image tools installed.
// Usage: node scripts/make-icons.mjs <output folder> [sizes...]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';

const STAR = [[32, 6], [38, 26], [58, 26], [42, 38], [48, 58], [32, 46], [16, 58], [22, 38], [6, 26], [26, 26]];
const BACKGROUND = [0x1a, 0x17, 0x1f];
const GOLD = [0xe8, 0xb6, 0x4a];
const VIOLET = [0x6a, 0x2f, 0xb3];

function insidePolygon(x, y, points) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedSquare(x, y) {
  const r = 12;
  const cx = Math.min(Math.max(x, r), 64 - r);
  const cy = Math.min(Math.max(y, r), 64 - r);
  return x >= 0 && y >= 0 && x <= 64 && y <= 64 && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

// The colour and coverage at a point of the 64x64 design.
function sample(x, y) {
  if ((x - 32) ** 2 + (y - 33) ** 2 <= 36) return [VIOLET, 1];
  if (insidePolygon(x, y, STAR)) return [GOLD, 1];
  if (insideRoundedSquare(x, y)) return [BACKGROUND, 1];
  return [BACKGROUND, 0];
}

function render(size) {
  const grid = 4;  // 4x4 samples per pixel smooth the edges
  const rows = [];
  for (let py = 0; py < size; ++py) {
    const row = Buffer.alloc(1 + size * 4);  // filter byte 0, then RGBA
    for (let px = 0; px < size; ++px) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < grid; ++sy) {
        for (let sx = 0; sx < grid; ++sx) {
          const [colour, coverage] = sample(((px + (sx + 0.5) / grid) * 64) / size, ((py + (sy + 0.5) / grid) * 64) / size);
          r += colour[0] * coverage; g += colour[1] * coverage; b += colour[2] * coverage; a += coverage;
        }
      }
      const o = 1 + px * 4;
      if (a > 0) {
        row[o] = Math.round(r / a); row[o + 1] = Math.round(g / a); row[o + 2] = Math.round(b / a);
      }
      row[o + 3] = Math.round((255 * a) / (grid * grid));
    }
    rows.push(row);
  }
  return png(size, size, zlib.deflateSync(Buffer.concat(rows), { level: 9 }));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
function png(width, height, compressed) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);  // 8 bits, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header),
                        chunk('IDAT', compressed), chunk('IEND', Buffer.alloc(0))]);
}

const [outDir, ...sizes] = process.argv.slice(2);
if (!outDir) {
  console.error('usage: node scripts/make-icons.mjs <output folder> [sizes...]');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });
// Every visit's service worker keeps the icons, so the first visit loads them: zopflipng (Debian's
// zopfli, installed by scripts/setup.sh) writes them a third smaller (192: 2.3 -> 1.6 KB, 512:
// 6.5 -> 4.1 KB; PNG is sent as it is, not gzipped). Without it they stay as drawn.
let warned = false;
for (const size of (sizes.length ? sizes : ['192', '512']).map(Number)) {
  const file = path.join(outDir, `icon-${size}.png`);
  fs.writeFileSync(file, render(size));
  const smaller = spawnSync('zopflipng', ['-y', '-m', file, file], { encoding: 'utf8' });
  if (smaller.status !== 0 && !warned) {
    console.error('make-icons: zopflipng is not installed (bash scripts/setup.sh installs zopfli); the icons as drawn');
    warned = true;
  }
}
