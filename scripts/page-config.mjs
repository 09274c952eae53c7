// The site's own settings baked into a published copy (scripts/publish.sh --table-server=URL):
// index.html carries `<script type="application/json" id="page-config">{}</script>` (web/index.html;
// web/glue.js reads it), here given {"tableServer": "wss://…"}, the live tables' service this copy of
// the app uses by default (docs/deploy.md). The service worker lists the site's files under a build
// id that is a hash of them all (scripts/make-service-worker.cmake), so it is made again over the
// changed page: a phone that had the copy before sees an update, and the worker never serves the
// old page under the new id.
// Usage: node scripts/page-config.mjs --table-server=URL [SITE_DIR]
//   Without SITE_DIR it only checks the URL. A wrong URL: the reason and exit 2.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BLOCK = /(<script type="application\/json" id="page-config">)([\s\S]*?)(<\/script>)/g;

// A table service's address as the app is given it: wss:// (a page from https:// may open no
// plain ws://), a host, an optional port and path; no user, query or fragment. Returns the URL as
// written by the URL parser (host in lower case, no default port), or throws why not.
export function tableServerUrl(text) {
  const why = `'${text}' is not a table service's address: give wss://HOST[:PORT][/PATH], such as wss://tables.example.org/table`;
  if (typeof text !== 'string' || !/^wss:\/\/[^/?#@\s\\]+(\/[^?#\s\\]*)?$/i.test(text)) throw new Error(why);
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new Error(why);
  }
  if (url.protocol !== 'wss:' || !url.hostname || url.username || url.password || url.search || url.hash) throw new Error(why);
  return url.href;
}

// index.html's text with `settings` merged into its page-config block (which must be there, once).
// The JSON is written so that no `<` can end the script element early.
export function bakePageConfig(html, settings) {
  const blocks = [...html.matchAll(BLOCK)];
  if (blocks.length !== 1) throw new Error(`index.html has ${blocks.length} page-config blocks, not one (web/index.html: <script type="application/json" id="page-config">)`);
  const [, open, text, close] = blocks[0];
  const config = { ...JSON.parse(text || '{}'), ...settings };
  const json = JSON.stringify(config).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return html.replace(BLOCK, () => `${open}${json}${close}`);
}

// The page-config block of a site's index.html, as the page reads it.
export function pageConfigOf(html) {
  const blocks = [...html.matchAll(BLOCK)];
  return blocks.length === 1 ? JSON.parse(blocks[0][2] || '{}') : null;
}

// Bakes `settings` into the site folder `dir` (a copy of the build's dist/, before its .gz and .br
// copies are made) and makes its service worker again over the changed page.
export function bakeSite(dir, settings) {
  const page = path.join(dir, 'index.html');
  fs.writeFileSync(page, bakePageConfig(fs.readFileSync(page, 'utf8'), settings));
  const made = spawnSync('cmake', [`-DDIST=${path.resolve(dir)}`, `-DTEMPLATE=${path.join(ROOT, 'web/pwa/sw.js.in')}`,
    '-P', path.join(ROOT, 'scripts/make-service-worker.cmake')], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`the service worker could not be made again: ${made.error?.message ?? made.stderr}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const given = args.filter((a) => a.startsWith('--table-server=')).map((a) => a.slice('--table-server='.length));
  const dirs = args.filter((a) => !a.startsWith('--'));
  if (given.length !== 1 || dirs.length > 1 || args.length !== given.length + dirs.length) {
    console.error('usage: node scripts/page-config.mjs --table-server=wss://HOST[:PORT][/PATH] [SITE_DIR]');
    process.exit(2);
  }
  let tableServer;
  try {
    tableServer = tableServerUrl(given[0]);
  } catch (error) {
    console.error(`publish: --table-server: ${error.message}`);
    process.exit(2);
  }
  if (dirs.length) {
    try {
      bakeSite(dirs[0], { tableServer });
    } catch (error) {
      console.error(`publish: ${error.message}`);
      process.exit(1);
    }
    console.log(`publish: the app's table service is ${tableServer} (index.html's page-config; the service worker made again)`);
  }
}
