// A small static file server for the built site: right MIME types (.wasm as application/wasm),
// no caching surprises, loopback only unless asked (--lan). Used by scripts/serve.sh and by the
// browser tests.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTableHost } from '../src/host/table-host.mjs';
import { oneLine, originOf } from '../src/host/untrusted.mjs';
import { CRASHED, answerClientErrors, guarded, lastResort, sayingOnce, stoppedNotice, targetPath } from '../src/host/http-guard.mjs';
import { COMPRESSIBLE } from './precompress.mjs';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.data': 'application/octet-stream',
};

// The encodings a browser's Accept-Encoding takes (one with q=0 it refuses).
function encodingsTaken(accepted = '') {
  const takes = new Set();
  for (const part of accepted.split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) takes.add(name);
  }
  return takes;
}

// The copy of `file` to send to a browser that takes the encodings `takes`: {file, encoding} of
// its .br or .gz beside it (not older than the file), or null. tests/browser/bench-web.mjs counts
// the bytes a browser is sent by it.
export function compressedCopy(file, stat, takes) {
  for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']]) {
    if (!takes.has(encoding)) continue;
    try {
      const copy = fs.statSync(file + suffix);
      if (copy.isFile() && copy.mtimeMs >= stat.mtimeMs) return { file: file + suffix, encoding };
    } catch { /* no such copy */ }
  }
  return null;
}

// Says a line on stderr, at most once every 10 seconds for the same kind of line (its first word
// or two), so that a flood of failing requests cannot fill the terminal.
const logOnce = sayingOnce((line) => console.error(`Czary server: ${line}`));

// `prefix` mounts the site under a sub-path ('/czary/'), as a static host serving it from a
// folder would: only paths under it are files of the site, the prefix without its slash is
// redirected to it, anything else is a 404 and is listed in `outside` (tests check that the app
// asks for nothing there).
// `gzip`: a file that compresses and has no copy beside it is sent gzipped all the same, made
// once per version of the file and kept in memory. scripts/serve.sh serves the build's dist/,
// which has no copies (publish.sh makes them): without this, every phone at a live table would
// download the whole uncompressed wasm (1.3 MB instead of about 0.5) over the table's Wi-Fi.
export function startServer(root, port = 0, host = '127.0.0.1', { prefix = '/', gzip = false } = {}) {
  const base = path.resolve(root);
  const gzipped = new Map();  // file -> { version, body: Promise<Buffer> }
  const gzipOf = (file, stat) => {
    const version = `${stat.size}-${stat.mtimeMs}`;
    let made = gzipped.get(file);
    if (!made || made.version !== version) {
      const body = fs.promises.readFile(file).then((raw) => new Promise((resolve, reject) =>
        zlib.gzip(raw, { level: 9 }, (error, out) => (error ? reject(error) : resolve(out)))));
      made = { version, body };
      gzipped.set(file, made);
      body.catch(() => gzipped.delete(file));  // a failed read is tried again next time
    }
    return made.body;
  };
  if (!prefix.startsWith('/') || !prefix.endsWith('/')) throw new Error(`prefix '${prefix}' must begin and end with '/'`);
  // What was sent, by path: full bodies and "not modified" answers (tests count them).
  const served = new Map();
  const outside = [];
  const count = (urlPath, kind) => {
    const entry = served.get(urlPath) ?? { bodies: 0, notModified: 0 };
    entry[kind] += 1;
    served.set(urlPath, entry);
  };
  const plain = (response, status, text) => response.writeHead(status, { 'Content-Type': 'text/plain' }).end(text);
  const handle = async (request, response) => {
    // A target that cannot be decoded or holds a NUL (src/host/http-guard.mjs) is answered 400;
    // nothing a client sends may throw out of a handler (issue 47: one request took down the site
    // and every live table).
    const fullPath = targetPath(request.url ?? '');
    if (fullPath === null) {
      response.setHeader('Connection', 'close');
      plain(response, 400, 'bad request');
      return;
    }
    if (!fullPath.startsWith(prefix)) {
      if (outside.length < 1000) outside.push(fullPath);
      if (fullPath + '/' === prefix) response.writeHead(301, { Location: prefix }).end();
      else plain(response, 404, 'not found');
      return;
    }
    const urlPath = fullPath.slice(prefix.length - 1);
    const file = path.join(base, urlPath.endsWith('/') ? urlPath + 'index.html' : urlPath);
    if (!file.startsWith(base + path.sep) && file !== base) {
      response.writeHead(403).end();
      return;
    }
    let stat;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      stat = null;
    }
    if (!stat || !stat.isFile()) {
      plain(response, 404, 'not found');
      return;
    }
    // A compressed copy beside the file (scripts/precompress.mjs, left by publish.sh) goes to a
    // browser that accepts it, Brotli first; one older than the file is stale and not used.
    const takes = encodingsTaken(request.headers['accept-encoding']);
    const copy = compressedCopy(file, stat, takes) ??
      (gzip && takes.has('gzip') && COMPRESSIBLE.has(path.extname(file)) ? { file: null, encoding: 'gzip' } : null);
    // Validators, so that a browser (and the service worker's precache, which revalidates)
    // can confirm its copy with a 304 instead of downloading the file again; each encoding
    // is a representation of its own.
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${copy ? `-${copy.encoding}` : ''}"`;
    const headers = {
      'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
      ETag: etag,
      'Last-Modified': stat.mtime.toUTCString(),
      ...(COMPRESSIBLE.has(path.extname(file)) ? { Vary: 'Accept-Encoding' } : {}),
      ...(copy ? { 'Content-Encoding': copy.encoding } : {}),
    };
    if (request.headers['if-none-match'] === etag) {
      count(urlPath, 'notModified');
      response.writeHead(304, headers).end();
      return;
    }
    let body;
    try {
      body = await (copy && !copy.file ? gzipOf(file, stat) : fs.promises.readFile(copy ? copy.file : file));
    } catch {
      plain(response, 404, 'not found');
      return;
    }
    count(urlPath, 'bodies');
    response.writeHead(200, { ...headers, 'Content-Length': body.length });
    response.end(body);
  };
  // An error nobody foresaw fails its request alone (a 500, the connection closed after it), and
  // malformed HTTP is answered 4xx (src/host/http-guard.mjs, shared with the table service); the
  // terminal gets one line.
  const server = answerClientErrors(http.createServer(guarded(handle, logOnce)));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      // Once listening, an error of the server's own (accepting a connection with no file
      // descriptor left, EMFILE) is said and survived: the next connection is accepted again.
      server.on('error', (error) => logOnce(`server: ${oneLine(error)}`));
      const shown = host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host;
      resolve({ server, served, outside, url: `http://${shown}:${server.address().port}${prefix}` });
    });
  });
}

