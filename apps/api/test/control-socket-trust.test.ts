// The embedded server's control socket is only ever in DATA_DIR, and `npm run backup` trusts it
// only when it belongs to its own account (issue #30 finding 9): a DATA_DIR too long for a Unix
// socket path stops the server at start with the limit named (it used to fall back to a
// predictable path in /tmp that another account could listen on first), and a socket made by
// another account, or writable by others, is refused before a byte is sent to it.
import { spawn } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { assertServerBuilt, freePort, SERVER_MAIN } from './support/server-process.js';
import { testDbKind } from './support/test-database.js';

const ENV = {
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  REQUIRE_EMAIL_VERIFICATION: 'false',
  FX_RATES_URL: '',
  LOG_LEVEL: 'warn',
};
const BACKUP_CLI = fileURLToPath(new URL('../dist/backup/backup-cli.js', import.meta.url));

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evenly-sock-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Runs `script` with `env` until it exits, or until `deadlineMs` passes (then it is killed and
 * the exit code is null: a server that started instead of refusing).
 */
function run(
  script: string,
  args: string[],
  env: Record<string, string>,
  deadlineMs = 60_000,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { PATH: process.env['PATH'] ?? '', HOME: os.tmpdir(), ...ENV, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), deadlineMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** A listener on DATA_DIR/control.sock that records what it is asked, as a squatter would. */
async function squatter(dataDir: string): Promise<{ socketPath: string; asked: string[] }> {
  const socketPath = path.join(dataDir, 'control.sock');
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(`${req.method ?? ''} ${req.url ?? ''}`);
    res.writeHead(200, { 'content-type': 'application/gzip' }).end('not a backup');
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { socketPath, asked };
}

describe.runIf(testDbKind() === 'pglite')('the embedded server control socket', () => {
  it('refuses to start when DATA_DIR is too long for a socket path, naming the limit', async () => {
    assertServerBuilt();
    const parent = await tempDir();
    // control.sock inside it makes a path of 120 bytes: over the 107 a Unix socket allows.
    const dataDir = path.join(parent, 'd'.repeat(120 - parent.length - '/control.sock'.length - 1));
    expect(Buffer.byteLength(path.join(dataDir, 'control.sock'))).toBe(120);
    const port = await freePort();
    const started = await run(SERVER_MAIN, [], {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    expect(started.code, started.out).toBe(1);
    expect(started.out).toContain(
      `DATA_DIR is too long for the embedded database's control socket: ${dataDir}/control.sock is 120 bytes, and a Unix socket path may be at most 107 bytes.`,
    );
    expect(started.out).toContain(`Use a DATA_DIR of at most 94 bytes`);
  });

  it('refuses a control socket that others may write to, and sends it nothing', async () => {
    assertServerBuilt();
    const dataDir = await tempDir();
    const fake = await squatter(dataDir);
    await chmod(fake.socketPath, 0o666);
    const target = path.join(await tempDir(), 'out.backup.gz');
    const backup = await run(BACKUP_CLI, [target], { DATA_DIR: dataDir });
    expect(backup.code, backup.out).toBe(1);
    expect(backup.out).toContain(
      `Error: refusing to use ${fake.socketPath}: its mode 666 lets other accounts write to it (0600 expected).`,
    );
    expect(fake.asked).toEqual([]);
    await expect(stat(target)).rejects.toThrow();
  });

  it.runIf(process.getuid?.() === 0)(
    'refuses a control socket that belongs to another account, and sends it nothing',
    async () => {
      assertServerBuilt();
      const dataDir = await tempDir();
      await mkdir(dataDir, { recursive: true });
      const fake = await squatter(dataDir);
      await chmod(fake.socketPath, 0o600);
      await chown(fake.socketPath, 4242, 4242);
      const target = path.join(await tempDir(), 'out.backup.gz');
      const backup = await run(BACKUP_CLI, [target], { DATA_DIR: dataDir });
      expect(backup.code, backup.out).toBe(1);
      expect(backup.out).toContain(
        `Error: refusing to use ${fake.socketPath}: it belongs to user id 4242, not to this account (user id 0).`,
      );
      expect(fake.asked).toEqual([]);
      await expect(stat(target)).rejects.toThrow();
    },
  );
});
