// Upgrading from the previous release: a database with that release's migrations, data rows and
// receipt files (test/fixtures/release-previous, made from commit `previous.release` by its
// make-fixture.ts) is upgraded by starting this version's built server — on PostgreSQL two
// processes at once, which must take turns at the migration lock — and every read each user can
// make then answers what the previous release answered: balances, entries, comments, activity,
// receipt files with identical bytes. A later write still fits the upgraded data.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/migrate.js';
import type { RunningServer } from './support/server-process.js';
import { assertServerBuilt, postJson, startServer, stopServer } from './support/server-process.js';
import {
  copyPreviousReceipts,
  differences,
  FIXTURE_DIR,
  migrationHash,
  previous,
  previousData,
  previousMigrationsFolder,
  receiptKey,
  withoutSignatures,
} from './support/previous-release.js';
import type { Reply } from './support/previous-release.js';
import { testDatabaseUrl, testDbKind } from './support/test-database.js';

const SECRET = 'upgrade-test-secret-upgrade-test-secret-0123456789';
const kind = testDbKind();

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(query: string): Promise<void> {
  const c = new pg.Client({ connectionString: testDatabaseUrl() });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

describe(`upgrade from the previous release (${kind})`, () => {
  const dbName = `evenly_upgrade_${String(process.pid)}`;
  let dbUrl: string | null = null;
  let dataDir: string;
  let oldMigrations: string;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    assertServerBuilt();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'evenly-upgrade-'));
    oldMigrations = await previousMigrationsFolder();
    const data = await previousData();
    if (kind === 'postgres') {
      await adminQuery(`drop database if exists "${dbName}" with (force)`);
      await adminQuery(`create database "${dbName}"`);
      dbUrl = withDatabase(testDatabaseUrl(), dbName);
      const client = new pg.Client({ connectionString: dbUrl });
      await client.connect();
      await migratePg(drizzlePg({ client }), { migrationsFolder: oldMigrations });
      await client.query(data);
      await client.end();
    } else {
      // As the previous release created and kept its embedded database.
      const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
      await migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder: oldMigrations });
      await pglite.exec(data);
      await pglite.close();
    }
    await copyPreviousReceipts(dataDir);

    const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: SECRET };
    if (dbUrl !== null) env['DATABASE_URL'] = dbUrl;
    // The upgrade itself: on PostgreSQL two processes start at once and both migrate.
    servers = await Promise.all((kind === 'postgres' ? [1, 2] : [1]).map(() => startServer(env)));
  });

  afterAll(async () => {
    for (const s of servers) await stopServer(s);
    if (dbUrl !== null) await adminQuery(`drop database if exists "${dbName}" with (force)`);
    await rm(dataDir, { recursive: true, force: true });
    await rm(oldMigrations, { recursive: true, force: true });
  });

  it('keeps the previous release’s migrations unchanged and applies the new ones once', async () => {
    // A migration a release has applied is never edited: upgraded installs would not rerun it.
    for (const m of previous.migrations) expect(migrationHash(m.tag), m.tag).toBe(m.hash);
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(journal.entries.length).toBeGreaterThan(previous.migrations.length);

    // PostgreSQL (the embedded database is held by the running server): every migration
    // recorded once, the data fix-up once, although two processes ran them.
    if (dbUrl !== null) {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      const n = async (query: string) => (await c.query<{ n: number }>(query)).rows[0]?.n;
      expect(await n('select count(*)::int as n from drizzle.__drizzle_migrations')).toBe(
        journal.entries.length,
      );
      expect(await n('select count(*)::int as n from data_fixups')).toBe(1);
      await c.end();
    }
  });

  it('answers every read as the previous release did, the same from each process', async () => {
    const receiptLinks: { server: RunningServer; url: string }[] = [];
    // Every difference of every read, so that one run shows all that the upgrade changed.
    const problems: string[] = [];
    for (const [email, reads] of Object.entries(previous.reads)) {
      const tokens: string[] = [];
      for (const server of servers) {
        const login = await postJson(server.base, '/api/auth/login', {
          email,
          password: previous.password,
        });
        expect(login.status, email).toBe(200);
        tokens.push(((await login.json()) as { token: string }).token);
      }
      for (const [url, old] of Object.entries(reads)) {
        const replies: Reply[] = [];
        for (const [i, server] of servers.entries()) {
          const res = await fetch(`${server.base}${url}`, {
            headers: { authorization: `Bearer ${tokens[i] ?? ''}` },
          });
          const reply = { status: res.status, body: (await res.json()) as unknown };
          replies.push(reply);
          JSON.stringify(reply.body, (key, v: unknown) => {
            if (key === 'receiptUrl' && typeof v === 'string')
              receiptLinks.push({ server, url: v });
            return v;
          });
          for (const d of differences(old, reply)) problems.push(`${email} GET ${url}${d}`);
        }
        for (const other of replies.slice(1)) {
          expect(withoutSignatures(other), `${email} GET ${url}: both processes`).toEqual(
            withoutSignatures(replies[0]),
          );
        }
      }
    }
    expect(problems).toEqual([]);

    // Every receipt link of the previous release still opens its file, byte for byte.
    expect(new Set(receiptLinks.map((l) => receiptKey(l.url)))).toEqual(
      new Set(previous.receiptFiles.map((f) => f)),
    );
    for (const link of receiptLinks) {
      const res = await fetch(link.url);
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(previous.receiptSha256);
      const stored = await readFile(path.join(FIXTURE_DIR, 'receipts', receiptKey(link.url)));
      expect(Buffer.compare(bytes, stored)).toBe(0);
    }
  });

  it('gives every expense of the previous release the category General', async () => {
    const [first] = servers;
    if (first === undefined) throw new Error('no server');
    let seen = 0;
    for (const email of Object.keys(previous.reads)) {
      const login = await postJson(first.base, '/api/auth/login', {
        email,
        password: previous.password,
      });
      const { token } = (await login.json()) as { token: string };
      const get = async (url: string) =>
        (await (
          await fetch(`${first.base}${url}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as unknown;
      const mine = (await get('/api/expenses/my')) as { category: string }[];
      for (const e of mine) expect(e.category).toBe('general');
      seen += mine.length;
      const activity = (await get('/api/activity')) as { type: string; category: unknown }[];
      for (const a of activity) {
        expect(a.category).toBe(a.type.startsWith('expense_') ? 'general' : null);
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('takes new writes on the upgraded data, seen by every process', async () => {
    const [first] = servers;
    if (first === undefined) throw new Error('no server');
    const login = async (server: RunningServer, email: string) =>
      (await (
        await postJson(server.base, '/api/auth/login', { email, password: previous.password })
      ).json()) as { id: number; token: string };
    const ann = await login(first, 'ann@example.com');
    const bea = await login(first, 'bea@example.com');
    const kwd = (reply: Reply | undefined) =>
      (
        reply?.body as { byCurrency: { currency: string; totalOwedToUser: number }[] }
      ).byCurrency.find((c) => c.currency === 'KWD')?.totalOwedToUser;
    const before = kwd(previous.reads['ann@example.com']?.['/api/balances/overall']) ?? 0;
    const expected = Number((before + 0.501).toFixed(3)); // Ann is owed Bea's half

    // 3-decimal currency: its rows were multiplied by 10 by migration 0007; a new expense in
    // thousandths adds to them exactly.
    const created = await fetch(`${first.base}/api/expenses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ann.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        description: 'After the upgrade',
        amount: '1.002',
        currency: 'KWD',
        date: '2026-07-01',
        splitType: 'EQUAL',
        payers: [{ userId: ann.id, amountPaid: '1.002' }],
        splits: [{ userId: ann.id }, { userId: bea.id }],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const expense = (await created.json()) as { id: number };
    const maxOldId = Math.max(
      ...Object.values(previous.reads).flatMap((r) =>
        ((r['/api/expenses/my']?.body ?? []) as { id: number }[]).map((e) => e.id),
      ),
    );
    expect(expense.id).toBeGreaterThan(maxOldId); // sequences continue after the old rows

    for (const server of servers) {
      const fresh = await login(server, 'ann@example.com');
      let total: number | undefined;
      // The other process learns of the write through the change feed: wait for it (the
      // deadline only turns a hang into a failure).
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const res = await fetch(`${server.base}/api/balances/overall`, {
          headers: { authorization: `Bearer ${fresh.token}` },
        });
        total = kwd({ status: res.status, body: (await res.json()) as unknown });
        if (total === expected) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(total).toBe(expected);
    }
  });
});
