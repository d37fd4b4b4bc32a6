// The notifier and Web Push together: an expense someone else adds reaches the person's devices
// as an encrypted push (what the service worker shows), per their push switch, never the actor's.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import { createGroup, createUsers } from './support/fixtures.js';
import type { TestUser } from './support/fixtures.js';
import { equalExpense, postExpense } from './support/ledger.js';
import { decryptPush, makeSubscription, startPushService } from './support/push-service.js';
import type { LocalPushService, TestSubscription } from './support/push-service.js';
import { caller } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';

let ctx: TestContext;
let pushService: LocalPushService;
let ann: TestUser;
let bea: TestUser;
let device = 0;

beforeAll(async () => {
  pushService = await startPushService();
  ctx = await createTestContext({
    PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    VAPID_SUBJECT: 'mailto:admin@evenly.test',
  });
});
afterAll(async () => {
  await ctx.close();
  await pushService.close();
});
beforeEach(async () => {
  await ctx.reset();
  pushService.received.length = 0;
  [ann, bea] = (await createUsers(ctx, 'Ann', 'Bea')) as [TestUser, TestUser];
});

/** Runs the notifier now (rather than when the change feed's doorbell gets to it) and its jobs. */
async function notify(): Promise<void> {
  await ctx.app.services.notifications.requestFollow();
  await ctx.drainJobs();
}

async function subscribe(user: TestUser): Promise<TestSubscription> {
  device += 1;
  const sub = makeSubscription(`${pushService.origin}/push/notify-${device}`);
  const res = await caller(ctx, user)('POST', '/api/push/subscriptions', {
    endpoint: sub.endpoint,
    keys: sub.keys,
  });
  expect(res.statusCode, res.body).toBe(201);
  return sub;
}

describe('push notifications from the notifier', () => {
  it("sends an expense someone else added to the person's device, not to the actor's", async () => {
    const annPhone = await subscribe(ann);
    await subscribe(bea);
    const groupId = await createGroup(ctx.database.handle.db, bea, 'Flat', [ann]);
    const res = await postExpense(ctx, bea, equalExpense(bea, [ann, bea], 60, { groupId }));
    expect(res.statusCode).toBe(201);
    await notify();

    const toAnn = pushService.received.filter(
      (p) => p.path === new URL(annPhone.endpoint).pathname,
    );
    expect(toAnn).toHaveLength(1);
    const payload = JSON.parse(decryptPush(toAnn[0]?.body ?? Buffer.alloc(0), annPhone)) as {
      title: string;
      body: string;
      url: string;
      tag: string;
    };
    expect(`${payload.title} ${payload.body}`).toContain('Dinner');
    expect(payload.url).toMatch(new RegExp(`^/app/group/${groupId}`));
    expect(payload.tag).toMatch(/^activity-\d+$/);
    // Bea did it: nothing on her device.
    expect(pushService.received).toHaveLength(1);
  });

  it("writes the push in the person's language (issue #32)", async () => {
    const me = await caller(ctx, ann)('PATCH', '/api/auth/me', { locale: 'ar' });
    expect(me.statusCode, me.body).toBe(200);
    const annPhone = await subscribe(ann);
    const groupId = await createGroup(ctx.database.handle.db, bea, 'Flat', [ann]);
    const res = await postExpense(
      ctx,
      bea,
      equalExpense(bea, [ann, bea], 60, { groupId, description: 'Dinner' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    await notify();
    const [sent] = pushService.received;
    const payload = JSON.parse(decryptPush(sent?.body ?? Buffer.alloc(0), annPhone)) as {
      title: string;
      body: string;
    };
    expect(payload.title).toBe('أضاف Bea «Dinner»');
    expect(payload.body).toMatch(/ في Flat\. حصتك: /);
  });

  it('sends nothing when the push switch of that kind is off', async () => {
    await subscribe(ann);
    const off = await caller(ctx, ann)('PUT', '/api/notification-settings', [
      { kind: 'EXPENSE', email: 'OFF', push: false },
    ]);
    expect(off.statusCode, off.body).toBe(200);
    const groupId = await createGroup(ctx.database.handle.db, bea, 'Flat', [ann]);
    await postExpense(ctx, bea, equalExpense(bea, [ann, bea], 60, { groupId }));
    await notify();
    expect(pushService.received).toHaveLength(0);
  });

  it('enqueues a push only for people with a subscribed device', async () => {
    // Bea, Cy and Dan have push on for expenses (the default); only Cy has a device.
    const [cy, dan] = (await createUsers(ctx, 'Cy', 'Dan')) as [TestUser, TestUser];
    const cyPhone = await subscribe(cy);
    const groupId = await createGroup(ctx.database.handle.db, ann, 'Trip', [bea, cy, dan]);
    await ctx.app.jobWorker.pause();
    try {
      for (const d of ['Fuel', 'Tolls']) {
        const res = await postExpense(
          ctx,
          ann,
          equalExpense(ann, [ann, bea, cy, dan], 40, { groupId, description: d }),
        );
        expect(res.statusCode, res.body).toBe(201);
      }
      // The notifier's run, on its own: it enqueues the deliveries; the worker waits.
      await ctx.app.services.notifications.follow();
      const waiting = await queryRows<{ user_id: number }>(
        ctx.database.handle.db,
        sql`select (payload->>'userId')::int as user_id from jobs
             where kind = 'notifications.push' order by id`,
      );
      // One job per expense for Cy; none for Bea and Dan, whose pushes would find no device.
      expect(waiting.map((j) => j.user_id)).toEqual([cy.id, cy.id]);
    } finally {
      ctx.app.jobWorker.resume();
    }
    await ctx.drainJobs();
    expect(pushService.received.map((p) => p.path)).toEqual([
      new URL(cyPhone.endpoint).pathname,
      new URL(cyPhone.endpoint).pathname,
    ]);
  });
});
