// A small static file server for the built site: right MIME types (.wasm as application/wasm),
// no caching surprises, loopback only. Used by scripts/serve.sh and by the browser tests.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

export function startServer(root, port = 0, host = '127.0.0.1') {
  const base = path.resolve(root);
  // What was sent, by path: full bodies and "not modified" answers (tests count them).
  const served = new Map();
  const count = (urlPath, kind) => {
    const entry = served.get(urlPath) ?? { bodies: 0, notModified: 0 };
    entry[kind] += 1;
    served.set(urlPath, entry);
  };
  const server = http.createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    let file = path.join(base, urlPath.endsWith('/') ? urlPath + 'index.html' : urlPath);
    if (!file.startsWith(base + path.sep) && file !== base) {
      response.writeHead(403).end();
      return;
    }
    fs.stat(file, (statError, stat) => {
      if (statError || !stat.isFile()) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      // Validators, so that a browser (and the service worker's precache, which revalidates)
      // can confirm its copy with a 304 instead of downloading the file again.
      const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      const headers = {
        'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
        ETag: etag,
        'Last-Modified': stat.mtime.toUTCString(),
      };
      if (request.headers['if-none-match'] === etag) {
        count(urlPath, 'notModified');
        response.writeHead(304, headers).end();
        return;
      }
      fs.readFile(file, (error, body) => {
        if (error) {
          response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
          return;
        }
        count(urlPath, 'bodies');
        response.writeHead(200, { ...headers, 'Content-Length': body.length });
        response.end(body);
      });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve({ server, served, url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${server.address().port}/` }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [root, port = '8080'] = process.argv.slice(2);
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`usage: node static-server.mjs SITE_DIR [PORT]  (no index.html in '${root}')`);
    process.exit(2);
  }
  try {
    const { url } = await startServer(root, Number(port));
    console.log(`Czary: ${url}  (Ctrl-C stops)`);
  } catch (error) {
    console.error(`cannot serve on port ${port}: ${error.message}`);
    process.exit(1);
  }
  process.on('SIGINT', () => process.exit(0));
}
