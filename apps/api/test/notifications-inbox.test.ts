// In-app notifications (issue #11): the caller's activity rows of other people's actions, with
// read state; friend requests as notifications; the activity feed keeps the contract's types.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { users } from '../src/db/schema.js';
import type { NewActivity } from '../src/modules/activity/activity.repository.js';
import { insertActivities } from '../src/modules/activity/activity.repository.js';
import type { TestUser } from './support/fixtures.js';
import { createGroup } from './support/fixtures.js';
import { equalExpense } from './support/ledger.js';
import { caller, listenChanges, makeUsers } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { bearer, createTestContext, errorBody } from './support/test-app.js';

let ctx: TestContext;
let db: Db;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.handle.db;
});
afterAll(async () => ctx.close());
beforeEach(async () => ctx.reset());

interface Notification {
  id: number;
  type: string;
  actor: { id: number; name: string };
  group: { id: number; name: string } | null;
  expenseId: number | null;
  description: string;
  amount: number | null;
  myShare: number;
  read: boolean;
}

async function notifications(user: TestUser, query = ''): Promise<Notification[]> {
  const res = await caller(ctx, user)('GET', `/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Notification[]>();
}

async function unread(user: TestUser): Promise<number> {
  const res = await caller(ctx, user)('GET', '/api/notifications/unread-count');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number }>().count;
}

async function feedTypes(user: TestUser): Promise<string[]> {
  const res = await caller(ctx, user)('GET', '/api/activity');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ type: string }[]>().map((i) => i.type);
}

function row(recipient: TestUser, actor: TestUser, type: NewActivity['type'], i = 0): NewActivity {
  return {
    recipientId: recipient.id,
    type,
    actorId: actor.id,
    groupId: null,
    groupName: null,
    commentId: i,
    expenseId: 1,
    description: `note ${i}`,
    amountCents: null,
    currency: null,
    myShareCents: 0,
  };
}

describe('GET /api/notifications', () => {
  it('lists other people’s actions on the caller’s things, never the caller’s own', async () => {
    const [ann, bea, cara] = await makeUsers(ctx, 'Ann', 'Bea', 'Cara');
    const groupId = await createGroup(db, ann, 'Lisbon trip', [bea]);
    const res = await caller(ctx, bea)(
      'POST',
      '/api/expenses',
      equalExpense(bea, [ann, bea], 60, { groupId }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const expenseId = res.json<{ id: number }>().id;

    const list = await notifications(ann);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'expense_added',
      actor: { id: bea.id, name: 'Bea' },
      group: { id: groupId, name: 'Lisbon trip' },
      expenseId,
      description: 'Dinner',
      amount: 60,
      currency: 'USD',
      myShare: -30,
      read: false,
    });
    expect(await unread(ann)).toBe(1);
    // Bea's own action is in her activity feed but not among her notifications.
    expect(await feedTypes(bea)).toEqual(['expense_added']);
    expect(await notifications(bea)).toEqual([]);
    expect(await unread(bea)).toBe(0);
    // Nobody sees another person's notifications.
    expect(await notifications(cara)).toEqual([]);
    expect(await unread(cara)).toBe(0);
  });

  it('pages newest first with limit and an opaque cursor, skipping own rows', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const rows: NewActivity[] = [];
    for (let i = 1; i <= 5; i++) {
      rows.push(row(ann, bea, 'comment_added', i), row(ann, ann, 'comment_added', 100 + i));
    }
    await insertActivities(db, rows);

    const first = await caller(ctx, ann)('GET', '/api/notifications?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json<Notification[]>().map((n) => n.description)).toEqual(['note 5', 'note 4']);
    const cursor = first.headers['x-next-cursor'];
    expect(typeof cursor).toBe('string');
    expect(first.headers.link).toBe(
      `</api/notifications?limit=2&before=${String(cursor)}>; rel="next"`,
    );

    const second = await notifications(ann, `?limit=2&before=${String(cursor)}`);
    expect(second.map((n) => n.description)).toEqual(['note 3', 'note 2']);
    const all = await caller(ctx, ann)('GET', '/api/notifications?limit=5');
    expect(all.json<Notification[]>()).toHaveLength(5);
    expect(all.headers['x-next-cursor']).toBeUndefined();

    const bad = await caller(ctx, ann)('GET', '/api/notifications?before=nope!');
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).message).toBe('Invalid cursor.');
    expect((await caller(ctx, ann)('GET', '/api/notifications?limit=201')).statusCode).toBe(400);
  });

  it('needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read-all'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('reading notifications', () => {
  it('marks chosen ones read, ignoring ids that are not the caller’s', async () => {
    const [ann, bea, cara] = await makeUsers(ctx, 'Ann', 'Bea', 'Cara');
    await insertActivities(db, [
      row(ann, bea, 'comment_added', 1),
      row(ann, bea, 'comment_added', 2),
      row(cara, bea, 'comment_added', 3),
    ]);
    const [second, first] = await notifications(ann);
    const [caras] = await notifications(cara);
    if (first === undefined || second === undefined || caras === undefined) throw new Error('rows');
    expect(await unread(ann)).toBe(2);

    // Cara cannot mark Ann's notification read; Ann's id in her request matches nothing.
    let res = await caller(ctx, cara)('POST', '/api/notifications/read', { ids: [first.id] });
    expect(res.statusCode).toBe(204);
    expect(await unread(ann)).toBe(2);

    res = await caller(ctx, ann)('POST', '/api/notifications/read', { ids: [first.id, caras.id] });
    expect(res.statusCode, res.body).toBe(204);
    expect(await unread(ann)).toBe(1);
    expect(await unread(cara)).toBe(1);
    expect((await notifications(ann)).map((n) => [n.description, n.read])).toEqual([
      ['note 2', false],
      ['note 1', true],
    ]);
  });

  it('marks all read by moving the watermark; later ones are unread again', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    await insertActivities(db, [row(ann, bea, 'comment_added', 1), row(ann, bea, 'reminder', 2)]);
    expect(await unread(ann)).toBe(2);
    const res = await caller(ctx, ann)('POST', '/api/notifications/read-all');
    expect(res.statusCode, res.body).toBe(204);
    expect(await unread(ann)).toBe(0);
    expect((await notifications(ann)).every((n) => n.read)).toBe(true);

    await insertActivities(db, [row(ann, bea, 'comment_added', 3)]);
    expect(await unread(ann)).toBe(1);
    expect((await notifications(ann)).map((n) => n.read)).toEqual([false, true, true]);
  });

  it('counts only rows above the watermark (history before the migration is read)', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    await insertActivities(db, [
      row(ann, bea, 'comment_added', 1),
      row(ann, bea, 'comment_added', 2),
    ]);
    const [newest] = await notifications(ann);
    if (newest === undefined) throw new Error('rows');
    await db
      .update(users)
      .set({ notificationsReadThrough: newest.id - 1 })
      .where(eq(users.id, ann.id));
    expect(await unread(ann)).toBe(1);
    expect((await notifications(ann)).map((n) => n.read)).toEqual([false, true]);
  });

  it('refuses an empty or malformed id list', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    for (const payload of [{ ids: [] }, { ids: ['x'] }, { ids: [0] }, {}]) {
      const res = await caller(ctx, ann)('POST', '/api/notifications/read', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('tells the reader’s other devices through the event stream, nobody else', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    await insertActivities(db, [row(ann, bea, 'comment_added', 1)]);
    const feed = await listenChanges(ctx);
    try {
      await caller(ctx, ann)('POST', '/api/notifications/read-all');
      await feed.settle();
      expect(feed.changes.map((c) => [c.entity, c.action, c.recipients])).toEqual([
        ['notification', 'updated', [ann.id]],
      ]);
    } finally {
      feed.stop();
    }
  });
});

describe('friend requests as notifications', () => {
  it('gives the addressee a friend_request notification, kept out of the activity feed', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const res = await caller(ctx, bea)('POST', '/api/friendships/requests', {
      recipientEmail: ann.email,
    });
    expect(res.statusCode, res.body).toBe(201);

    const list = await notifications(ann);
    expect(list).toEqual([
      expect.objectContaining({
        type: 'friend_request',
        actor: expect.objectContaining({ id: bea.id, name: 'Bea' }),
        group: null,
        expenseId: null,
        description: 'Bea sent you a friend request',
        amount: null,
        myShare: 0,
        read: false,
      }),
    ]);
    expect(await unread(ann)).toBe(1);
    expect(await notifications(bea)).toEqual([]);
    expect(await feedTypes(ann)).toEqual([]);
    expect(await feedTypes(bea)).toEqual([]);

    // Asking back accepts: no second request, so no notification for Bea.
    const back = await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: bea.email,
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(await notifications(bea)).toEqual([]);
  });
});

describe('friend requests from invitations', () => {
  it('gives a newcomer the inviter’s friend request as a notification once verified', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const invite = await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: 'newbie@example.com',
    });
    expect(invite.statusCode, invite.body).toBe(202);
    await ctx.drainJobs();
    ctx.smtp.clear();
    const { token } = await ctx.signUp('Newbie', 'newbie@example.com');
    const newbie = { auth: bearer(token) };
    const res = await caller(ctx, newbie)('GET', '/api/notifications');
    expect(res.json<Notification[]>()).toEqual([
      expect.objectContaining({
        type: 'friend_request',
        actor: expect.objectContaining({ id: ann.id }),
        description: 'Ann sent you a friend request',
        read: false,
      }),
    ]);
  });
});

describe('GET /api/activity keeps the contract’s types', () => {
  it('leaves out notification-only kinds (friend_request, reminder)', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    await insertActivities(db, [
      row(ann, bea, 'comment_added', 1),
      row(ann, bea, 'friend_request', 2),
      row(ann, bea, 'reminder', 3),
      row(ann, bea, 'expense_added', 4),
    ]);
    expect(await feedTypes(ann)).toEqual(['expense_added', 'comment_added']);
    const page = await caller(ctx, ann)('GET', '/api/activity?limit=1');
    expect(page.json<{ type: string }[]>().map((i) => i.type)).toEqual(['expense_added']);
    const cursor = String(page.headers['x-next-cursor']);
    const next = await caller(ctx, ann)('GET', `/api/activity?limit=1&before=${cursor}`);
    expect(next.json<{ type: string }[]>().map((i) => i.type)).toEqual(['comment_added']);
    expect(next.headers['x-next-cursor']).toBeUndefined();
    expect((await notifications(ann)).map((n) => n.type)).toEqual([
      'expense_added',
      'reminder',
      'friend_request',
      'comment_added',
    ]);
  });
});
