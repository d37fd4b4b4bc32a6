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
 */
export async function startServer(
  env: Record<string, string>,
  { timeoutMs = 120_000, script = SERVER_MAIN }: { timeoutMs?: number; script?: string } = {},
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
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
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

/** SIGTERM, then the exit code (0 = drained and closed cleanly). */
export function stopServer(running: RunningServer): Promise<number | null> {
  if (running.child.exitCode !== null) return Promise.resolve(running.child.exitCode);
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
