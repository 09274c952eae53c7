// Issue 49: the table service behind a reverse proxy (Caddy on the same machine, docs/deploy.md).
// Every connection then comes from the proxy's loopback address, so the host's limits per client
// address (40 connections, 10 new tables a minute, docs/table-protocol.md) would hold every phone
// of every table together. With trustProxy (host.mjs --trust-proxy) the client's address is the
// right-most entry of X-Forwarded-For, the one the proxy appended, and only when the connection
// comes from loopback. Here the phones connect to the host directly and carry the header a proxy
// would add; tests/host/service.test.mjs goes through a real Caddy.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { clientAddress, loadTableCore } from '../../src/host/table-host.mjs';
import WebSocket from '../../src/host/node_modules/ws/wrapper.mjs';
import { CORE_DIR, startHost } from './fixture.mjs';
import { Phone, fightSession } from './phone.mjs';

let core;
before(async () => {
  core = await loadTableCore(CORE_DIR);
});

// Small limits, so that a few phones reach them: 3 connections and 1 new table a minute per address.
const LIMITS = { connectionsPerAddress: 3, opensPerMinute: 1 };
const through = (forwardedFor) => ({ headers: { 'X-Forwarded-For': forwardedFor } });
const phone = (url, player, forwardedFor) => new Phone({ url, core, player, wsOptions: through(forwardedFor) });

// The HTTP status the host answers an upgrade with (101: a WebSocket).
function upgradeStatus(url, options) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, options);
    ws.on('upgrade', () => { resolve(101); ws.terminate(); });
    ws.on('unexpected-response', (request, response) => { resolve(response.statusCode); request.destroy(); });
    ws.on('error', () => resolve(0));
  });
}

// A table opened from `forwardedFor` and joined by two more phones from there.
async function tableOf(url, forwardedFor, name) {
  const phones = [1, 2, 3].map((n) => phone(url, `${name} ${n}`, forwardedFor));
  const id = await phones[0].open(fightSession());
  for (const p of phones.slice(1)) await p.join(id);
  return { id, phones };
}

test('clientAddress: the right-most X-Forwarded-For entry, only with trustProxy and only from a loopback peer', () => {
  const request = (peer, header) => ({ socket: { remoteAddress: peer }, headers: header === undefined ? {} : { 'x-forwarded-for': header } });
  const cases = [
    // [peer, header, trustProxy, the client's address]
    ['127.0.0.1', '203.0.113.7', true, '203.0.113.7'],
    ['127.0.0.1', '198.51.100.1, 203.0.113.7', true, '203.0.113.7'],   // what the proxy appended is last
    ['127.0.0.1', '203.0.113.7,2001:DB8::5', true, '2001:db8::5'],
    ['127.0.0.9', ' 203.0.113.7 ', true, '203.0.113.7'],               // all of 127/8 is loopback
    ['::1', '203.0.113.7', true, '203.0.113.7'],
    ['::ffff:127.0.0.1', '203.0.113.7', true, '203.0.113.7'],
    ['127.0.0.1', '203.0.113.7', false, '127.0.0.1'],                  // not behind a proxy: never believed
    ['192.168.1.20', '203.0.113.7', true, '192.168.1.20'],             // a peer that is no proxy of this machine
    ['::ffff:10.0.0.1', '203.0.113.7', true, '::ffff:10.0.0.1'],
    ['127.0.0.1', undefined, true, '127.0.0.1'],                       // no header: the peer
    ['127.0.0.1', '', true, '127.0.0.1'],
    ['127.0.0.1', 'not-an-address', true, '127.0.0.1'],                // malformed: the peer
    ['127.0.0.1', '203.0.113.7, ', true, '127.0.0.1'],
    ['127.0.0.1', '203.0.113.7:4242', true, '127.0.0.1'],
    ['127.0.0.1', '203.0.113.7, unknown', true, '127.0.0.1'],
    ['127.0.0.1', '[2001:db8::5]', true, '127.0.0.1'],
  ];
  for (const [peer, header, trustProxy, expected] of cases) {
    assert.equal(clientAddress(request(peer, header), trustProxy), expected, `${peer} ${JSON.stringify(header)} ${trustProxy}`);
  }
  assert.equal(clientAddress({ socket: {}, headers: {} }, true), '?', 'a socket already gone');
});

test('with trustProxy, phones that all connect from the proxy\'s address are counted by the address the proxy forwards', async () => {
  const { url, stop } = await startHost({ limits: LIMITS, trustProxy: true });
  // Three tables of three phones: nine connections and three new tables from 127.0.0.1, each
  // address within its own limits.
  const tables = [];
  for (const [address, name] of [['203.0.113.7', 'Ania'], ['198.51.100.2', 'Bartek'], ['2001:db8::5', 'Celina']]) {
    tables.push(await tableOf(url, address, name));
  }
  assert.equal(new Set(tables.map((t) => t.id)).size, 3);
  for (const { phones } of tables) for (const p of phones) assert.equal(p.version, 0);
  // The first address's fourth connection passes its limit; so does one whose right-most entry
  // names it, whatever the client put to its left.
  assert.equal(await upgradeStatus(url, through('203.0.113.7')), 503);
  assert.equal(await upgradeStatus(url, through('192.0.2.1, 203.0.113.7')), 503);
  // An address of its own opens one table, not two (its right-most entry counts, not the left).
  const dario = phone(url, 'Dario', '203.0.113.7, 192.0.2.1');
  await dario.open(fightSession());
  const again = phone(url, 'Dario', '192.0.2.1');
  await assert.rejects(again.open(fightSession()), (error) => error.reason?.code === 'too_many_tables');
  // A header that is no address counts as the proxy's own: one table from there, not two.
  await phone(url, 'Ela', 'garbage').open(fightSession());
  await assert.rejects(phone(url, 'Franek', '203.0.113.7:4242').open(fightSession()), (error) => error.reason?.code === 'too_many_tables');
  for (const { phones } of tables) for (const p of phones) p.close();
  dario.close();
  stop();
});

test('without trustProxy the header is not believed: the limits hold the connection\'s own address', async () => {
  const connections = await startHost({ limits: LIMITS });
  const first = await tableOf(connections.url, '203.0.113.7', 'Ania');
  // Another address in the header changes nothing: 127.0.0.1 has its 3 connections.
  assert.equal(await upgradeStatus(connections.url, through('198.51.100.2')), 503);
  for (const p of first.phones) p.close();
  connections.stop();
  // Nor for new tables: 127.0.0.1 opened its one this minute.
  const opens = await startHost({ limits: LIMITS });
  const ania = phone(opens.url, 'Ania', '203.0.113.7');
  await ania.open(fightSession());
  await assert.rejects(phone(opens.url, 'Bartek', '198.51.100.2').open(fightSession()), (error) => error.reason?.code === 'too_many_tables');
  ania.close();
  opens.stop();
});
