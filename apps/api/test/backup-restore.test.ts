// Backups: a whole instance (every table and receipt file) written while writes go on, restored
// into a fresh database and data folder, found equal through the API; damaged, truncated,
// foreign and newer backups and non-empty targets refused. Runs on PGlite and PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import S3rver from 's3rver';
import { loadConfig } from '../src/config/config.js';
import { TargetNotEmptyError } from '../src/backup/backup-format.js';
import { readBackupRecords } from '../src/backup/read-backup.js';
import { restoreBackup } from '../src/backup/restore-backup.js';
import { writeBackup } from '../src/backup/write-backup.js';
import { queryRows } from '../src/db/database.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { migrationJournal, runMigrations } from '../src/db/migrate.js';
import { LocalReceiptStorage, createReceiptStorage } from '../src/modules/receipts/storage.js';
import { createUsers } from './support/fixtures.js';
import type { TestUser } from './support/fixtures.js';
import { apiSnapshot, populateHistory } from './support/instance-snapshot.js';
import { equalExpense, expectBalancesMatchRecomputation, postExpense } from './support/ledger.js';
import { createTestContext } from './support/test-app.js';
import type { TestContext } from './support/test-app.js';
import { createTestDatabase } from './support/test-database.js';
import type { TestDatabase } from './support/test-database.js';

async function backupBytes(ctx: TestContext): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeBackup(ctx.database.handle, createReceiptStorage(ctx.config), out);
  return Buffer.concat(chunks);
}

function records(bytes: Buffer) {
  return readBackupRecords(Readable.from([bytes]));
}

/** A fresh instance (database and data folder) restored from `bytes`, served by the real app. */
function restoredInstance(bytes: Buffer): Promise<TestContext> {
  return createTestContext(
    {},
    {
      prepare: async (database, dataDir) => {
        await restoreBackup(records(bytes), database.handle, {
          force: false,
          storage: new LocalReceiptStorage(path.join(dataDir, 'receipts')),
        });
      },
    },
  );
}

