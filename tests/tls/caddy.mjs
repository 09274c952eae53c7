// Caddy in front, over TLS, as on a server (docs/deploy.md), for the tests and the benchmark: a
// table service on loopback (src/host/host.mjs, or a packaged table-service/ folder) behind Caddy
// with its own local CA (`tls internal`), and optionally a static site on a second origin.
//
//   const tls = await startTlsTable({ siteDir, ... });
//   tls.serviceUrl   wss://localhost:PORT1/table  (Caddy: reverse_proxy /table to the service)
//   tls.siteUrl      https://127.0.0.1:PORT2/     (Caddy: file_server of siteDir, precompressed)
//   tls.ca           Caddy's root certificate (PEM), for ws's and https's `ca` option
//   tls.caRootPath   its file, under the temporary data folder (certutil can import it)
//   await tls.close()
//
// Everything Caddy keeps (its CA, certificates, autosaved config) lives in a temporary folder:
// HOME, XDG_DATA_HOME and XDG_CONFIG_HOME point there, never at the user's. Its CA is never put
// into the system's trust store (skip_install_trust), it needs neither port 80 nor 443
// (auto_https disable_redirects, http_port and https_port on free loopback ports), has no admin
// endpoint (admin off) and listens on loopback only. Waits on conditions (the service says where
// it listens; both origins answer over TLS with the CA), never a fixed sleep.
// caddyMissing() says why the harness cannot run (Caddy not installed: scripts/setup.sh installs it).
// CZARY_CADDY names another caddy binary (default: caddy on the PATH).
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CADDY = process.env.CZARY_CADDY || 'caddy';

// Why Caddy cannot be used here, or null.
export function caddyMissing() {
  const found = spawnSync(CADDY, ['version'], { encoding: 'utf8' });
  return found.status === 0 ? null : `${CADDY} is not installed (Debian's package caddy; scripts/setup.sh installs it)`;
}

