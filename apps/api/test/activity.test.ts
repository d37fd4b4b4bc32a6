// Activity feed (docs/api.md §4.8, §1.9): the caller's events newest first, paged with opaque
// cursors. Rows are written with insertActivities, as the writing services do.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { decodeCursor, encodeCursor, idCursorShape } from '../src/http/cursor.js';
import type { NewActivity } from '../src/modules/activity/activity.repository.js';
import { insertActivities } from '../src/modules/activity/activity.repository.js';
import type { TestUser } from './support/fixtures.js';
import { createGroup, createUsers } from './support/fixtures.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

let ctx: TestContext;
let db: Db;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.handle.db;
});
afterAll(async () => ctx.close());
beforeEach(async () => ctx.reset());

async function people<N extends string[]>(...names: N): Promise<{ [K in keyof N]: TestUser }> {
  return (await createUsers(ctx, ...names)) as { [K in keyof N]: TestUser };
}

interface Item {
  id: number;
  type: string;
  createdAt: string;
  actor: { id: number; name: string; email: string };
  groupId: number | null;
  group: { id: number; name: string } | null;
  expenseId: number | null;
  paymentId: number | null;
  commentId: number | null;
  description: string;
  amount: number | null;
  currency: string | null;
  myShare: number;
}

async function feed(user: TestUser, query = '') {
  return ctx.app.inject({ method: 'GET', url: `/api/activity${query}`, headers: user.auth });
}

function note(recipient: TestUser, actor: TestUser, i: number): NewActivity {
  return {
    recipientId: recipient.id,
    type: 'comment_added',
    actorId: actor.id,
    groupId: null,
    groupName: null,
    commentId: i,
    expenseId: 1,
    description: `comment ${i}`,
    amountCents: null,
    currency: null,
    myShareCents: 0,
  };
}

