// What keeps an HTTP server up whatever a client sends, shared by the static server
// (scripts/static-server.mjs: the site and, on its port, the live tables) and the table service
// (src/host/host.mjs, docs/deploy.md). Issue 47: one request whose target did not decode took down
// the site and every live table with it.
//   targetPath          a request's target as a path, or null (answered 400)
//   guarded             a request handler whose errors fail that request alone (500)
//   answerClientErrors  malformed HTTP answered 4xx, the socket destroyed, never a throw
//   lastResort          an error that escapes everything: one line in each language, exit 70
import { oneLine } from './untrusted.mjs';

// The path a request's target names, decoded, or null when it cannot be served: a target that
// does not parse or decode (`/%`, `/%c0%ae`, `http://[/`) or holds a NUL (`/%00`). Origin form
// (`/a/b`) as it is, never as a protocol-relative URL (`//a/b`); absolute form (`http://host/a/b`)
// as a URL of its own.
export function targetPath(target) {
  try {
    const { pathname } = target.startsWith('/') ? new URL(`http://x${target}`) : new URL(target);
    const decoded = decodeURIComponent(pathname);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

// Says a line through `say`, at most once every 10 seconds for the same kind of line (its first
// word or two), so that a flood of failing requests cannot fill the terminal.
export function sayingOnce(say) {
  const saidAt = new Map();
  return (line) => {
    const kind = line.split(' ', 2).join(' ');
    const now = Date.now();
    if (now - (saidAt.get(kind) ?? -Infinity) < 10_000) return;
    saidAt.set(kind, now);
    try {
      say(line);
    } catch { /* the terminal is gone */ }
  };
}

// The request listener for an async `handle(request, response)`: an error nobody foresaw fails
// this request alone, a 500 if nothing was sent yet (and the connection closed after it), the
// connection cut otherwise; `say` gets one line.
export function guarded(handle, say) {
  return (request, response) => {
    Promise.resolve().then(() => handle(request, response)).catch((error) => {
      say(`request ${oneLine(request.method)} ${oneLine(request.url)} failed: ${oneLine(error)}`);
      try {
        if (response.headersSent) response.destroy();
        else response.writeHead(500, { 'Content-Type': 'text/plain', Connection: 'close' }).end('server error');
      } catch {
        response.destroy();
      }
    });
  };
}

// Malformed HTTP (a garbage request line, headers too large, a reset): 400 (431, 408) when nothing
// was sent on the connection yet, and the socket destroyed. A listener here replaces Node's own
// answer, and must not throw.
export function answerClientErrors(server) {
  server.on('clientError', (error, socket) => {
    try {
      if (error.code !== 'ECONNRESET' && socket.writable && socket.bytesWritten === 0) {
        const [status, reason] = error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large']
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout'] : [400, 'Bad Request'];
        socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      }
    } catch { /* the socket is going anyway */ }
    socket.destroy();
  });
  return server;
}

// The exit status of a server that stopped on an error nobody caught: scripts/keep-serving.sh
// (serve.sh) and systemd (Restart=, docs/deploy.md) start it again; 0, 1 and 2 are a stop, a
// failed start and a wrong command line.
export const CRASHED = 70;

// What the terminal says when a server stops on an error nobody caught: one line in each
// language, the error's message only (never the minified source of the core's glue around it).
// `who`: how the server names itself, in English and Polish.
export const SERVER = { en: 'Czary server stopped', pl: 'Serwer Czarów zatrzymał się' };
export function stoppedNotice(error, who = SERVER) {
  const message = oneLine(error);
  return `${who.en}: ${message}\n${who.pl}: ${message}`;
}

// The last resort, installed first (before any listener the core's glue could add): an error no
// handler caught stops the process with stoppedNotice on stderr and status CRASHED.
export function lastResort(who = SERVER) {
  const stop = (error) => {
    try {
      console.error(stoppedNotice(error, who));
    } finally {
      process.exit(CRASHED);
    }
  };
  process.on('uncaughtException', stop);
  process.on('unhandledRejection', stop);
}
