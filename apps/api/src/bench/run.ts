// `npm run bench`: measures the real server (a child process, as in production) with
// autocannon at 50 connections beside a hello-world Fastify route on the same machine, and
// prints requests/s, p50/p99 latency and each rate as a ratio to the hello-world rate.
// Not part of the test suite: speed is measured here, never asserted in tests.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const DURATION_SECONDS = Number(process.env['BENCH_DURATION'] ?? '8');
const CONNECTIONS = 50;
const here = path.dirname(fileURLToPath(import.meta.url));

interface Server {
  child: ChildProcess;
  base: string;
}

async function freePort(): Promise<number> {
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

/** Starts a server script on a free port and waits until `probePath` answers. */
async function start(
  script: string,
  probePath: string,
  env: Record<string, string>,
): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(base + probePath)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${script} did not start`);
}

async function measure(name: string, url: string, opts: Partial<autocannon.Options> = {}) {
  // Warm-up (JIT, lazily compiled schemas, connection pools) is not measured.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, ...opts });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    ...opts,
  });
  const non2xx = result.non2xx + result.errors;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx,
  };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evenly-bench-'));
const hello = await start(path.join(here, 'hello-server.js'), '/hello', {});
const api = await start(path.join(here, '..', 'main.js'), '/api/health', {
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  REQUIRE_EMAIL_VERIFICATION: 'false',
  LOG_LEVEL: process.env['BENCH_LOG_LEVEL'] ?? 'warn',
});
try {
  await json(
    await fetch(`${api.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench',
        email: 'bench@example.com',
        password: 'bench-password',
      }),
    }),
  );
  const { token } = await json<{ token: string }>(
    await fetch(`${api.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
    }),
  );

  const rows = [];
  rows.push(await measure('hello-world (yardstick)', `${hello.base}/hello`));
  rows.push(await measure('GET /api/health', `${api.base}/api/health`));
  rows.push(
    await measure('GET /api/auth/me', `${api.base}/api/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  const base = rows[0]?.rps ?? 1;
  console.log(
    `\nEvenly benchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per route, ${os.cpus().length} cores\n`,
  );
  console.log(
    'route'.padEnd(28),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'ratio'.padStart(7),
    'non-2xx'.padStart(8),
  );
  for (const r of rows) {
    console.log(
      r.name.padEnd(28),
      r.rps.toFixed(0).padStart(9),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      `${((r.rps / base) * 100).toFixed(0)}%`.padStart(7),
      String(r.non2xx).padStart(8),
    );
  }
} finally {
  hello.child.kill('SIGTERM');
  api.child.kill('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
}