describe('backup and restore', () => {
  let ctx: TestContext;
  let users: TestUser[];
  const opened: TestContext[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.reset();
    users = await createUsers(ctx, 'Ann', 'Bea', 'Cal', 'Dan');
  });
  afterEach(async () => {
    for (const c of opened.splice(0)) await c.close();
  });

  it('restores a backup taken while writes go on, and a quiet one equal to the original', async () => {
    const groupId = await populateHistory(ctx, users);
    const [ann, bea, cal] = users as [TestUser, TestUser, TestUser];

    // One writer adds expenses before, during and after the backup; its commits are in order,
    // so the backup holds exactly the first k of them.
    const written: number[] = [];
    let backupDone = false;
    let afterBackup = 0;
    const writer = (async () => {
      while (afterBackup < 3 && written.length < 500) {
        const res = await postExpense(
          ctx,
          bea,
          equalExpense(bea, [ann, bea, cal], 7.77, { groupId }),
        );
        expect(res.statusCode).toBe(201);
        written.push(res.json<{ id: number }>().id);
        if (backupDone) afterBackup += 1;
      }
    })();
    while (written.length < 3) await new Promise((r) => setTimeout(r, 5));
    const during = await backupBytes(ctx);
    backupDone = true;
    await writer;

    const mid = await restoredInstance(during);
    opened.push(mid);
    const restoredIds = (
      await queryRows<{ id: number }>(
        mid.database.handle.db,
        sql`select id from expenses where amount_cents = 777 order by id`,
      )
    ).map((r) => r.id);
    expect(restoredIds.length).toBeGreaterThanOrEqual(3);
    expect(restoredIds.length).toBeLessThan(written.length);
    expect(restoredIds).toEqual(written.slice(0, restoredIds.length));
    // Every entry it holds is the original's, and its balances are those of its entries.
    for (const id of restoredIds.concat(await allExpenseIds(mid.database.handle))) {
      const a = await ctx.app.inject({
        method: 'GET',
        url: `/api/expenses/${id}`,
        headers: ann.auth,
      });
      const b = await mid.app.inject({
        method: 'GET',
        url: `/api/expenses/${id}`,
        headers: ann.auth,
      });
      expect(b.statusCode).toBe(a.statusCode);
      expect(withoutLink(b.json())).toEqual(withoutLink(a.json()));
    }
    await expectBalancesMatchRecomputation(mid.database.handle.db);

    // Once the writes are over, a backup restores to exactly what the original shows.
    const quiet = await backupBytes(ctx);
    const copy = await restoredInstance(quiet);
    opened.push(copy);
    expect(await apiSnapshot(copy.app, users)).toEqual(await apiSnapshot(ctx.app, users));
    // Ids continue where the original's would: the next expense gets the same id on both.
    const next = equalExpense(ann, [ann, bea], 1, { groupId });
    const a = await postExpense(ctx, ann, next);
    const b = await postExpense(copy, ann, next);
    expect(b.json<{ id: number }>().id).toBe(a.json<{ id: number }>().id);
  });

  it('leaves planner statistics for the rows it loaded (the hot reads plan on real counts)', async () => {
    await populateHistory(ctx, users);
    const bytes = await backupBytes(ctx);
    const target = await createTestDatabase();
    try {
      // Only what the restore did counts: the template's tables have never been analyzed.
      const before = await queryRows<{ n: number }>(
        target.handle.db,
        sql`select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = 'expenses'`,
      );
      expect(before[0]?.n).toBe(0);
      await restoreBackup(records(bytes), target.handle, { force: false, storage: null });
      const analyzed = await queryRows<{ tablename: string }>(
        target.handle.db,
        sql`select distinct tablename from pg_stats where schemaname = 'public'
            and tablename in ('expenses', 'expense_splits', 'expense_payers', 'payments', 'users')
            order by tablename`,
      );
      expect(analyzed.map((r) => r.tablename)).toEqual([
        'expense_payers',
        'expense_splits',
        'expenses',
        'payments',
        'users',
      ]);
    } finally {
      await target.close();
    }
  });

  it('refuses a target that holds data unless forced', async () => {
    await populateHistory(ctx, users);
    const bytes = await backupBytes(ctx);
    const target = await createTestDatabase();
    try {
      await restoreBackup(records(bytes), target.handle, { force: false, storage: null });
      await expect(
        restoreBackup(records(bytes), target.handle, { force: false, storage: null }),
      ).rejects.toBeInstanceOf(TargetNotEmptyError);
      await target.handle.db.execute(
        sql`update users set name = 'Changed' where id = ${users[0]?.id ?? 0}`,
      );
      await restoreBackup(records(bytes), target.handle, { force: true, storage: null });
      const [row] = await queryRows<{ name: string }>(
        target.handle.db,
        sql`select name from users where id = ${users[0]?.id ?? 0}`,
      );
      expect(row?.name).toBe('Ann');
    } finally {
      await target.close();
    }
  });

  it('refuses damaged, truncated, foreign and newer backups and restores nothing', async () => {
    await populateHistory(ctx, users);
    const bytes = await backupBytes(ctx);
    const text = (await import('node:zlib')).gunzipSync(bytes).toString('utf8');
    const lines = text.trimEnd().split('\n');
    const cases: [string, Buffer, RegExp][] = [
      ['truncated gzip', bytes.subarray(0, Math.floor(bytes.length / 2)), /damaged or truncated/],
      ['no end record', gzipSync(lines.slice(0, -1).join('\n')), /truncated/],
      ['not gzip', Buffer.from('hello'), /damaged or truncated/],
      ['not a backup', gzipSync('{"hello":1}\n'), /not an Evenly backup/],
      [
        'newer version',
        gzipSync(
          [
            JSON.stringify({
              ...(JSON.parse(lines[0] ?? '{}') as object),
              migrations: migrationJournal()
                .map((m) => ({ hash: 'x', createdAt: String(m.when) }))
                .concat([{ hash: 'y', createdAt: '9999999999999' }]),
            }),
            ...lines.slice(1),
          ].join('\n'),
        ),
        /newer version/,
      ],
      [
        'a damaged file',
        gzipSync(
          lines
            .map((l) => (l.startsWith('{"file"') ? l.replace(/"data":"(.)/, '"data":"A$1') : l))
            .join('\n'),
        ),
        /damaged/,
      ],
    ];
    const target = await createTestDatabase();
    try {
      for (const [name, bad, message] of cases) {
        await expect(
          restoreBackup(records(bad), target.handle, { force: true, storage: null }),
          name,
        ).rejects.toThrow(message);
        const [row] = await queryRows<{ n: number }>(
          target.handle.db,
          sql`select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'users'`,
        );
        if (row?.n === 1) {
          const [count] = await queryRows<{ n: number }>(
            target.handle.db,
            sql`select count(*)::int as n from users`,
          );
          expect(count?.n, name).toBe(0);
        }
      }
    } finally {
      await target.close();
    }
  });

  it('restores a backup made at an earlier schema and upgrades it', async () => {
    const journal = migrationJournal();
    const old: TestDatabase = await createTestDatabase();
    const target = await createTestDatabase();
    try {
      // The previous schema level, with a row written as that release would have.
      await old.handle.db.execute(sql`drop schema public cascade`);
      await old.handle.db.execute(sql`drop schema drizzle cascade`);
      await old.handle.db.execute(sql`create schema public`);
      await runMigrations(old.handle, { upTo: journal.length - 1 });
      await old.handle.db.execute(
        sql`insert into users (email, name, password_hash) values ('old@example.com', 'Old', 'x')`,
      );
      // A comment on a group's expense: that schema kept no group on comments (0025 adds it).
      await old.handle.db.execute(sql`insert into groups (name, creator_id)
        select 'Old group', id from users where email = 'old@example.com'`);
      await old.handle.db.execute(sql`insert into expenses
          (group_id, description, amount_cents, currency, date, split_type, created_by_id, comment_count)
        select g.id, 'Old dinner', 1000, 'USD', date '2024-01-01', 'EQUAL', g.creator_id, 1
          from groups g where g.name = 'Old group'`);
      await old.handle.db.execute(sql`insert into comments (expense_id, author_id, content)
        select e.id, e.created_by_id, 'old remark' from expenses e where e.description = 'Old dinner'`);
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      await writeBackup(old.handle, new LocalReceiptStorage(path.join(ctx.dataDir, 'none')), out);
      const summary = await restoreBackup(records(Buffer.concat(chunks)), target.handle, {
        force: false,
        storage: null,
      });
      expect(summary.upgradedBy).toBe(1);
      const [applied] = await queryRows<{ n: number }>(
        target.handle.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied?.n).toBe(journal.length);
      const [user] = await queryRows<{ name: string }>(
        target.handle.db,
        sql`select name from users where email = 'old@example.com'`,
      );
      expect(user?.name).toBe('Old');
      // The upgrade gave the comment its expense's group, which search reads it by.
      const [comment] = await queryRows<{ same: boolean }>(
        target.handle.db,
        sql`select c.group_id = e.group_id as same from comments c join expenses e on e.id = c.expense_id`,
      );
      expect(comment?.same).toBe(true);
    } finally {
      await old.close();
      await target.close();
    }
  });
});

describe('backup and restore with object storage', () => {
  it('copies receipt files from one S3 bucket into another', async () => {
    const s3Dir = await mkdtemp(path.join(os.tmpdir(), 'evenly-s3-'));
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'receipts' }, { name: 'restored' }],
    });
    const { port } = await s3.run();
    const s3Env = (bucket: string) => ({
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const source = await createTestContext(s3Env('receipts'));
    let copy: TestContext | null = null;
    try {
      const users = await createUsers(source, 'Ann', 'Bea', 'Cal', 'Dan');
      await populateHistory(source, users);
      const bytes = await backupBytes(source);
      copy = await createTestContext(s3Env('restored'), {
        prepare: async (database, dataDir) => {
          const config = loadConfig({ ...s3Env('restored'), DATA_DIR: dataDir });
          const summary = await restoreBackup(records(bytes), database.handle, {
            force: false,
            storage: createReceiptStorage(config),
          });
          expect(summary.files).toBe(2);
        },
      });
      // The copy's receipt links point into its own bucket and serve the same bytes.
      expect(await apiSnapshot(copy.app, users)).toEqual(await apiSnapshot(source.app, users));
    } finally {
      await copy?.close();
      await source.close();
      await s3.close();
      await rm(s3Dir, { recursive: true, force: true });
    }
  });
});

async function allExpenseIds(handle: DatabaseHandle): Promise<number[]> {
  return (await queryRows<{ id: number }>(handle.db, sql`select id from expenses`)).map(
    (r) => r.id,
  );
}

function withoutLink(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const { receiptUrl, ...rest } = body as Record<string, unknown>;
  return { ...rest, hasReceipt: receiptUrl !== null && receiptUrl !== undefined };
}
