// HTTP spoken by hand, for the tests that no request stops a server: the static server
// (tests/serve/requests.test.mjs) and the table service (tests/host/service.test.mjs).
import net from 'node:net';

// Sends `text` as it is on a new connection and resolves with everything answered until the server
// closes the connection (or 3 seconds pass): '' when the connection was cut without an answer.
export function raw(port, text) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let answer = '';
    const done = () => { clearTimeout(timer); socket.destroy(); resolve(answer); };
    const timer = setTimeout(done, 3000);
    socket.on('connect', () => socket.write(text));
    socket.on('data', (chunk) => { answer += chunk; });
    socket.on('error', done);
    socket.on('close', done);
  });
}
export const statusOf = (answer) => Number(answer.match(/^HTTP\/1\.[01] (\d{3}) /)?.[1] ?? 0);

// Requests that each took the static server down once (issue 47), as [what, the request's bytes]:
// each must be answered 4xx, and the server go on.
const UPGRADE = 'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';
export const CRASHERS = [
  ['a lone percent sign', 'GET /% HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ['an encoded NUL', 'GET /%00 HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ['an overlong UTF-8 dot', 'GET /%c0%ae HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ['a NUL under a folder', 'GET /a/%00/index.html HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ['an absolute-form target that does not parse', 'GET http://[/ HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ['the same, as an upgrade', `GET http://[/ HTTP/1.1\r\nHost: localhost\r\n${UPGRADE}\r\n`],
  ['a lone percent sign, as an upgrade', `GET /% HTTP/1.1\r\nHost: localhost\r\n${UPGRADE}\r\n`],
  ['a target that is no URL', 'GET ::: HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ['a garbage request line', 'Czary? \x01\x02 nie\r\n\r\n'],
  ['a header with no colon', 'GET / HTTP/1.1\r\nHost localhost\r\n\r\n'],
];
