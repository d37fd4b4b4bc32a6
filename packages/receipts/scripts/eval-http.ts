/**
 * `eval-receipts --http`: runs the built server as `npm start` does, through its supervisor
 * (scripts/serve.mjs, which starts apps/api/dist/main.js with the server's Node flags; embedded
 * database in a temporary DATA_DIR), and scans through POST /api/receipts/scan-and-parse, so the
 * timings include HTTP and the memory measured is the real process tree (supervisor + server + OCR
 * engine).
 *
 * The server is started twice on the same DATA_DIR: the first start creates the embedded database
 * (unpacked from the build's template, then migrated: a one-off per installation; with initdb it
 * took that process to 0.8–0.9 GB); its high-water mark is reported separately. Scans go to the
 * second start, as on any installation after its first boot; with --first-start, to the first.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ParsedReceipt } from '../src/parser/parse-receipt.js';
import { descendants, rssMb } from './proc-stats.js';

export interface HttpScanner {
  scan(file: Uint8Array): Promise<ParsedReceipt & { rawText: string }>;
  /** The supervisor, the server and all the server's descendants (the OCR engine). */
  treePids(): number[];
  supervisorPid: number;
  serverPid: number;
  /** RSS high-water marks of the first start (database created; supervisor + server), MB. */
  firstBootPeakMb: number;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startHttpScanner(
  repoRoot: string,
  onFirstStart = false,
): Promise<HttpScanner> {
  const entry = path.join(repoRoot, 'scripts/serve.mjs');
  const main = path.join(repoRoot, 'apps/api/dist/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evenly-eval-'));
  const base = `http://127.0.0.1:${port}/api`;
  const boot = async () => {
    const child = spawn(process.execPath, [entry], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_URL: `http://127.0.0.1:${port}`,
        REQUIRE_EMAIL_VERIFICATION: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        await exited;
      }
    };
    try {
      for (let i = 0; ; i++) {
        if (child.exitCode !== null) throw new Error('server exited at start');
        try {
          if ((await fetch(`${base}/health`)).ok) break;
        } catch {
          /* not listening yet */
        }
        if (i > 600) throw new Error('server did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    } catch (err) {
      await stop();
      throw err;
    }
    const supervisor = child.pid ?? 0;
    // The supervisor's one child is the server.
    return { supervisor, server: descendants(supervisor)[0] ?? 0, stop };
  };
  const first = await boot().catch((err: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const firstBootPeakMb = rssMb(first.supervisor, 'VmHWM') + rssMb(first.server, 'VmHWM');
  // --first-start: scan on the server that has just created its database, as a new
  // installation's first receipt does (its WebAssembly memory keeps what creating it took).
  if (!onFirstStart) await first.stop();
  const second = onFirstStart
    ? first
    : await boot().catch((err: unknown) => {
        rmSync(dataDir, { recursive: true, force: true });
        throw err;
      });
  const stop = async () => {
    await second.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Scans are rate-limited per user (20 a minute): take turns between enough users that an
    // idle machine (about 100 scans a minute) never meets the limit.
    const tokens: string[] = [];
    for (let u = 0; u < 8; u++) {
      const user = { name: `Eval ${u}`, email: `eval${u}@example.com`, password: 'secret123' };
      const post = (p: string, body: unknown) =>
        fetch(`${base}${p}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      const reg = await post('/auth/register', user);
      if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
      const login = await post('/auth/login', { email: user.email, password: user.password });
      if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
      tokens.push(((await login.json()) as { token: string }).token);
    }
    let turn = 0;
    const pid = second.supervisor;
    return {
      supervisorPid: pid,
      serverPid: second.server,
      firstBootPeakMb,
      treePids: () => [pid, ...descendants(pid)],
      async scan(file) {
        const form = new FormData();
        form.append('receipt', new Blob([file]), 'receipt.jpg');
        const res = await fetch(`${base}/receipts/scan-and-parse`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${tokens[turn++ % tokens.length] ?? ''}` },
          body: form,
        });
        const body = (await res.json()) as ParsedReceipt & { rawText: string; message?: string };
        if (!res.ok) throw new Error(`${res.status} ${body.message ?? ''}`);
        return body;
      },
      close: stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
