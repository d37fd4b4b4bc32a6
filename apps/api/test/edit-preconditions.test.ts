// What the web app's offline queue relies on (issue #13 point 6): edits that name the version
// they were made from (`expectedUpdatedAt` → 409 EDIT_CONFLICT), and Idempotency-Key on
// PUT /expenses/{id}, PUT /payments/{id} and POST /expenses/{id}/comments, so that a write sent
// again after its answer was lost is replayed, never applied twice or met as its own conflict.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { createGroup, createUsers } from './support/fixtures.js';
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

async function count(
  table: 'comments' | 'activities',
  where: ReturnType<typeof sql> = sql`true`,
): Promise<number> {
  const r = (await ctx.database.handle.db.execute(
    sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`,
  )) as unknown as { rows: { n: number }[] };
  return r.rows[0]?.n ?? -1;
}

function put(user: TestUser, url: string, payload: unknown, key?: string) {
  return ctx.app.inject({
    method: 'PUT',
    url,
    headers: { ...user.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: payload as Record<string, unknown>,
  });
}

async function groupNet(user: TestUser): Promise<unknown> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/balances/group/${groupId}`,
    headers: user.auth,
  });
  return res.json();
}

describe('expectedUpdatedAt on PUT /expenses/{id}', () => {
  it('applies an edit made from the current version and refuses one made from an older one', async () => {
    const created = (
      await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId }))
    ).json<{ id: number; updatedAt: string }>();
    const base = created.updatedAt;

    // Bea edits first (online, no precondition: last write wins as before).
    const hers = await put(
      bea,
      `/api/expenses/${created.id}`,
      equalExpense(ann, [ann, bea], 30, { groupId, description: 'Dinner (Bea)' }),
    );
    expect(hers.statusCode).toBe(200);
    const afterBea = await groupNet(ann);

    // Ann's offline edit was made from the version before Bea's: refused, nothing written.
    const stale = await put(
      ann,
      `/api/expenses/${created.id}`,
      equalExpense(ann, [ann, bea], 20, { groupId, expectedUpdatedAt: base }),
    );
    expect(stale.statusCode).toBe(409);
    expect(errorBody(stale)).toMatchObject({
      status: 409,
      code: 'EDIT_CONFLICT',
      message: 'This expense was changed by someone else after you started editing it.',
    });
    const kept = await ctx.app.inject({
      method: 'GET',
      url: `/api/expenses/${created.id}`,
      headers: ann.auth,
    });
    expect(kept.json()).toMatchObject({ description: 'Dinner (Bea)', amount: 30 });
    expect(await groupNet(ann)).toEqual(afterBea);

    // Made from the current version: applied.
    const current = kept.json<{ updatedAt: string }>().updatedAt;
    const fresh = await put(
      ann,
      `/api/expenses/${created.id}`,
      equalExpense(ann, [ann, bea], 20, { groupId, expectedUpdatedAt: current }),
    );
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ amount: 20, description: 'Dinner' });
    expect(await groupNet(ann)).toEqual([
      { otherUser: expect.objectContaining({ id: bea.id }), netAmount: 10, currency: 'USD' },
    ]);
  });

  it('refuses a malformed expectedUpdatedAt with a 400, and a vanished expense is a 404', async () => {
    const created = (
      await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId }))
    ).json<{ id: number }>();
    const bad = await put(
      ann,
      `/api/expenses/${created.id}`,
      equalExpense(ann, [ann, bea], 20, { groupId, expectedUpdatedAt: 'yesterday' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'expectedUpdatedAt must be a timestamp such as 2025-03-14T18:04:05.123Z.',
      details: [{ field: 'expectedUpdatedAt' }],
    });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/expenses/${created.id}`,
      headers: bea.auth,
    });
    const gone = await put(
      ann,
      `/api/expenses/${created.id}`,
      equalExpense(ann, [ann, bea], 20, {
        groupId,
        expectedUpdatedAt: '2025-03-14T18:04:05.123Z',
      }),
    );
    expect(gone.statusCode).toBe(404);
  });

  it('replays an edit sent again under its Idempotency-Key instead of calling it a conflict', async () => {
    const created = (
      await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId }))
    ).json<{ id: number; updatedAt: string }>();
    const edit = equalExpense(ann, [ann, bea], 50, {
      groupId,
      expectedUpdatedAt: created.updatedAt,
    });
    const url = `/api/expenses/${created.id}`;
    const first = await put(ann, url, edit, 'edit-1');
    expect(first.statusCode).toBe(200);
    const activitiesAfterFirst = await count('activities', sql`type = 'expense_updated'`);
    // The answer was lost; the queue sends the same edit again.
    const again = await put(ann, url, edit, 'edit-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count('activities', sql`type = 'expense_updated'`)).toBe(activitiesAfterFirst);
    // Without the key the same resend is a conflict: its base is gone.
    expect((await put(ann, url, edit)).statusCode).toBe(409);
    // The key of one edit cannot carry another.
    const other = await put(ann, url, { ...edit, amount: 60 }, 'edit-1');
    expect(other.statusCode).toBe(409);
    expect(errorBody(other).code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('checks the precondition on a multipart edit with a receipt, and replays it by its bytes', async () => {
    const created = (
      await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId }))
    ).json<{ id: number; updatedAt: string }>();
    const form = (expected: string) =>
      multipart([
        {
          name: 'expenseData',
          value: JSON.stringify(
            equalExpense(ann, [ann, bea], 12, { groupId, expectedUpdatedAt: expected }),
          ),
        },
        { name: 'receiptFile', value: PNG, filename: 'r.png', contentType: 'image/png' },
      ]);
    const send = (f: ReturnType<typeof form>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/expenses/${created.id}`,
        headers: { ...ann.auth, ...f.headers, 'idempotency-key': 'with-file' },
        payload: f.payload,
      });
    const first = await send(form(created.updatedAt));
    expect(first.statusCode).toBe(200);
    expect(first.json<{ receiptUrl: string | null }>().receiptUrl).not.toBeNull();
    const replay = await send(form(created.updatedAt));
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const url = new URL(String(replay.json<{ receiptUrl: string }>().receiptUrl));
    const file = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
  });

  it('guards an edit of "this and future" occurrences by the occurrence it names', async () => {
    const created = (
      await postExpense(
        ctx,
        ann,
        equalExpense(ann, [ann, bea], 10, {
          groupId,
          date: '2025-01-01',
          recurrence: { frequency: 'MONTHLY', timeZone: 'UTC', endCount: 2 },
        }),
      )
    ).json<{ id: number; updatedAt: string }>();
    await put(bea, `/api/expenses/${created.id}`, equalExpense(ann, [ann, bea], 11, { groupId }));
    const stale = await put(
      ann,
      `/api/expenses/${created.id}?scope=future`,
      equalExpense(ann, [ann, bea], 20, { groupId, expectedUpdatedAt: created.updatedAt }),
    );
    expect(stale.statusCode).toBe(409);
    expect(errorBody(stale).code).toBe('EDIT_CONFLICT');
  });
});