// The IPv4 addresses other devices on the network can reach this computer at (not loopback).
export function lanAddresses() {
  return Object.values(os.networkInterfaces()).flat()
    .filter((a) => a && (a.family === 'IPv4' || a.family === 4) && !a.internal)
    .map((a) => a.address);
}

// What --lan prints: each address's URL with a QR code of it (Debian's qrencode, when installed),
// and why offline install needs HTTPS, in English and Polish.
export function lanNotice(urls) {
  const lines = [];
  if (urls.length === 0) {
    lines.push('No network address found: is this computer on the Wi-Fi?',
      'Nie znaleziono adresu w sieci: czy ten komputer jest w sieci Wi-Fi?');
  }
  for (const url of urls) {
    lines.push(`On a phone on the same Wi-Fi / Na telefonie w tej samej sieci Wi-Fi: ${url}`);
    const qr = spawnSync('qrencode', ['-t', 'ANSIUTF8', url], { encoding: 'utf8' });
    if (qr.status === 0) lines.push(qr.stdout.trimEnd());
    else lines.push('(no QR code: qrencode is not installed; scripts/setup.sh installs it)');
  }
  lines.push('',
    'Offline use needs HTTPS: browsers do not run service workers on a plain http:// LAN address,',
    'so over this address the app works only while this computer serves it and cannot be installed',
    'for offline use. For that, publish it on an HTTPS host (README: "Put Czary on your phones").',
    'Praca bez sieci wymaga HTTPS: przeglądarki nie uruchamiają service workera pod zwykłym adresem',
    'http:// w sieci lokalnej, więc pod tym adresem aplikacja działa tylko, dopóki ten komputer ją',
    'serwuje, i nie da się jej zainstalować do pracy bez sieci. Do tego opublikuj ją na serwerze z HTTPS',
    '(README: "Put Czary on your phones").');
  return lines.join('\n');
}

