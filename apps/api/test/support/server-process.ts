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
 * A child that exits because its port was taken meanwhile is started again on a new one.
 */
export async function startServer(
  env: Record<string, string>,
  { timeoutMs = 120_000, script = SERVER_MAIN }: { timeoutMs?: number; script?: string } = {},
): Promise<RunningServer> {
  const deadline = Date.now() + timeoutMs;
  return retryWhilePortTaken(() => startOnce(env, script, deadline));
}

/**
 * Runs `start` again (up to five times in all) while it fails with EADDRINUSE in its message: a
 * port from freePort() is free when probed, not when the child binds it. The one home of that
 * retry, for these server processes and the e2e tier's (e2e/support/server.ts).
 */
export async function retryWhilePortTaken<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      const portTaken = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!portTaken || attempt >= 5) throw error;
    }
  }
}

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
    if (hasExited(child)) throw new Error(`server exited early:\n${out}`);
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
