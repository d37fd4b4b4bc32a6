// Deleting a group (creator only, everyone settled, with its expenses, payments and comments),
// its settle-up suggestions, and the change notifications group and friendship writes send.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { comments, expenses, groups, pairBalances, payments } from '../src/db/schema.js';
import { befriend, createGroup, leaveGroup } from './support/fixtures.js';
import { caller, listenChanges, makeUsers, owe } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { FriendshipBody, GroupBody } from './support/group-bodies.js';
import { insertExpenseWithComment, insertPayment, ISO, u } from './support/group-bodies.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

const db = () => ctx.database.handle.db;
function users<const N extends readonly string[]>(...names: N) {
  return makeUsers(ctx, ...names);
}

describe('DELETE /groups/{id}', () => {
  it('creator only, everyone settled; deletes expenses, payments and comments', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Trip', [bea, cat]);
    const other = await createGroup(db(), bea, 'Other', [ann]);
    await insertExpenseWithComment(db(), g, ann);
    await insertPayment(db(), g, bea, ann);
    const keptExpense = await insertExpenseWithComment(db(), other, bea);

    const notCreator = await caller(ctx, bea)('DELETE', `/api/groups/${g}`);
    expect(notCreator.statusCode).toBe(403);
    expect(errorBody(notCreator)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only the group creator can delete this group.',
    });

    // A former member's open balance also blocks deletion.
    await owe(ctx, g, cat, bea, 300);
    await leaveGroup(db(), g, cat.id);
    const outstanding = await caller(ctx, ann)('DELETE', `/api/groups/${g}`);
    expect(outstanding.statusCode).toBe(409);
    expect(errorBody(outstanding)).toMatchObject({
      code: 'OUTSTANDING_BALANCE',
      message: 'This group still has outstanding balances. Settle up before deleting it.',
    });
    await owe(ctx, g, bea, cat, 300);

    const res = await caller(ctx, ann)('DELETE', `/api/groups/${g}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await db().select().from(groups).where(eq(groups.id, g))).toEqual([]);
    expect((await db().select().from(expenses)).map((e) => e.id)).toEqual([keptExpense]);
    expect(await db().select().from(payments)).toEqual([]);
    expect((await db().select().from(comments)).map((c) => c.expenseId)).toEqual([keptExpense]);
    const gone = await caller(ctx, ann)('GET', `/api/groups/${g}`);
    expect(gone.statusCode).toBe(404);
    expect((await caller(ctx, ann)('GET', '/api/groups/my')).json<GroupBody[]>()).toHaveLength(1);
  });

  it('a simplified group whose pairs cancel out counts as settled', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Ring', [bea, cat], { simplifyDebts: true });
    await owe(ctx, g, ann, bea, 500);
    await owe(ctx, g, bea, cat, 500);
    await owe(ctx, g, cat, ann, 500);
    const res = await caller(ctx, ann)('DELETE', `/api/groups/${g}`);
    expect(res.statusCode).toBe(204);
    expect(await db().select().from(pairBalances)).toEqual([]);
  });
});

describe('GET /groups/{id}/settle-suggestions', () => {
  it('returns the simplification plan whatever simplifyDebts says', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Trip', [bea, cat]);
    const empty = await caller(ctx, cat)('GET', `/api/groups/${g}/settle-suggestions`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    await owe(ctx, g, ann, bea, 1000);
    await owe(ctx, g, bea, cat, 1000);
    const res = await caller(ctx, cat)('GET', `/api/groups/${g}/settle-suggestions`);
    expect(res.json()).toEqual([{ from: u(ann), to: u(cat), amount: 10, currency: 'USD' }]);
  });
});

describe('change notifications', () => {
  it('friendship and group changes reach both parties / every member and the one who leaves', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    await befriend(db(), ann, bea);
    const listener = await listenChanges(ctx);
    try {
      const req = await caller(ctx, ann)('POST', '/api/friendships/requests', {
        recipientEmail: 'cat@example.com',
      });
      const fid = req.json<FriendshipBody>().id;
      await caller(ctx, cat)('PUT', `/api/friendships/requests/${fid}/accept`);
      const g = (await caller(ctx, ann)('POST', '/api/groups', { name: 'Trip' })).json<GroupBody>()
        .id;
      await caller(ctx, ann)('POST', `/api/groups/${g}/members`, { memberIds: [bea.id, cat.id] });
      await caller(ctx, cat)('DELETE', `/api/groups/${g}/members/${cat.id}`);
      await caller(ctx, ann)('DELETE', `/api/groups/${g}`);
      await listener.settle();
      const seen = listener.changes.map((c) => [
        c.entity,
        c.action,
        c.id,
        c.groupId,
        [...c.recipients].sort((x, y) => x - y),
      ]);
      const sorted = (...ids: number[]) => ids.sort((x, y) => x - y);
      expect(seen).toEqual([
        ['friendship', 'created', fid, null, sorted(ann.id, cat.id)],
        ['friendship', 'updated', fid, null, sorted(ann.id, cat.id)],
        ['group', 'created', g, g, [ann.id]],
        ['group', 'updated', g, g, sorted(ann.id, bea.id, cat.id)],
        ['group', 'updated', g, g, sorted(ann.id, bea.id, cat.id)],
        ['group', 'deleted', g, g, sorted(ann.id, bea.id)],
      ]);
      for (const c of listener.changes) expect(c.at).toMatch(ISO);
    } finally {
      listener.stop();
    }
  });

  it('a refused write changes nothing and notifies no one', async () => {
    const [ann, bea] = await users('Ann', 'Bea');
    const g = (await caller(ctx, ann)('POST', '/api/groups', { name: 'Trip' })).json<GroupBody>()
      .id;
    const listener = await listenChanges(ctx);
    try {
      expect((await caller(ctx, bea)('DELETE', `/api/groups/${g}`)).statusCode).toBe(403);
      expect(
        (await caller(ctx, ann)('POST', `/api/groups/${g}/members`, { memberIds: [bea.id] }))
          .statusCode,
      ).toBe(400);
      await listener.settle();
      expect(listener.changes).toEqual([]);
    } finally {
      listener.stop();
    }
  });
});
