// Comments (docs/api.md §4.6): who may read, add and delete; messages; activity.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers, leaveGroup } from './support/fixtures.js';
import { equalExpense, postExpense } from './support/ledger.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let ann: TestUser;
let bea: TestUser;
let cal: TestUser;
let groupId: number;
let expenseId: number;
beforeEach(async () => {
  await ctx.reset();
  [ann, bea, cal] = (await createUsers(ctx, 'Ann', 'Bea', 'Cal')) as [TestUser, TestUser, TestUser];
  groupId = await createGroup(ctx.database.handle.db, ann, 'Trip', [bea]);
  expenseId = (await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId }))).json<{
    id: number;
  }>().id;
});

function comment(user: TestUser, payload: unknown, id = expenseId) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/expenses/${id}/comments`,
    headers: user.auth,
    payload: payload as Record<string, unknown>,
  });
}

describe('comments', () => {
  it('adds and lists comments oldest first, same shape; commentCount follows', async () => {
    const first = await comment(bea, { content: '  Thanks!  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      content: 'Thanks!',
      expenseId,
      author: { id: bea.id, name: 'Bea', email: 'bea@example.com' },
    });
    expect(first.json().createdAt).toMatch(/Z$/);
    await comment(ann, { content: 'You are welcome' });
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/expenses/${expenseId}/comments`,
      headers: ann.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { content: string }) => c.content)).toEqual([
      'Thanks!',
      'You are welcome',
    ]);
    expect(list.json()[0]).toEqual(first.json());
    const exp = await ctx.app.inject({
      method: 'GET',
      url: `/api/expenses/${expenseId}`,
      headers: ann.auth,
    });
    expect(exp.json().commentCount).toBe(2);
  });

  it('validates content and access', async () => {
    let res = await comment(bea, { content: '   ' });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).message).toBe('Comment cannot be empty.');
    res = await comment(bea, {});
    expect(errorBody(res).message).toBe('Comment cannot be empty.');
    res = await comment(bea, { content: 'x'.repeat(2001) });
    expect(errorBody(res).message).toBe('Comment must be at most 2000 characters.');
    res = await comment(bea, { content: 'x'.repeat(2000) });
    expect(res.statusCode).toBe(201);
    res = await comment(cal, { content: 'hi' });
    expect(res.statusCode).toBe(403);
    expect(errorBody(res).message).toBe('You do not have access to this expense.');
    res = await ctx.app.inject({
      method: 'GET',
      url: `/api/expenses/${expenseId}/comments`,
      headers: cal.auth,
    });
    expect(res.statusCode).toBe(403);
    res = await comment(bea, { content: 'hi' }, 9999999);
    expect(res.statusCode).toBe(404);
    expect(errorBody(res).message).toBe('Expense not found.');
    res = await ctx.app.inject({
      method: 'GET',
      url: '/api/expenses/0/comments',
      headers: ann.auth,
    });
    expect(errorBody(res).message).toBe('Invalid Expense ID.');
  });

  it('only the author deletes, while they can see the expense', async () => {
    const id = (await comment(bea, { content: 'mine' })).json<{ id: number }>().id;
    let res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/comments/${id}`,
      headers: ann.auth,
    });
    expect(res.statusCode).toBe(403);
    expect(errorBody(res).message).toBe('You can only delete your own comments.');
    res = await ctx.app.inject({ method: 'DELETE', url: '/api/comments/abc', headers: ann.auth });
    expect(errorBody(res).message).toBe('Invalid Comment ID.');
    res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/comments/99999999999',
      headers: ann.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(errorBody(res).message).toBe('Comment not found.');
    await leaveGroup(ctx.database.handle.db, groupId, bea.id);
    res = await ctx.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: bea.auth });
    expect(res.statusCode).toBe(403);
    await ctx.database.handle.db.execute(
      sql`update group_members set left_at = null where group_id = ${groupId} and user_id = ${bea.id}`,
    );
    res = await ctx.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: bea.auth });
    expect(res.statusCode).toBe(204);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/expenses/${expenseId}/comments`,
      headers: ann.auth,
    });
    expect(list.json()).toEqual([]);
  });

  it('a comment of a deleted expense is "Comment not found." to its author (issue #31 point 8)', async () => {
    const id = (await comment(bea, { content: 'before it went' })).json<{ id: number }>().id;
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/expenses/${expenseId}`,
      headers: ann.auth,
    });
    expect(gone.statusCode).toBe(204);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/comments/${id}`,
      headers: bea.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(errorBody(res)).toMatchObject({ code: 'NOT_FOUND', message: 'Comment not found.' });
  });

  it('records comment_added for everyone who can see the expense (140 characters)', async () => {
    await befriend(ctx.database.handle.db, ann, cal);
    const ng = (await postExpense(ctx, ann, equalExpense(ann, [ann, cal], 10))).json<{
      id: number;
    }>().id;
    await comment(cal, { content: 'é'.repeat(200) }, ng);
    await comment(ann, { content: 'group one' });
    const rows = (
      (await ctx.database.handle.db.execute(
        sql`select recipient_id, expense_id, description, amount_cents, group_name from activities
            where type = 'comment_added' order by id`,
      )) as unknown as {
        rows: {
          recipient_id: number;
          expense_id: number;
          description: string;
          amount_cents: null;
        }[];
      }
    ).rows;
    expect(
      rows
        .filter((r) => r.expense_id === ng)
        .map((r) => r.recipient_id)
        .sort(),
    ).toEqual([ann.id, cal.id].sort());
    expect(rows[0]?.description).toBe('é'.repeat(140));
    expect(rows[0]?.amount_cents).toBeNull();
    expect(
      rows
        .filter((r) => r.expense_id === expenseId)
        .map((r) => r.recipient_id)
        .sort(),
    ).toEqual([ann.id, bea.id].sort());
  });
});
