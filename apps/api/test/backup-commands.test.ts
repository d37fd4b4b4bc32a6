// The operator's commands, run as an operator runs them (the built CLIs as child processes next
// to a real server process): `npm run backup` while the server is in use, `npm run restore`
// into a fresh place, and `npm run move-to-postgres` from an embedded instance.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/database.js';
import { createUsers } from './support/fixtures.js';
import type { TestUser } from './support/fixtures.js';
import { apiSnapshot, fetchReader, populateHistory } from './support/instance-snapshot.js';
import { equalExpense, expectBalancesMatchRecomputation } from './support/ledger.js';
import { assertServerBuilt, postJson, startServer, stopServer } from './support/server-process.js';
import type { RunningServer } from './support/server-process.js';
import { createTestContext } from './support/test-app.js';
import type { TestContext } from './support/test-app.js';
import { createTestDatabase, testDbKind } from './support/test-database.js';
import type { TestDatabase } from './support/test-database.js';

const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
const COMMON = {
  JWT_SECRET,
  REQUIRE_EMAIL_VERIFICATION: 'false',
  FX_RATES_URL: '',
  LOG_LEVEL: 'warn',
};

function cli(name: 'backup' | 'restore' | 'move-to-postgres'): string {
  return fileURLToPath(new URL(`../dist/backup/${name}-cli.js`, import.meta.url));
}

/** Runs a built command with `env` over a minimal environment; its exit code and output. */
function run(
  name: 'backup' | 'restore' | 'move-to-postgres',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli(name), ...args], {
      env: { PATH: process.env['PATH'] ?? '', HOME: os.tmpdir(), ...COMMON, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

const kind = testDbKind();
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evenly-backup-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function server(env: Record<string, string>): Promise<RunningServer> {
  const running = await startServer({ ...COMMON, ...env });
  cleanups.push(() => stopServer(running));
  return running;
}

/** A fresh, empty place to restore into: a data folder, and a database when on PostgreSQL. */
async function freshPlace(): Promise<{
  env: Record<string, string>;
  database: TestDatabase | null;
}> {
  const dataDir = await tempDir();
  if (kind === 'pglite') return { env: { DATA_DIR: dataDir }, database: null };
  const database = await createTestDatabase('postgres');
  cleanups.push(() => database.close());
  return { env: { DATA_DIR: dataDir, DATABASE_URL: database.url ?? '' }, database };
}

/** A populated instance; on PGlite its database is left in its DATA_DIR for a server process. */
async function populatedInstance(): Promise<{
  ctx: TestContext;
  users: TestUser[];
  groupId: number;
}> {
  const ctx = await createTestContext({}, { embedded: kind === 'pglite' });
  const users = await createUsers(ctx, 'Ann', 'Bea', 'Cal', 'Dan');
  const groupId = await populateHistory(ctx, users);
  return { ctx, users, groupId };
}

describe('npm run backup and npm run restore', () => {
  it('backs up a running server in use and restores into a fresh place with every balance, entry and file', async () => {
    assertServerBuilt();
    const { ctx, users, groupId } = await populatedInstance();
    const source: Record<string, string> = { DATA_DIR: ctx.dataDir };
    if (kind === 'pglite') {
      await ctx.close({ keepDataDir: true });
      cleanups.push(() => rm(ctx.dataDir, { recursive: true, force: true }));
    } else {
      source['DATABASE_URL'] = ctx.database.url ?? '';
      cleanups.push(() => ctx.close());
    }
    const a = await server(source);
    if (kind === 'pglite') {
      // One embedded database, one process: a second server on the same folder is refused.
      await expect(server(source)).rejects.toThrow(/another Evenly server is running/);
    }

    const [ann, bea, cal] = users as [TestUser, TestUser, TestUser];
    const written: number[] = [];
    let backupDone = false;
    let afterBackup = 0;
    const writer = (async () => {
      while (afterBackup < 3 && written.length < 500) {
        const res = await postJson(
          a.base,
          '/api/expenses',
          equalExpense(bea, [ann, bea, cal], 7.77, { groupId }),
          bea.auth,
        );
        expect(res.status).toBe(201);
        written.push(((await res.json()) as { id: number }).id);
        if (backupDone) afterBackup += 1;
      }
    })();
    while (written.length < 3) await new Promise((r) => setTimeout(r, 5));
    const dir = await tempDir();
    const during = await run('backup', [path.join(dir, 'during.gz')], source);
    backupDone = true;
    await writer;
    expect(during.out).toMatch(
      kind === 'pglite' ? /through the running server/ : /in one snapshot/,
    );
    expect(during.code, during.out).toBe(0);
    expect(during.out).toMatch(/2 receipt files/);

    // Taken while writes went on: a prefix of the writes, and balances that match its entries.
    const mid = await freshPlace();
    const restoredMid = await run('restore', [path.join(dir, 'during.gz')], mid.env);
    expect(restoredMid.code, restoredMid.out).toBe(0);
    const handle =
      mid.database?.handle ??
      (await openDatabase({
        databaseUrl: null,
        pgliteDir: path.join(mid.env['DATA_DIR'] ?? '', 'db'),
      }));
    try {
      const ids = (
        await queryRows<{ id: number }>(
          handle.db,
          sql`select id from expenses where amount_cents = 777 order by id`,
        )
      ).map((r) => r.id);
      expect(ids.length).toBeGreaterThanOrEqual(3);
      expect(ids.length).toBeLessThan(written.length);
      expect(ids).toEqual(written.slice(0, ids.length));
      await expectBalancesMatchRecomputation(handle.db);
    } finally {
      if (mid.database === null) await handle.close();
    }

    // Taken after the writes: restores to exactly what the running server shows.
    const expected = await apiSnapshot(fetchReader(a.base), users);
    const quiet = await run('backup', [path.join(dir, 'quiet.gz')], source);
    expect(quiet.code, quiet.out).toBe(0);
    const place = await freshPlace();
    const restored = await run('restore', [path.join(dir, 'quiet.gz')], place.env);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/2 receipt files/);
    const again = await run('restore', [path.join(dir, 'quiet.gz')], place.env);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already holds/);
    const b = await server(place.env);
    expect(await apiSnapshot(fetchReader(b.base), users)).toEqual(expected);
    if (kind === 'pglite') {
      // A restore into the folder of a running server is refused.
      const busy = await run('restore', ['--force', path.join(dir, 'quiet.gz')], place.env);
      expect(busy.code).toBe(1);
      expect(busy.out).toMatch(/stop it before restoring/);
    }
    // Six processes start one after another (two servers, two backups, two restores), each
    // opening its database: 60 s alone, 184 s on a loaded CI machine. A hang guard, not a speed bar.
  }, 420_000);

  it('explains its usage and refuses a file that is not a backup', async () => {
    const place = await freshPlace();
    const usage = await run('backup', [], place.env);
    expect(usage.code).toBe(2);
    expect(usage.out).toMatch(/Usage: npm run backup -- <file>/);
    const dir = await tempDir();
    const nothing = await run('backup', [path.join(dir, 'x.gz')], { DATA_DIR: dir });
    expect(nothing.code).toBe(1);
    expect(nothing.out).toMatch(/Error: there is no embedded database in/);
    const notBackup = await run('restore', [cli('backup')], place.env);
    expect(notBackup.code).toBe(1);
    expect(notBackup.out).toMatch(/Error: the backup file is damaged or truncated/);
  });
});