describe('GET /api/activity', () => {
  it('returns the caller’s events newest first with every field', async () => {
    const [ann, bea] = await people('Ann', 'Bea');
    const g = await createGroup(db, ann, 'Lisbon trip', [bea]);
    await insertActivities(db, [
      {
        recipientId: bea.id,
        type: 'group_created',
        actorId: ann.id,
        groupId: g,
        groupName: 'Lisbon trip',
        description: 'Lisbon trip',
        amountCents: null,
        currency: null,
        myShareCents: 0,
      },
      {
        recipientId: bea.id,
        type: 'expense_added',
        actorId: ann.id,
        groupId: g,
        groupName: 'Lisbon trip',
        expenseId: 42,
        description: 'Dinner',
        amountCents: 9000,
        currency: 'USD',
        myShareCents: -3000,
      },
      {
        recipientId: bea.id,
        type: 'payment_added',
        actorId: bea.id,
        groupId: null,
        groupName: null,
        paymentId: 7,
        description: 'Bea paid Ann',
        amountCents: 1050,
        currency: 'EUR',
        myShareCents: 1050,
      },
      // Someone else's event is not in Bea's feed.
      { ...note(ann, bea, 1) },
    ]);
    const res = await feed(bea);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-next-cursor']).toBeUndefined();
    expect(res.headers['link']).toBeUndefined();
    const items = res.json<Item[]>();
    expect(items.map((i) => i.type)).toEqual(['payment_added', 'expense_added', 'group_created']);
    expect(items[0]).toEqual({
      id: expect.any(Number),
      type: 'payment_added',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      actor: { id: bea.id, name: 'Bea', email: 'bea@example.com' },
      groupId: null,
      group: null,
      expenseId: null,
      paymentId: 7,
      commentId: null,
      description: 'Bea paid Ann',
      amount: 10.5,
      currency: 'EUR',
      myShare: 10.5,
      category: null,
    });
    expect(items[1]).toMatchObject({
      actor: { id: ann.id, name: 'Ann', email: 'ann@example.com' },
      groupId: g,
      group: { id: g, name: 'Lisbon trip' },
      expenseId: 42,
      paymentId: null,
      description: 'Dinner',
      amount: 90,
      currency: 'USD',
      myShare: -30,
      // Recorded without a category (as before categories existed): General.
      category: 'general',
    });
    expect(items[2]).toMatchObject({ amount: null, currency: null, myShare: 0 });
    expect(Object.is(items[2]?.myShare, 0)).toBe(true);
    const annFeed = (await feed(ann)).json<Item[]>();
    expect(annFeed.map((i) => i.description)).toEqual(['comment 1']);
  });

  it('pages with limit and an opaque cursor (X-Next-Cursor and Link)', async () => {
    const [ann, bea] = await people('Ann', 'Bea');
    await insertActivities(
      db,
      Array.from({ length: 7 }, (_, i) => note(ann, bea, i + 1)),
    );
    const seen: string[] = [];
    let url = '?limit=3';
    for (let page = 0; page < 5; page++) {
      const res = await feed(ann, url);
      expect(res.statusCode).toBe(200);
      const items = res.json<Item[]>();
      seen.push(...items.map((i) => i.description));
      const cursor = res.headers['x-next-cursor'];
      if (cursor === undefined) {
        expect(res.headers['link']).toBeUndefined();
        break;
      }
      expect(typeof cursor).toBe('string');
      expect(res.headers['link']).toBe(
        `</api/activity?limit=3&before=${String(cursor)}>; rel="next"`,
      );
      url = `?limit=3&before=${String(cursor)}`;
    }
    expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1].map((i) => `comment ${i}`));
    // Exactly a page's worth: no next cursor.
    const all = await feed(ann, '?limit=7');
    expect(all.json<Item[]>()).toHaveLength(7);
    expect(all.headers['x-next-cursor']).toBeUndefined();
  });

  it('defaults to 50 items and accepts up to 200', async () => {
    const [ann, bea] = await people('Ann', 'Bea');
    await insertActivities(
      db,
      Array.from({ length: 60 }, (_, i) => note(ann, bea, i + 1)),
    );
    const res = await feed(ann);
    expect(res.json<Item[]>()).toHaveLength(50);
    expect(res.headers['link']).toMatch(
      /^<\/api\/activity\?limit=50&before=[A-Za-z0-9_-]+>; rel="next"$/,
    );
    expect((await feed(ann, '?limit=200')).json<Item[]>()).toHaveLength(60);
    expect((await feed(ann, '?limit=1')).json<Item[]>()).toHaveLength(1);
  });

  it('refuses bad limits and malformed cursors', async () => {
    const [ann] = await people('Ann');
    for (const q of ['?limit=0', '?limit=201', '?limit=abc', '?limit=1.5', '?limit=-1']) {
      const res = await feed(ann, q);
      expect(res.statusCode, q).toBe(400);
      expect(errorBody(res).code).toBe('VALIDATION_FAILED');
    }
    const bad = [
      'abc!',
      'bm90LWpzb24',
      encodeCursor(['x']),
      encodeCursor([0]),
      encodeCursor([1, 2]),
      Buffer.from('{"a":1}').toString('base64url'),
      'x'.repeat(600),
    ];
    for (const c of bad) {
      const res = await feed(ann, `?before=${encodeURIComponent(c)}`);
      expect(res.statusCode, c).toBe(400);
      expect(errorBody(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Invalid cursor.',
      });
    }
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/activity' });
    expect(res.statusCode).toBe(401);
    expect(errorBody(res).message).toBe('Please log in to continue.');
  });
});

describe('cursor helper', () => {
  it('round-trips keys and rejects foreign shapes', () => {
    expect(decodeCursor(encodeCursor([42]), idCursorShape)).toEqual([42]);
    expect(encodeCursor([42])).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(() => decodeCursor(encodeCursor(['2025-01-01', 3]), idCursorShape)).toThrow(
      'Invalid cursor.',
    );
  });
});
