// Real server processes for tests: `node apps/api/dist/main.js` on a free port, as an operator
// runs it (built by `npm run build`, which `npm test` does first).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

export const SERVER_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
/** `npm start`'s supervisor (restarts the server when its embedded database stalls). */
export const SERVE_SCRIPT = fileURLToPath(
  new URL('../../../../scripts/serve.mjs', import.meta.url),
);

export function assertServerBuilt(): void {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: run "npm run build" first (npm test does).`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  base: string;
  output: () => string;
  /** What the process wrote to stdout alone (log lines; stderr has Node's own warnings). */
  stdout: () => string;
}

/**
 * Starts a server process with `env` (over a minimal environment) and waits for /api/health,
 * up to `timeoutMs` (a hang guard: a loaded machine runs a new embedded database's initdb slowly).
 * `script`: what node runs (the server itself by default, or SERVE_SCRIPT).
 *
 * The free port is found before the child binds it, so on a busy machine something else (another
 * test's server, an outgoing connection's local port) can take it in between: a child that exits
 * with EADDRINUSE is started again on a new port, a few times.
 */
export async function startServer(
  env: Record<string, string>,
  { timeoutMs = 120_000, script = SERVER_MAIN }: { timeoutMs?: number; script?: string } = {},
): Promise<RunningServer> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, script, deadline);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= 5) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOnce(
  env: Record<string, string>,
  script: string,
  deadline: number,
): Promise<RunningServer> {
  const port = await freePort();
  let out = '';
  let stdout = '';
  const child = spawn(process.execPath, [script], {
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
    stdout += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (hasExited(child)) {
      if (/EADDRINUSE/.test(out)) throw new PortTakenError(`port ${port} was taken:\n${out}`);
      throw new Error(`server exited early:\n${out}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, output: () => out, stdout: () => stdout };
}

/** Whether the child has ended: by itself (exitCode) or by a signal such as kill -9 (signalCode). */
export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, then the exit code (0 = drained and closed cleanly). */
export function stopServer(running: RunningServer): Promise<number | null> {
  // A process killed by a signal has exitCode null and signalCode set; its 'exit' has passed.
  if (hasExited(running.child)) return Promise.resolve(running.child.exitCode);
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill('SIGTERM');
  });
}

export function postJson(
  base: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
