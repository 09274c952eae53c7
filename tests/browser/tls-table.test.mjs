// Issue 49 for real over TLS: the installed app reaches a table service on the internet. Caddy
// (Debian's package) terminates TLS with its own local CA in front of the table service on
// loopback (src/host/host.mjs, as docs/deploy.md runs it); the app is published with that service
// (scripts/page-config.mjs, as publish.sh --table-server does) and served over HTTPS from a second
// origin, with its service worker in control, as an installed app is. Two Chromium phones (which
// trust Caddy's CA through their own NSS database) open and join a table over wss://, play 20
// steps, and one goes offline and comes back; Firefox and WebKit (their drivers accept the CA's
// certificates) each join and take a step. Runs on an X display of its own, as engines.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, WAIT, openApp, started, saveScreenshot, tableOf as table, sessionOf as session,
  joinedAt as joined } from './harness.mjs';
import { controlled } from './pwa-helpers.mjs';
import { openEngine, ENGINE_NAMES } from './engines.mjs';
import { bakePageConfig } from '../../scripts/page-config.mjs';
import { startTlsTable } from '../tls/caddy.mjs';

let tls, browser, home, siteDir;
before(async () => {
  // The published copy of the site: its page names the service.
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-tls-site-'));
  tls = await startTlsTable({ siteDir, prepareSite: (serviceUrl) => {
    fs.cpSync(process.env.CZARY_WEB_DIST, siteDir, { recursive: true });
    const index = path.join(siteDir, 'index.html');
    fs.writeFileSync(index, bakePageConfig(fs.readFileSync(index, 'utf8'), { tableServer: serviceUrl }));
  } });
  // Chromium trusts Caddy's CA as a phone trusts a real one: its NSS database, under a HOME of its own.
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-tls-home-'));
  const nss = path.join(home, '.pki', 'nssdb');
  fs.mkdirSync(nss, { recursive: true });
  for (const args of [['-N', '--empty-password'], ['-A', '-t', 'C,,', '-n', 'caddy-local', '-i', tls.caRootPath]]) {
    const made = spawnSync('certutil', ['-d', `sql:${nss}`, ...args], { encoding: 'utf8' });
    assert.equal(made.status, 0, `certutil ${args.join(' ')}: ${made.stderr}`);
  }
  browser = await chromium.launch({ executablePath: process.env.CZARY_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS,
    env: { ...process.env, HOME: home } });
});
after(async () => {
  await browser?.close();
  await tls?.close();
  for (const dir of [home, siteDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// A phone of the installed app: the site opened, its worker in control of the page.
async function installedPhone() {
  const phone = await openApp({ browser, url: tls.siteUrl }, 'phoneFlat');
  await controlled(phone.page);
  await phone.page.reload();  // the app now comes from the worker, as from an icon on the home screen
  await started(phone.page);
  assert.ok(await phone.page.evaluate(() => navigator.serviceWorker.controller !== null));
  return phone;
}

test('two installed phones over wss://: a table opened and joined at the service, 20 steps, one offline and back; every copy the same', async () => {
  const ania = await installedPhone();
  const bartek = await installedPhone();
  await ania.page.evaluate(() => window.czary.dispatch({ type: 'add_hero', hero: 'larraka' }));
  await ania.page.evaluate(() => window.czary.openTable('Łucja'));
  await joined(ania);
  const opened = await table(ania);
  assert.equal(opened.service, tls.serviceUrl, 'opened at the site\'s service');
  assert.equal(opened.link_url, `${tls.siteUrl}#t=${opened.id}`, 'the site\'s own service: the link needs no "@"');

  // Bartek opens the link (a camera's scan), gives his name once, and joins.
  await bartek.page.goto(opened.link_url);
  await bartek.page.waitForFunction(() => window.czary?.ready && window.czary.layout()['live:invited'], null, WAIT);
  await bartek.page.evaluate((id) => window.czary.joinTable(id, 'Żaneta'), opened.id);
  await joined(bartek);
  assert.equal((await table(bartek)).service, tls.serviceUrl);

  const heroes = ['gilith', 'curvenol', 'lord_dil', 'gislan'];
  const phones = [ania, bartek];
  for (let i = 0; i < 20; i += 1) {
    const phone = phones[i % 2];
    const action = i < heroes.length ? { type: 'add_hero', hero: heroes[i] } : { type: 'roll_dice', code: '2K6', purpose: 'tray' };
    assert.equal((await phone.page.evaluate((a) => window.czary.dispatch(a), action)).ok, true);
    await joined(phone);
  }
  // Every step at every phone: the table's version is 20 on both (the last one's own came back to it).
  const version = 20;
  await joined(ania, version);
  await joined(bartek, version);
  assert.deepEqual(await session(bartek), await session(ania));
  await saveScreenshot(bartek.page, 'tls-table-phone');

  // Bartek's phone loses the network: the app says so; Ania goes on; Bartek comes back and catches up.
  await bartek.context.setOffline(true);
  await bartek.page.waitForFunction(() => window.czary.table().link !== 'joined', null, WAIT);
  for (let i = 0; i < 3; i += 1) {
    assert.equal((await ania.page.evaluate(() => window.czary.dispatch({ type: 'roll_dice', code: '1K6', purpose: 'tray' }))).ok, true);
    await joined(ania);
  }
  await bartek.context.setOffline(false);
  await joined(bartek, version + 3);
  assert.deepEqual(await session(bartek), await session(ania));
  assert.deepEqual([...ania.errors, ...bartek.errors], []);
  tls.tableId = opened.id;
  await ania.context.close();
  await bartek.context.close();
});

for (const name of ENGINE_NAMES.filter((engine) => engine !== 'chromium')) {
  test(`${name} joins the table over wss:// and takes a step`, async () => {
    assert.ok(tls.tableId, 'the Chromium phones opened a table first');
    const phone = await openEngine(name, undefined, { acceptInsecureCerts: true });
    try {
      await phone.goto(tls.siteUrl);
      await phone.evaluate(() => new Promise((resolve) => {
        const ready = () => (window.czary?.ready && window.czary.status().frames > 3 ? resolve(true) : setTimeout(ready, 50));
        ready();
      }));
      await phone.evaluate((id) => window.czary.joinTable(id, 'Ścibor'), tls.tableId);
      const at = await phone.evaluate(() => new Promise((resolve) => {
        const joinedNow = () => (window.czary.table()?.link === 'joined' ? resolve(window.czary.table()) : setTimeout(joinedNow, 50));
        joinedNow();
      }));
      assert.equal(at.service.startsWith('wss://'), true);
      const version = at.version;
      assert.equal((await phone.evaluate(() => window.czary.dispatch({ type: 'roll_dice', code: '1K6', purpose: 'tray' }))).ok, true);
      const after = await phone.evaluate((v) => new Promise((resolve) => {
        const step = () => { const t = window.czary.table(); return t.version > v && !t.sending ? resolve(t) : setTimeout(step, 50); };
        step();
      }), version);
      assert.equal(after.version, version + 1);
      assert.deepEqual(await phone.errors(), []);
    } finally {
      await phone.close();
    }
  });
}
