// Idempotency-Key (docs/api.md §1.10) on POST /expenses, /payments and /payments/settle, and on
// POST /groups (a group created again after a lost answer).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers } from './support/fixtures.js';
import { equalExpense, multipart, PNG, postExpense } from './support/ledger.js';
import { testDbKind } from './support/test-database.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let ann: TestUser;
let bea: TestUser;
let groupId: number;
beforeEach(async () => {
  await ctx.reset();
  [ann, bea] = (await createUsers(ctx, 'Ann', 'Bea')) as [TestUser, TestUser];
  groupId = await createGroup(ctx.database.handle.db, ann, 'Trip', [bea]);
});

async function count(table: 'expenses' | 'payments'): Promise<number> {
  const r = (await ctx.database.handle.db.execute(
    sql.raw(`select count(*)::int as n from ${table}`),
  )) as unknown as { rows: { n: number }[] };
  return r.rows[0]?.n ?? -1;
}

describe('Idempotency-Key', () => {
  it('replays the stored response for the same JSON expense and creates nothing', async () => {
    const data = equalExpense(ann, [ann, bea], 10, { groupId });
    const first = await postExpense(ctx, ann, data, { 'idempotency-key': 'k-1' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Same body with keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(data).reverse());
    const again = await postExpense(ctx, ann, reordered, { 'idempotency-key': 'k-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count('expenses')).toBe(1);

    const different = await postExpense(
      ctx,
      ann,
      { ...data, amount: 11, payers: [{ userId: ann.id, amountPaid: 11 }] },
      { 'idempotency-key': 'k-1' },
    );
    expect(different.statusCode).toBe(409);
    expect(errorBody(different)).toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
      message: 'This Idempotency-Key was already used for a different request.',
    });
    // Another user may use the same key.
    const other = await postExpense(ctx, bea, equalExpense(bea, [ann, bea], 10, { groupId }), {
      'idempotency-key': 'k-1',
    });
    expect(other.statusCode).toBe(201);
    expect(await count('expenses')).toBe(2);
  });

  it('hashes multipart file bytes', async () => {
    const form = (bytes: Buffer) =>
      multipart([
        {
          name: 'expenseData',
          value: JSON.stringify(equalExpense(ann, [ann, bea], 10, { groupId })),
        },
        { name: 'receiptFile', value: bytes, filename: 'r.png', contentType: 'image/png' },
      ]);
    const send = (f: ReturnType<typeof form>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/expenses',
        headers: { ...ann.auth, ...f.headers, 'idempotency-key': 'file-key' },
        payload: f.payload,
      });
    expect((await send(form(PNG))).statusCode).toBe(201);
    const replay = await send(form(PNG));
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // The replayed receipt link is freshly signed and works.
    const url = new URL(String(replay.json().receiptUrl));
    const file = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    const changed = await send(form(Buffer.concat([PNG, Buffer.from('x')])));
    expect(changed.statusCode).toBe(409);
    expect(await count('expenses')).toBe(1);
  });

  it('stores only successes; an expired key no longer counts', async () => {
    const bad = await postExpense(ctx, ann, { description: '' }, { 'idempotency-key': 'retry' });
    expect(bad.statusCode).toBe(400);
    const good = await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId }), {
      'idempotency-key': 'retry',
    });
    expect(good.statusCode).toBe(201);

    const body = { paidToUserId: bea.id, amount: 5, groupId };
    const pay = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { ...ann.auth, 'idempotency-key': 'old' },
        payload: body,
      });
    expect((await pay()).statusCode).toBe(201);
    expect((await pay()).headers['idempotent-replayed']).toBe('true');
    await ctx.database.handle.db.execute(
      sql`update idempotency_keys set expires_at = now() - interval '1 minute' where key = 'old'`,
    );
    const fresh = await pay();
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('payments')).toBe(2);
  });

  it.runIf(testDbKind() === 'postgres')(
    'a key held by a running transaction is a 409, and free again the moment that transaction is gone',
    async () => {
      const body = { paidToUserId: bea.id, amount: 5, groupId };
      // Another request with the key, stuck in its transaction: it holds the key's lock.
      const holder = new pg.Client({ connectionString: ctx.database.url ?? '' });
      await holder.connect();
      holder.on('error', () => undefined);
      const pid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]
        ?.pid;
      await holder.query('begin');
      const held = await holder.query<{ got: boolean }>(
        `select pg_try_advisory_xact_lock(hashtextextended($1, 727450003)) as got`,
        [`${ann.id}\nPOST /api/payments\nbusy`],
      );
      expect(held.rows[0]?.got).toBe(true);
      const send = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/payments',
          headers: { ...ann.auth, 'idempotency-key': 'busy' },
          payload: body,
        });
      const busy = await send();
      expect(busy.statusCode).toBe(409);
      expect(errorBody(busy)).toMatchObject({
        code: 'IDEMPOTENCY_CONFLICT',
        message: 'A request with this Idempotency-Key is already in progress.',
      });
      expect(await count('payments')).toBe(0);
      // Its process dies: the connection goes, the lock with it — no stored marker to expire.
      const admin = ctx.database.handle.db;
      await admin.execute(sql`select pg_terminate_backend(${pid ?? 0})`);
      await holder.end().catch(() => undefined);
      const after = await send();
      expect(after.statusCode).toBe(201);
      expect(after.headers['idempotent-replayed']).toBeUndefined();
      expect(await count('payments')).toBe(1);
    },
  );

  it('payments and settle replay; invalid keys are refused', async () => {
    await befriend(ctx.database.handle.db, ann, bea);
    for (const url of ['/api/payments', '/api/payments/settle']) {
      const payload =
        url === '/api/payments'
          ? { paidToUserId: bea.id, amount: 5 }
          : { otherUserId: bea.id, direction: 'I_PAID', amount: 5 };
      const a = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...ann.auth, 'idempotency-key': 'p' },
        payload,
      });
      const b = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...ann.auth, 'idempotency-key': 'p' },
        payload,
      });
      expect(a.statusCode, a.body).toBe(201);
      expect(b.statusCode).toBe(201);
      expect(b.headers['idempotent-replayed']).toBe('true');
      expect(b.json()).toEqual(a.json());
    }
    expect(await count('payments')).toBe(2);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...ann.auth, 'idempotency-key': 'has space' },
      payload: { paidToUserId: bea.id, amount: 5 },
    });
    expect(bad.statusCode).toBe(400);
    const long = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...ann.auth, 'idempotency-key': 'k'.repeat(256) },
      payload: { paidToUserId: bea.id, amount: 5 },
    });
    expect(long.statusCode).toBe(400);
  });

  it('POST /groups replays the group a lost answer created, and makes no second one', async () => {
    const create = (body: unknown, key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/groups',
        headers: { authorization: `Bearer ${ann.token}`, 'idempotency-key': key },
        payload: body as Record<string, unknown>,
      });
    const groups = async () => {
      const r = (await ctx.database.handle.db.execute(
        sql.raw(`select count(*)::int as n from groups where name = 'Lisbon'`),
      )) as unknown as { rows: { n: number }[] };
      return r.rows[0]?.n ?? -1;
    };
    const first = await create({ name: 'Lisbon', defaultCurrency: 'EUR' }, 'g-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create({ defaultCurrency: 'EUR', name: 'Lisbon' }, 'g-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await groups()).toBe(1);
    const different = await create({ name: 'Lisbon', defaultCurrency: 'USD' }, 'g-1');
    expect(different.statusCode).toBe(409);
    expect(errorBody(different)).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    // Without a key, each create is a new group.
    const plain = await ctx.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: { authorization: `Bearer ${ann.token}` },
      payload: { name: 'Lisbon' },
    });
    expect(plain.statusCode).toBe(201);
    expect(await groups()).toBe(2);
  });
});