describe.runIf(kind === 'pglite' && (process.env['TEST_DATABASE_URL'] ?? '') !== '')(
  'npm run move-to-postgres',
  () => {
    it('copies an embedded instance into PostgreSQL with every id, balance and file', async () => {
      assertServerBuilt();
      const { ctx, users } = await populatedInstance();
      const expected = await apiSnapshot(ctx.app, users);
      await ctx.close({ keepDataDir: true });
      cleanups.push(() => rm(ctx.dataDir, { recursive: true, force: true }));
      const source = { DATA_DIR: ctx.dataDir };
      const target = await createTestDatabase('postgres');
      cleanups.push(() => target.close());
      const url = target.url ?? '';

      const running = await server(source);
      const refused = await run('move-to-postgres', [url], source);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/stop it first/);
      await stopServer(running);

      const moved = await run('move-to-postgres', [url], source);
      expect(moved.code, moved.out).toBe(0);
      expect(moved.out).toMatch(/Copied the embedded database .* into PostgreSQL/);
      expect(moved.out).not.toMatch(/password/i);
      const twice = await run('move-to-postgres', [url], source);
      expect(twice.code).toBe(1);
      expect(twice.out).toMatch(/already holds data/);

      const onPostgres = await server({ ...source, DATABASE_URL: url });
      expect(await apiSnapshot(fetchReader(onPostgres.base), users)).toEqual(expected);
      await expectBalancesMatchRecomputation(target.handle.db);
    });
  },
);
