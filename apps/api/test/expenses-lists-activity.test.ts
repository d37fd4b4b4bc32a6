// Expense lists (GET /expenses/my, a group's transactions, newest first, paged) and what expense
// changes leave behind: activity entries with each recipient's share, and change notifications.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, leaveGroup, resetTrip } from './support/fixtures.js';
import { listenChanges } from './support/social.js';
import { equalExpense, eventually, postExpense, putExpense } from './support/ledger.js';

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
let dan: TestUser;
let groupId: number;
beforeEach(async () => {
  ({ ann, bea, cal, dan, groupId } = await resetTrip(ctx));
});

describe('lists', () => {
  it('GET /expenses/my: participant only, current groups, newest first, paged', async () => {
    await befriend(ctx.database.handle.db, ann, bea);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10 + i, { groupId }));
      ids.push(res.json<{ id: number }>().id);
    }
    await postExpense(ctx, ann, equalExpense(cal, [cal], 5, { groupId })); // ann not involved
    ids.push(
      (await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 7))).json<{ id: number }>().id,
    );
    let res = await ctx.app.inject({ method: 'GET', url: '/api/expenses/my', headers: bea.auth });
    expect(res.json().map((e: { id: number }) => e.id)).toEqual([...ids].reverse());
    expect(res.headers['x-next-cursor']).toBeUndefined();

    const seen: number[] = [];
    let url = '/api/expenses/my?limit=4';
    for (;;) {
      res = await ctx.app.inject({ method: 'GET', url, headers: bea.auth });
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().map((e: { id: number }) => e.id));
      const next = res.headers['x-next-cursor'];
      if (next === undefined) break;
      expect(res.headers.link).toBe(
        `</api/expenses/my?limit=4&before=${String(next)}>; rel="next"`,
      );
      url = `/api/expenses/my?limit=4&before=${String(next)}`;
    }
    expect(seen).toEqual([...ids].reverse());

    await leaveGroup(ctx.database.handle.db, groupId, bea.id);
    res = await ctx.app.inject({ method: 'GET', url: '/api/expenses/my', headers: bea.auth });
    expect(res.json().map((e: { id: number }) => e.id)).toEqual([ids[5]]);

    res = await ctx.app.inject({
      method: 'GET',
      url: '/api/expenses/my?before=zzz',
      headers: bea.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).message).toBe('Invalid cursor.');
    res = await ctx.app.inject({
      method: 'GET',
      url: '/api/expenses/my?limit=0',
      headers: bea.auth,
    });
    expect(res.statusCode).toBe(400);
  });

  it('GET /groups/{id}/transactions mixes expenses and payments, newest date first', async () => {
    const e1 = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 10, { groupId, date: '2025-01-01' }),
    );
    const p1 = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: bea.auth,
      payload: { paidToUserId: ann.id, amount: 5, groupId, date: '2025-01-02' },
    });
    expect(p1.statusCode, p1.body).toBe(201);
    const e2 = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 10, { groupId, date: '2024-12-31' }),
    );
    let res = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${groupId}/transactions`,
      headers: cal.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ type: string; id: number; description?: string }[]>();
    expect(items.map((t) => [t.type, t.id])).toEqual([
      ['payment', p1.json().id],
      ['expense', e1.json().id],
      ['expense', e2.json().id],
    ]);
    expect('description' in (items[0] as object)).toBe(false);
    expect(items[0]).toMatchObject({
      summary: 'Bea paid Ann',
      paidBy: { id: bea.id },
      paidTo: { id: ann.id },
    });
    const page1 = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${groupId}/transactions?limit=2`,
      headers: cal.auth,
    });
    expect(page1.json()).toHaveLength(2);
    const next = String(page1.headers['x-next-cursor']);
    const page2 = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${groupId}/transactions?limit=2&before=${next}`,
      headers: cal.auth,
    });
    expect(page2.json().map((t: { id: number }) => t.id)).toEqual([e2.json().id]);
    res = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${groupId}/transactions`,
      headers: dan.auth,
    });
    expect(res.statusCode).toBe(403);
    res = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/0/transactions`,
      headers: dan.auth,
    });
    expect(errorBody(res).message).toBe('Invalid Group ID.');
    res = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/424242/transactions`,
      headers: dan.auth,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('activity and events', () => {
  it('records expense_added/updated/deleted with myShare per recipient', async () => {
    const db = ctx.database.handle.db;
    const { sql } = await import('drizzle-orm');
    const res = await postExpense(ctx, ann, equalExpense(ann, [ann, bea, cal], 30, { groupId }));
    const id = res.json<{ id: number }>().id;
    await putExpense(ctx, ann, id, equalExpense(ann, [ann, bea], 30, { groupId }));
    await ctx.app.inject({ method: 'DELETE', url: `/api/expenses/${id}`, headers: ann.auth });
    const rows = (
      (await db.execute(
        sql`select type, recipient_id, my_share_cents::int as s, description, amount_cents::int as a, group_name
            from activities where expense_id = ${id} order by id`,
      )) as unknown as { rows: { type: string; recipient_id: number; s: number }[] }
    ).rows;
    const share = (type: string, user: TestUser) =>
      rows.find((r) => r.type === type && r.recipient_id === user.id)?.s;
    expect(share('expense_added', ann)).toBe(2000);
    expect(share('expense_added', bea)).toBe(-1000);
    expect(share('expense_added', cal)).toBe(-1000);
    expect(share('expense_updated', ann)).toBe(-500);
    expect(share('expense_updated', bea)).toBe(-500);
    expect(share('expense_updated', cal)).toBe(1000);
    expect(share('expense_deleted', ann)).toBe(-1500);
    expect(share('expense_deleted', bea)).toBe(1500);
    expect(share('expense_deleted', cal)).toBe(0);
    expect(rows.filter((r) => r.type === 'expense_added')).toHaveLength(3);
    expect(rows[0]).toMatchObject({ description: 'Dinner', a: 3000, group_name: 'Trip' });
    // The group's lastActivityAt moved with the expense writes.
    const group = (
      await ctx.app.inject({ method: 'GET', url: `/api/groups/${groupId}`, headers: ann.auth })
    ).json<{ createdAt: string; lastActivityAt: string }>();
    expect(Date.parse(group.lastActivityAt)).toBeGreaterThan(Date.parse(group.createdAt));
  });

  it('notifies expense, payment and comment changes to the people who can see them', async () => {
    await befriend(ctx.database.handle.db, ann, dan);
    const listener = await listenChanges(ctx);
    try {
      const g = await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId }));
      const gid = g.json<{ id: number }>().id;
      const ng = await postExpense(ctx, ann, equalExpense(ann, [ann, dan], 10));
      const ngid = ng.json<{ id: number }>().id;
      await putExpense(ctx, bea, gid, equalExpense(bea, [ann, bea], 12, { groupId }));
      const c = await ctx.app.inject({
        method: 'POST',
        url: `/api/expenses/${ngid}/comments`,
        headers: dan.auth,
        payload: { content: 'ok' },
      });
      const p = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: dan.auth,
        payload: { paidToUserId: ann.id, amount: 5 },
      });
      await ctx.app.inject({ method: 'DELETE', url: `/api/expenses/${gid}`, headers: cal.auth });
      await eventually(() => expect(listener.changes).toHaveLength(6));
      const simple = listener.changes.map((e) => ({
        entity: e.entity,
        action: e.action,
        id: e.id,
        groupId: e.groupId,
        recipients: [...e.recipients].sort((x, y) => x - y),
      }));
      const sorted = (...u: TestUser[]) => u.map((x) => x.id).sort((x, y) => x - y);
      expect(simple).toEqual([
        {
          entity: 'expense',
          action: 'created',
          id: gid,
          groupId,
          recipients: sorted(ann, bea, cal),
        },
        {
          entity: 'expense',
          action: 'created',
          id: ngid,
          groupId: null,
          recipients: sorted(ann, dan),
        },
        {
          entity: 'expense',
          action: 'updated',
          id: gid,
          groupId,
          recipients: sorted(ann, bea, cal),
        },
        {
          entity: 'comment',
          action: 'created',
          id: c.json().id,
          groupId: null,
          recipients: sorted(ann, dan),
        },
        {
          entity: 'payment',
          action: 'created',
          id: p.json().id,
          groupId: null,
          recipients: sorted(ann, dan),
        },
        {
          entity: 'expense',
          action: 'deleted',
          id: gid,
          groupId,
          recipients: sorted(ann, bea, cal),
        },
      ]);
      // A refused write notifies nobody.
      await postExpense(ctx, ann, equalExpense(ann, [ann, ann], 10, { groupId }));
      // Everything committed so far has reached the listeners (no guess at how long that takes).
      await listener.settle();
      expect(listener.changes).toHaveLength(6);
    } finally {
      listener.stop();
    }
  });
});
