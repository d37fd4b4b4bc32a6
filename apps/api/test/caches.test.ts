// The per-process caches (verified tokens, serialized heavy reads) never show a caller anything
// older than the writes this process has made, and follow writes made elsewhere (another
// connection, another process) as soon as PostgreSQL delivers their notification.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers, FIXTURE_PASSWORD } from './support/fixtures.js';
import { equalExpense, multipart, PNG } from './support/ledger.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ REQUIRE_EMAIL_VERIFICATION: 'false' });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

const get = (who: TestUser, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: who.auth });

async function setup() {
  const [ann, bea, cat] = (await createUsers(ctx, 'Ann', 'Bea', 'Cat')) as [
    TestUser,
    TestUser,
    TestUser,
  ];
  const db = ctx.database.handle.db;
  await befriend(db, ann, bea);
  await befriend(db, ann, cat);
  const groupId = await createGroup(db, ann, 'Trip', [bea, cat]);
  return { ann, bea, cat, groupId };
}

async function postExpense(who: TestUser, groupId: number, payerId: number, ids: number[]) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/expenses',
    headers: who.auth,
    payload: {
      description: 'Dinner',
      amount: 30,
      groupId,
      splitType: 'EQUAL',
      payers: [{ userId: payerId, amountPaid: 30 }],
      splits: ids.map((userId) => ({ userId })),
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

describe('cached reads in one process', () => {
  it('show every write of this process on the very next read', async () => {
    const { ann, bea, groupId } = await setup();
    const tx = `/api/groups/${groupId}/transactions?limit=50`;
    // Fill the caches (twice, so the second read is a cache hit).
    for (let i = 0; i < 2; i++) {
      expect((await get(ann, '/api/groups/my')).json()).toHaveLength(1);
      expect((await get(ann, tx)).json()).toEqual([]);
      expect(await get(ann, '/api/activity')).toBeTruthy();
    }
    const before = (await get(ann, '/api/activity')).json<unknown[]>().length;
    // Bea's write, answered before Ann reads again.
    const id = await postExpense(bea, groupId, bea.id, [ann.id, bea.id]);
    const [mine] = (await get(ann, '/api/groups/my')).json<{ myBalance: { net: number } }[]>();
    expect(mine?.myBalance.net).toBe(-15);
    expect((await get(ann, tx)).json<{ id: number }[]>().map((t) => t.id)).toEqual([id]);
    expect((await get(ann, '/api/activity')).json<unknown[]>()).toHaveLength(before + 1);

    // Edits and deletes too.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/expenses/${id}`,
      headers: bea.auth,
      payload: {
        description: 'Dinner',
        amount: 40,
        splitType: 'EQUAL',
        payers: [{ userId: bea.id, amountPaid: 40 }],
        splits: [{ userId: ann.id }, { userId: bea.id }],
      },
    });
    expect(put.statusCode).toBe(200);
    expect(
      (await get(ann, '/api/groups/my')).json<{ myBalance: { net: number } }[]>()[0],
    ).toMatchObject({
      myBalance: { net: -20 },
    });
    expect((await get(ann, tx)).json<{ amount: number }[]>()[0]?.amount).toBe(40);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/expenses/${id}`,
      headers: ann.auth,
    });
    expect(del.statusCode).toBe(204);
    expect((await get(ann, tx)).json()).toEqual([]);
    expect(
      (await get(ann, '/api/groups/my')).json<{ myBalance: { net: number } }[]>()[0],
    ).toMatchObject({
      myBalance: { net: 0 },
    });
  });

  it('refuse a removed member at once, even with a cached page', async () => {
    const { ann, cat, groupId } = await setup();
    const tx = `/api/groups/${groupId}/transactions`;
    expect((await get(cat, tx)).statusCode).toBe(200);
    expect((await get(cat, tx)).statusCode).toBe(200);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/groups/${groupId}/members/${cat.id}`,
      headers: ann.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(cat, tx)).statusCode).toBe(403);
    expect((await get(cat, '/api/groups/my')).json()).toEqual([]);
  });

  it('keep the signed receipt links of each caller and origin apart', async () => {
    const { ann, bea, groupId } = await setup();
    const form = multipart([
      {
        name: 'expenseData',
        value: JSON.stringify({ ...equalExpense(ann, [ann, bea], 10), groupId }),
      },
      { name: 'receiptFile', value: PNG, filename: 'r.png', contentType: 'image/png' },
    ]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { ...ann.auth, ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode).toBe(201);
    const url = `/api/groups/${groupId}/transactions`;
    const link = async (who: TestUser, host: string) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { ...who.auth, host } });
      expect(res.statusCode).toBe(200);
      return new URL(res.json<{ receiptUrl: string }[]>()[0]?.receiptUrl ?? '');
    };
    for (let i = 0; i < 2; i++) {
      expect((await link(ann, 'a.test')).host).toBe('a.test');
      expect((await link(ann, 'b.test')).host).toBe('b.test');
      expect((await link(ann, 'a.test')).searchParams.get('uid')).toBe(String(ann.id));
      expect((await link(bea, 'a.test')).searchParams.get('uid')).toBe(String(bea.id));
    }
  });

  it('refuse a token the moment its password changes through this process', async () => {
    const [ann] = (await createUsers(ctx, 'Ann')) as [TestUser];
    expect((await get(ann, '/api/auth/me')).statusCode).toBe(200);
    expect((await get(ann, '/api/auth/me')).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: ann.auth,
      payload: { currentPassword: FIXTURE_PASSWORD, newPassword: 'another-secret' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get(ann, '/api/auth/me')).statusCode).toBe(401);
  });
});

/**
 * Polls until `check` holds (the notification travels through the database); the deadline
 * only turns a hang into a failure.
 */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('cached reads and writes made through another connection', () => {
  it('drop a token whose version changes in the database (trigger → NOTIFY)', async () => {
    const [ann] = (await createUsers(ctx, 'Ann')) as [TestUser];
    expect((await get(ann, '/api/auth/me')).statusCode).toBe(200);
    await ctx.database.handle.db.execute(
      sql`update users set token_version = token_version + 1 where id = ${ann.id}`,
    );
    await eventually(
      async () => (await get(ann, '/api/auth/me')).statusCode === 401,
      'the superseded token is refused',
    );
  });

  it('drop responses naming a user whose name changes in the database', async () => {
    const { ann, bea } = await setup();
    const names = async () =>
      (await get(ann, '/api/groups/my'))
        .json<{ members: { name: string }[] }[]>()[0]
        ?.members.map((m) => m.name);
    expect(await names()).toContain('Bea');
    await ctx.database.handle.db.execute(
      sql`update users set name = 'Beatrix' where id = ${bea.id}`,
    );
    await eventually(async () => (await names())?.includes('Beatrix') === true, 'the new name');
  });
});