const USAGE = 'usage: node static-server.mjs SITE_DIR [PORT] [--lan] [--prefix=/sub/path/] [--addresses=A,B]\n' +
  '       [--table-core=DIR (build/wasm/host: host live tables)] [--tables=DIR (where tables are kept)]\n' +
  '       [--allow-origin=ORIGIN (repeatable: another origin whose pages may join a live table)]\n' +
  '       [--table-days=N (a table no phone joined for N days is archived; default the host\'s)]';

// The exit status (70) and the one line in each language of a server stopped by an error nobody
// caught (src/host/http-guard.mjs; scripts/keep-serving.sh starts it again).
export { CRASHED, stoppedNotice };

// What the terminal says about live tables, in English and Polish.
export function tableNotice(tables) {
  return [
    `Live tables: on a phone open Sessions -> Live table -> Open this table to others (${tables} open, kept in the tables folder).`,
    `Stół na żywo: na telefonie otwórz Sesje -> Stół na żywo -> Otwórz ten stół dla innych (otwartych: ${tables}).`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // The last resort: an error no handler caught stops the server with one line in the terminal
  // and a non-zero status, and scripts/keep-serving.sh (serve.sh) starts it again. Installed
  // first, so that it runs before any listener the core's glue adds.
  lastResort();
  process.on('SIGINT', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  const options = process.argv.slice(2).filter((a) => a.startsWith('--'));
  const [root, port = '8080'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const option = (name) => options.find((o) => o === `--${name}` || o.startsWith(`--${name}=`))?.replace(/^[^=]*=?/, '');
  const every = (name) => options.filter((o) => o.startsWith(`--${name}=`)).map((o) => o.slice(name.length + 3));
  const unknown = options.filter((o) => !/^--(lan|prefix=.+|addresses=.*|table-core=.+|tables=.+|allow-origin=.+|table-days=.+)$/.test(o) ||
    (o.startsWith('--allow-origin=') && originOf(o.slice('--allow-origin='.length)) === null) ||
    (o.startsWith('--table-days=') && !/^[1-9]\d*$/.test(o.slice('--table-days='.length))));
  if (unknown.length || !/^\d+$/.test(port)) {
    console.error(`${USAGE}\n(not understood: ${[...unknown, ...(/^\d+$/.test(port) ? [] : [port])].join(' ')})`);
    process.exit(2);
  }
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`${USAGE}  (no index.html in '${root}')`);
    process.exit(2);
  }
  const lan = option('lan') !== undefined;
  const prefix = option('prefix') ?? '/';
  const allowOrigins = every('allow-origin').map(originOf);
  const tableDays = option('table-days') === undefined ? undefined : Number(option('table-days'));
  try {
    // --lan: every interface, so that phones on the Wi-Fi reach it; otherwise loopback only.
    const { server, url } = await startServer(root, Number(port), lan ? '0.0.0.0' : '127.0.0.1', { prefix, gzip: true });
    const { address, port: bound } = server.address();
    console.log(`Czary: ${url}  (listening on ${address}:${bound}; Ctrl-C stops)`);
    // Live tables (docs/table-protocol.md) on the same port, at PREFIX/table; loopback only
    // unless --lan, like the site.
    const coreDir = option('table-core');
    if (coreDir !== undefined) {
      const home = process.env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share');
      const dataDir = option('tables') ?? path.join(home, 'czary', 'tables');
      try {
        const host = await startTableHost({
          server, dataDir, coreDir, path: `${prefix}table`, allowOrigins, tableDays,
          log: (line) => console.log(`table host: ${line}`),
        });
        console.log(tableNotice(host?.tables?.size ?? 0));
      } catch (error) {
        // The site is served all the same; only live tables are off (the core is not built,
        // another host keeps its tables in that folder...), and the terminal says why, one line
        // in each language.
        const why = oneLine(error);
        console.log(`Live tables are off: ${why}\nStoły na żywo są wyłączone: ${why}`);
      }
    }
    if (lan) {
      // --addresses=A,B replaces the addresses found (the tests use loopback ones).
      const given = option('addresses');
      const addresses = given !== undefined ? given.split(',').filter(Boolean) : lanAddresses();
      console.log(lanNotice(addresses.map((a) => `http://${a}:${bound}${prefix}`)));
    }
  } catch (error) {
    console.error(`cannot serve on port ${port}: ${oneLine(error)}`);
    process.exit(1);
  }
}
