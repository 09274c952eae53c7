// Text that came from a client (or an error it caused), made safe to use: shared by the host
// (table-host.mjs, table-core.mjs) and the static server (scripts/static-server.mjs).

// On one line of the terminal: an Error's message, control characters (escape sequences a request
// could carry, newlines of a stack) shown as \uXXXX, at most 300 characters.
export function oneLine(value) {
  const text = String(value instanceof Error ? value.message : value?.message ?? value);
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}

// An origin as a browser sends it in Origin (scheme://host[:port], lower case, no path), or null
// when the text is not an http(s) origin: an Origin header, or an --allow-origin.
export function originOf(text) {
  try {
    const url = new URL(text);
    if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

// Text with no lone UTF-16 surrogate (half of a pair, such as "\ud800"): what String's own
// isWellFormed says in Node 20, which Node 18 (Debian 12's, where the table service runs) lacks.
export function wellFormed(text) {
  return typeof text === 'string' && !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}
