// Idempotency-Key (contract §1.10) on POST /expenses, /payments and /payments/settle.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers } from './support/fixtures.js';
import { equalExpense, multipart, PNG, postExpense } from './support/ledger.js';

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

  it('stores only successes; a running request is a 409', async () => {
    const bad = await postExpense(ctx, ann, { description: '' }, { 'idempotency-key': 'retry' });
    expect(bad.statusCode).toBe(400);
    const good = await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId }), {
      'idempotency-key': 'retry',
    });
    expect(good.statusCode).toBe(201);

    await ctx.database.handle.db.execute(
      sql`insert into idempotency_keys (user_id, endpoint, key, request_hash, state, expires_at)
          values (${ann.id}, 'POST /api/payments', 'busy', 'x', 'running', now() + interval '1 hour')`,
    );
    const busy = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...ann.auth, 'idempotency-key': 'busy' },
      payload: { paidToUserId: bea.id, amount: 5, groupId },
    });
    // A different hash is reported first; same hash while running → in progress.
    expect(busy.statusCode).toBe(409);
    const { requestHash, canonicalJson } =
      await import('../src/modules/idempotency/idempotency.js');
    const body = { paidToUserId: bea.id, amount: 5, groupId };
    await ctx.database.handle.db.execute(
      sql`update idempotency_keys set request_hash = ${requestHash('POST', 'POST /api/payments', [canonicalJson(body)])}
          where key = 'busy'`,
    );
    const inProgress = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...ann.auth, 'idempotency-key': 'busy' },
      payload: body,
    });
    expect(inProgress.statusCode).toBe(409);
    expect(errorBody(inProgress).message).toBe(
      'A request with this Idempotency-Key is already in progress.',
    );
    // Expired keys no longer count.
    await ctx.database.handle.db.execute(
      sql`update idempotency_keys set expires_at = now() - interval '1 minute' where key = 'busy'`,
    );
    const fresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...ann.auth, 'idempotency-key': 'busy' },
      payload: body,
    });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
  });

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
});