describe('expectedUpdatedAt and Idempotency-Key on PUT /payments/{id}', () => {
  it('refuses an edit of a payment changed meanwhile and replays a repeated one', async () => {
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: ann.auth,
      payload: { paidToUserId: bea.id, amount: 5, groupId },
    });
    const payment = made.json<{ id: number; updatedAt: string }>();
    const url = `/api/payments/${payment.id}`;
    const edit = {
      paidToUserId: bea.id,
      amount: 7.25,
      groupId,
      expectedUpdatedAt: payment.updatedAt,
    };
    const first = await put(ann, url, edit, 'pay-edit');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ amount: 7.25 });
    const replay = await put(ann, url, edit, 'pay-edit');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    const stale = await put(bea, url, { ...edit, amount: 9 });
    expect(stale.statusCode).toBe(409);
    expect(errorBody(stale)).toMatchObject({
      code: 'EDIT_CONFLICT',
      message: 'This payment was changed by someone else after you started editing it.',
    });
    expect(await groupNet(ann)).toEqual([
      { otherUser: expect.objectContaining({ id: bea.id }), netAmount: 7.25, currency: 'USD' },
    ]);
  });
});

describe('Idempotency-Key on POST /expenses/{id}/comments', () => {
  it('adds a comment once however often it is sent under its key', async () => {
    const expense = (
      await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId }))
    ).json<{ id: number }>();
    const send = (content: string, key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/expenses/${expense.id}/comments`,
        headers: { ...ann.auth, 'idempotency-key': key },
        payload: { content },
      });
    const first = await send('Thanks!', 'c-1');
    expect(first.statusCode).toBe(201);
    const again = await send('Thanks!', 'c-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count('comments')).toBe(1);
    expect(await count('activities', sql`type = 'comment_added'`)).toBe(2);

    const different = await send('Thanks again!', 'c-1');
    expect(different.statusCode).toBe(409);
    expect(errorBody(different).code).toBe('IDEMPOTENCY_CONFLICT');
    // The same key on another expense is another request too.
    const other = (
      await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId }))
    ).json<{ id: number }>();
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: `/api/expenses/${other.id}/comments`,
      headers: { ...ann.auth, 'idempotency-key': 'c-1' },
      payload: { content: 'Thanks!' },
    });
    expect(elsewhere.statusCode).toBe(201);
    expect(await count('comments')).toBe(2);
    // A failure is not stored: the key still works once the request is right.
    const empty = await send('', 'c-2');
    expect(empty.statusCode).toBe(400);
    expect((await send('Fixed', 'c-2')).statusCode).toBe(201);
  });
});
