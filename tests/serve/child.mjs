// The server in a process of its own, for the serve tests: `argv` started with its output
// collected; resolves once `ready(stdout so far)` returns what to resolve with (merged with
// {out}), rejects if the process exits first (with everything it printed). `running` collects the
// child for the file's after().
import { spawn } from 'node:child_process';

export function serveUntil(argv, { env = process.env, running, ready }) {
  const child = spawn(argv[0], argv.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let out = '', err = '';
  child.stderr.on('data', (chunk) => { err += chunk; });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${out}${err}`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const done = ready(out);
      if (done) resolve({ out, ...done });
    });
  });
}
