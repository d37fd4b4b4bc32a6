// GET /groups/{id}/transactions pages through a mixed history with cursors: every item once,
// in the same order as the single-page answer, whatever the page size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './support/fixtures.js';
import { createGroup, createUsers } from './support/fixtures.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';

let ctx: TestContext;
let ann: TestUser;
let bea: TestUser;
let groupId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [ann, bea] = (await createUsers(ctx, 'Ann', 'Bea')) as [TestUser, TestUser];
  groupId = await createGroup(ctx.database.handle.db, ann, 'Paging', [bea]);
  const dates = ['2025-03-01', '2025-03-02', '2025-03-02', '2025-02-28'];
  for (let i = 0; i < 9; i++) {
    const date = dates[i % dates.length] ?? '2025-03-01';
    const res =
      i % 3 === 2
        ? await ctx.app.inject({
            method: 'POST',
            url: '/api/payments',
            headers: bea.auth,
            payload: { paidToUserId: ann.id, amount: i + 1, groupId, date },
          })
        : await ctx.app.inject({
            method: 'POST',
            url: '/api/expenses',
            headers: ann.auth,
            payload: {
              description: `E${i}`,
              amount: 10 + i,
              date,
              groupId,
              splitType: 'EQUAL',
              payers: [{ userId: ann.id, amountPaid: 10 + i }],
              splits: [{ userId: ann.id }, { userId: bea.id }],
            },
          });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('transactions paging', () => {
  it('returns every item once, in order, across pages', async () => {
    const all = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${groupId}/transactions`,
      headers: ann.auth,
    });
    const whole = all
      .json<{ type: string; id: number; date: string }[]>()
      .map((t) => `${t.type}:${t.id}`);
    expect(whole).toHaveLength(9);
    expect(all.headers['x-next-cursor']).toBeUndefined();
    for (const size of [1, 2, 4]) {
      const seen: string[] = [];
      let url: string | null = `/api/groups/${groupId}/transactions?limit=${size}`;
      while (url !== null) {
        const res: Awaited<ReturnType<typeof ctx.app.inject>> = await ctx.app.inject({
          method: 'GET',
          url,
          headers: ann.auth,
        });
        expect(res.statusCode).toBe(200);
        seen.push(...res.json<{ type: string; id: number }[]>().map((t) => `${t.type}:${t.id}`));
        const next = res.headers['x-next-cursor'];
        url =
          typeof next === 'string'
            ? `/api/groups/${groupId}/transactions?limit=${size}&before=${next}`
            : null;
      }
      expect(seen).toEqual(whole);
    }
  });
});