// A free TCP port on loopback (probed: listened on and let go).
export const freePort = (host = '127.0.0.1') => new Promise((resolve, reject) => {
  const probe = net.createServer();
  probe.on('error', reject);
  probe.listen(0, host, () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});

const ipv6Loopback = () => new Promise((resolve) => {
  const probe = net.createServer();
  probe.on('error', () => resolve(false));
  probe.listen(0, '::1', () => probe.close(() => resolve(true)));
});

// Resolves once `condition()` (async) returns a true value; retried every 50 ms until `ms`.
async function until(condition, what, ms, detail = () => '') {
  const end = Date.now() + ms;
  let last;
  for (;;) {
    try {
      const value = await condition();
      if (value) return value;
    } catch (error) {
      if (error.fatal) throw error;
      last = error;
    }
    if (Date.now() > end) throw new Error(`${ms} ms and still not: ${what}${last ? ` (last: ${last.message})` : ''}\n${detail()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// An HTTPS GET trusting `ca`: { status, headers, body }.
export function httpsGet(url, ca, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ca, headers, family: 4, timeout: 5000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => { body += chunk; });
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body }));
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
  });
}

// The Caddyfile: the service's origin, and the site's when there is one.
export function caddyfile({ httpPort, servicePort, upstream, sitePort, siteDir, ipv6 }) {
  const lines = [
    '{',
    '\tadmin off',
    '\tskip_install_trust',
    '\tauto_https disable_redirects',
    `\thttp_port ${httpPort}`,
    `\thttps_port ${servicePort}`,
    '}',
    '',
    `https://localhost:${servicePort} {`,
    `\tbind 127.0.0.1${ipv6 ? ' ::1' : ''}`,
    '\ttls internal',
    '\thandle /table {',
    `\t\treverse_proxy ${upstream}`,
    '\t}',
    '\thandle {',
    '\t\trespond 404',
    '\t}',
    '}',
  ];
  if (siteDir) {
    lines.push('', `https://127.0.0.1:${sitePort} {`, '\tbind 127.0.0.1', '\ttls internal',
      `\troot * ${JSON.stringify(path.resolve(siteDir))}`, '\tfile_server {', '\t\tprecompressed br gzip', '\t}', '}');
  }
  return `${lines.join('\n')}\n`;
}

// Starts the table service (unless `upstream` names one already running), Caddy in front of it and
// optionally the site. Options:
//   serviceDir   a packaged table-service/ folder: `node host.mjs` run in it, its core beside it
//                (default: src/host/host.mjs with --core=coreDir)
//   coreDir      the rules core for src/host/host.mjs (default $CZARY_TABLE_CORE, else build/wasm/host)
//   node         the node that runs the service (default this one)
//   env          the service's environment (default this process's, without NODE_PATH)
//   tablesDir    its tables (default a temporary folder, removed by close())
//   trustProxy   --trust-proxy (default true: Caddy is on this machine)
//   allowOrigins --allow-origin values (default: the site's origin, when there is a site)
//   serviceArgs  more options for host.mjs
//   upstream     'HOST:PORT' of a service already running: none is started
//   siteDir      a folder to serve at siteUrl (none: no site)
//   prepareSite  (serviceUrl, siteUrl) => …, called (and awaited) once the addresses are known and
//                before Caddy serves siteDir: e.g. to publish the site with that service baked in
//   timeoutMs    how long to wait for each to answer (default 30 s)
export async function startTlsTable(options = {}) {
  const {
    serviceDir, coreDir = process.env.CZARY_TABLE_CORE ?? path.join(ROOT, 'build/wasm/host'), node = process.execPath,
    trustProxy = true, serviceArgs = [], upstream: given, siteDir, prepareSite, timeoutMs = 30000,
  } = options;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'czary-caddy-'));
  const children = [];
  // A test process that ends without close() (a failure, Ctrl-C) leaves no Caddy or service behind.
  const orphans = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', orphans);
  const output = { service: '', caddy: '' };
  const detail = () => `service:\n${output.service.slice(-3000)}\ncaddy:\n${output.caddy.slice(-3000)}`;
  const close = async () => {
    for (const child of children.reverse()) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
    }
    fs.rmSync(work, { recursive: true, force: true });
    process.off('exit', orphans);
  };
  try {
    const [httpPort, servicePort, sitePort] = [await freePort(), await freePort(), await freePort()];
    const serviceOrigin = `https://localhost:${servicePort}`;
    const siteOrigin = `https://127.0.0.1:${sitePort}`;
    const serviceUrl = `wss://localhost:${servicePort}/table`;
    const siteUrl = siteDir ? `${siteOrigin}/` : null;

    // The table service on loopback, on a port of its own choosing (it says which).
    let upstream = given;
    let service = null;
    if (!upstream) {
      const tablesDir = path.resolve(options.tablesDir ?? path.join(work, 'tables'));
      const allowOrigins = options.allowOrigins ?? (siteDir ? [siteOrigin] : []);
      const entry = serviceDir ? [path.resolve(serviceDir, 'host.mjs')] : [path.join(ROOT, 'src/host/host.mjs'), `--core=${path.resolve(coreDir)}`];
      const args = [...entry, '--port=0', '--listen=127.0.0.1', `--tables=${tablesDir}`, ...allowOrigins.map((o) => `--allow-origin=${o}`),
        ...(trustProxy ? ['--trust-proxy'] : []), ...serviceArgs];
      const env = options.env ?? Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_PATH'));
      const child = spawn(node, args, { cwd: serviceDir ?? work, env, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      child.stdout.on('data', (chunk) => { output.service += chunk; });
      child.stderr.on('data', (chunk) => { output.service += chunk; });
      const port = await new Promise((resolve, reject) => {
        const look = () => {
          const listening = output.service.match(/listening on 127\.0\.0\.1:(\d+)/);
          if (listening) resolve(Number(listening[1]));
        };
        child.stdout.on('data', look);
        child.on('exit', (code) => reject(new Error(`the table service exited (${code}):\n${output.service}`)));
        setTimeout(() => reject(new Error(`the table service did not say where it listens:\n${output.service}`)), timeoutMs).unref();
      });
      upstream = `127.0.0.1:${port}`;
      service = { child, port, tablesDir, output: () => output.service };
    }
    if (siteDir && prepareSite) await prepareSite(serviceUrl, siteUrl);

    // Caddy, its data and configuration in the temporary folder.
    const home = path.join(work, 'caddy-home');
    const dataHome = path.join(work, 'caddy-data');
    const configHome = path.join(work, 'caddy-config');
    for (const dir of [home, dataHome, configHome]) fs.mkdirSync(dir, { recursive: true });
    const config = path.join(work, 'Caddyfile');
    fs.writeFileSync(config, caddyfile({ httpPort, servicePort, upstream, sitePort, siteDir, ipv6: await ipv6Loopback() }));
    const caddy = spawn(CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], {
      cwd: work,
      env: { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: dataHome, XDG_CONFIG_HOME: configHome },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(caddy);
    caddy.stdout.on('data', (chunk) => { output.caddy += chunk; });
    caddy.stderr.on('data', (chunk) => { output.caddy += chunk; });
    let caddyExited = null;
    caddy.on('exit', (code, signal) => { caddyExited = code ?? signal; });
    const caRootPath = path.join(dataHome, 'caddy/pki/authorities/local/root.crt');
    const answered = async (url, status) => {
      if (caddyExited !== null) throw Object.assign(new Error(`caddy exited (${caddyExited}):\n${detail()}`), { fatal: true });
      if (!fs.existsSync(caRootPath)) return false;
      return (await httpsGet(url, fs.readFileSync(caRootPath))).status === status;
    };
    const wait = (url, status, what) => until(() => answered(url, status), what, timeoutMs, detail);
    // Through Caddy to the service: its plain line at /table; and the site, when there is one.
    await wait(`${serviceOrigin}/table`, 200, `${serviceOrigin}/table answers over TLS`);
    if (siteUrl) await wait(siteUrl, 200, `${siteUrl} answers over TLS`);
    const ca = fs.readFileSync(caRootPath);
    return {
      serviceUrl, serviceOrigin, siteUrl, siteOrigin: siteDir ? siteOrigin : null, caRootPath, ca, upstream, service,
      caddy: { child: caddy, output: () => output.caddy, config: fs.readFileSync(config, 'utf8') },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
