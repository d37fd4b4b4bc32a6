// E-mail notifications, settings, one-click unsubscribe and reminders (issue #11 points 4, 6, 7).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { NotificationSetting } from '@evenly/core';
import { queryRows } from '../src/db/database.js';
import type { NotificationChannel } from '../src/modules/notifications/channels.js';
import type { Note } from '../src/modules/notifications/notes.js';
import { NOTIFIER_CURSOR, notifyBatch } from '../src/modules/notifications/notifier.js';
import { readCursor } from '../src/modules/notifications/notifier.repository.js';
import type { ReceivedMail } from './support/smtp-sink.js';
import { befriend, createGroup } from './support/fixtures.js';
import type { TestUser } from './support/fixtures.js';
import { caller, listenChanges, makeUsers, owe } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

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

/** Runs the notifier and every job it enqueues (the change feed also asks for it; this is sure). */
async function notify(): Promise<void> {
  await ctx.app.services.notifications.requestFollow();
  await ctx.drainJobs();
}

function mailsTo(user: TestUser): ReceivedMail[] {
  return ctx.smtp.mails.filter((m) => m.to.includes(user.email));
}

/** The one mail to `user` (fails when there is none or more). */
function onlyMailTo(user: TestUser): ReceivedMail {
  const mails = mailsTo(user);
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  if (mail === undefined) throw new Error(`no mail to ${user.email}`);
  return mail;
}

/** Header value of a raw mail, unfolded. */
function header(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? null : line.slice(name.length + 1).trim();
}

/** The Subject, with RFC 2047 encoded words (`=?UTF-8?Q?…?=`) decoded. */
function subject(m: ReceivedMail): string {
  return (header(m.raw, 'Subject') ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_all, text: string) =>
      Buffer.from(
        text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
    );
}

async function setSettings(user: TestUser, list: NotificationSetting[]): Promise<void> {
  const res = await caller(ctx, user)('PUT', '/api/notification-settings', list);
  expect(res.statusCode).toBe(200);
}

async function addExpense(
  payer: TestUser,
  groupId: number,
  people: TestUser[],
  description: string,
) {
  const res = await caller(ctx, payer)('POST', '/api/expenses', {
    description,
    amount: 30,
    groupId,
    splitType: 'EQUAL',
    payers: [{ userId: payer.id, amountPaid: 30 }],
    splits: people.map((p) => ({ userId: p.id })),
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function groupOf(...people: TestUser[]): Promise<number> {
  const [first, ...rest] = people;
  if (first === undefined) throw new Error('no people');
  return createGroup(ctx.database.handle.db, first, 'Flat', rest);
}

describe('notification settings', () => {
  it('answers every kind with the defaults, and keeps partial updates', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const as = caller(ctx, ann);
    const first = await as('GET', '/api/notification-settings');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([
      { kind: 'GROUP_ADDED', email: 'IMMEDIATE', push: true },
      { kind: 'EXPENSE', email: 'DIGEST', push: true },
      { kind: 'PAYMENT', email: 'DIGEST', push: true },
      { kind: 'COMMENT', email: 'DIGEST', push: true },
      { kind: 'FRIEND_REQUEST', email: 'IMMEDIATE', push: true },
      { kind: 'REMINDER', email: 'IMMEDIATE', push: true },
      { kind: 'BUDGET', email: 'IMMEDIATE', push: true },
    ]);
    const put = await as('PUT', '/api/notification-settings', [
      { kind: 'COMMENT', email: 'OFF', push: false },
    ]);
    expect(put.statusCode).toBe(200);
    expect(put.json<NotificationSetting[]>()).toHaveLength(7);
    const again = (await as('GET', '/api/notification-settings')).json<NotificationSetting[]>();
    expect(again.find((s) => s.kind === 'COMMENT')).toEqual({
      kind: 'COMMENT',
      email: 'OFF',
      push: false,
    });
    expect(again.find((s) => s.kind === 'EXPENSE')?.email).toBe('DIGEST');

    const bad = await as('PUT', '/api/notification-settings', [
      { kind: 'COMMENT', email: 'WEEKLY', push: false },
    ]);
    expect(bad.statusCode).toBe(400);
    errorBody(bad);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/notification-settings' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the notifier', () => {
  it('mails IMMEDIATE kinds at once, never the actor, nothing when OFF', async () => {
    const [ann, bob, cy] = await makeUsers(ctx, 'Ann', 'Bob', 'Cy');
    const groupId = await groupOf(ann, bob, cy);
    await setSettings(bob, [{ kind: 'EXPENSE', email: 'IMMEDIATE', push: true }]);
    await setSettings(cy, [{ kind: 'EXPENSE', email: 'OFF', push: true }]);
    // Ann's own expense: she is its actor and gets nothing even with IMMEDIATE.
    await setSettings(ann, [{ kind: 'EXPENSE', email: 'IMMEDIATE', push: true }]);
    await addExpense(ann, groupId, [ann, bob, cy], 'Groceries');
    await notify();

    const mail = onlyMailTo(bob);
    expect(subject(mail)).toContain('Ann added');
    // Quoted-printable: soft line breaks may fall anywhere in a link.
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('http://evenly.test/app/group/');
    expect(header(mail.raw, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/evenly\.test\/api\/notifications\/unsubscribe\?token=[^>]+>$/,
    );
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mailsTo(ann)).toHaveLength(0);
    expect(mailsTo(cy)).toHaveLength(0);

    // Nothing is mailed twice when the notifier runs again.
    await notify();
    expect(mailsTo(bob)).toHaveLength(1);
  });

  it('mails a person added to a group, not the members who watched it', async () => {
    const [ann, bob, cy] = await makeUsers(ctx, 'Ann', 'Bob', 'Cy');
    const db = ctx.database.handle.db;
    await befriend(db, ann, cy);
    const groupId = await groupOf(ann, bob);
    const res = await caller(ctx, ann)('POST', `/api/groups/${groupId}/members`, {
      memberIds: [cy.id],
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await notify();
    expect(mailsTo(cy).map(subject)).toEqual([expect.stringContaining('Ann added you to Flat')]);
    expect(mailsTo(bob)).toHaveLength(0);
  });

  it('delivers each row exactly once when a batch crashes before its commit', async () => {
    const [ann, bob] = await makeUsers(ctx, 'Ann', 'Bob');
    const groupId = await groupOf(ann, bob);
    await setSettings(bob, [{ kind: 'EXPENSE', email: 'IMMEDIATE', push: true }]);
    // Held back, so that the notifier meets the three rows in one batch.
    await ctx.app.jobWorker.pause();
    for (const d of ['One', 'Two', 'Three']) await addExpense(ann, groupId, [ann, bob], d);
    // A channel that fails the first time it gets the batch: the e-mail channel has already
    // enqueued the three rows' mails in that transaction, which must roll back with it.
    let crashed = false;
    const crashing: NotificationChannel = {
      name: 'crash-once',
      async deliver(_tx, deliveries) {
        if (!crashed && deliveries.length === 3) {
          crashed = true;
          throw new Error('process died mid-batch');
        }
      },
      registerJobs() {},
    };
    const remove = ctx.app.services.notifications.addChannel(crashing);
    ctx.app.jobWorker.resume();
    try {
      await notify();
      // The failed attempt waits out its backoff: move its time instead of waiting for it, then
      // run it and the mails it enqueues.
      await ctx.database.handle.db.execute(
        sql`update jobs set run_after = now() where failed_at is null`,
      );
      await ctx.drainJobs();
    } finally {
      remove();
    }
    expect(crashed).toBe(true);
    expect(mailsTo(bob).map(subject).sort()).toEqual(
      ['Ann added “One”', 'Ann added “Three”', 'Ann added “Two”'].sort(),
    );
  });

  it('does not pass a gap in the ids until it is old enough (a transaction may still fill it)', async () => {
    const [ann, bob] = await makeUsers(ctx, 'Ann', 'Bob');
    const db = ctx.database.handle.db;
    // Held back: the test drives the batches itself.
    await ctx.app.jobWorker.pause();
    try {
      const insert = (id: number) =>
        db.execute(sql`insert into activities (id, recipient_id, type, actor_id, description)
                       overriding system value
                       values (${id}, ${bob.id}, 'expense_added', ${ann.id}, ${`Row ${id}`})`);
      await insert(1);
      await insert(3); // id 2 is still "in flight"
      const seen: Note[] = [];
      const recorder: NotificationChannel = {
        name: 'recorder',
        async deliver(_tx, deliveries) {
          seen.push(...deliveries.map((d) => d.note));
        },
        registerJobs() {},
      };
      const batch = (graceMs: number) =>
        ctx.app.infra.transaction((tx) => notifyBatch(tx, [recorder], graceMs));

      const held = await batch(60_000);
      expect(held).toMatchObject({ passed: 1, waitingOnGap: true });
      expect(await readCursor(db, NOTIFIER_CURSOR)).toBe(1);
      // The late row commits: it is delivered, in order, and the cursor moves on.
      await insert(2);
      expect(await batch(60_000)).toMatchObject({ passed: 2, waitingOnGap: false });
      expect(seen.map((n) => n.activityId)).toEqual([1, 2, 3]);
      // A gap nobody fills (a rolled-back insert) is passed once the row after it is old enough.
      await insert(5);
      expect(await batch(60_000)).toMatchObject({ passed: 0, waitingOnGap: true });
      expect(await batch(0)).toMatchObject({ passed: 1, waitingOnGap: false });
      expect(await readCursor(db, NOTIFIER_CURSOR)).toBe(5);
    } finally {
      ctx.app.jobWorker.resume();
    }
  });

  it('gathers DIGEST rows into one daily mail, once', async () => {
    const [ann, bob] = await makeUsers(ctx, 'Ann', 'Bob');
    const groupId = await groupOf(ann, bob);
    await addExpense(ann, groupId, [ann, bob], 'Rent');
    await addExpense(ann, groupId, [ann, bob], 'Power');
    await notify();
    // EXPENSE is DIGEST by default: nothing yet.
    expect(mailsTo(bob)).toHaveLength(0);

    const { notifications } = ctx.app.services;
    // 09:00 UTC today: past 08:00 for a person without a time zone (digest-time-zones.test.ts
    // has the rest of the clock).
    const nine = new Date(`${new Date().toISOString().slice(0, 10)}T09:00:00Z`);
    expect(await notifications.digestRun(nine)).toBe(1);
    await ctx.drainJobs();
    const digest = onlyMailTo(bob);
    const raw = digest.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain('Rent');
    expect(raw).toContain('Power');
    expect(header(digest.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // Ann acted; she has nothing to read about.
    expect(mailsTo(ann)).toHaveLength(0);

    // The next run has nothing new to say.
    expect(await notifications.digestRun(nine)).toBe(0);
    await ctx.drainJobs();
    expect(mailsTo(bob)).toHaveLength(1);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('turns the kind off on POST without sign-in; a GET changes nothing', async () => {
    const [ann, bob] = await makeUsers(ctx, 'Ann', 'Bob');
    const groupId = await groupOf(ann, bob);
    await setSettings(bob, [{ kind: 'EXPENSE', email: 'IMMEDIATE', push: true }]);
    await addExpense(ann, groupId, [ann, bob], 'Pizza');
    await notify();
    const mail = onlyMailTo(bob);
    const target = /^<([^>]+)>/.exec(header(mail.raw, 'List-Unsubscribe') ?? '')?.[1];
    const url = new URL(target ?? 'http://missing/');
    const path = `${url.pathname}${url.search}`;

    const get = await ctx.app.inject({ method: 'GET', url: path });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toMatch(/^\/unsubscribe\?token=/);
    const still = (await caller(ctx, bob)('GET', '/api/notification-settings')).json<
      NotificationSetting[]
    >();
    expect(still.find((s) => s.kind === 'EXPENSE')?.email).toBe('IMMEDIATE');

    // What a mail client sends: form-encoded, no Authorization, no cookie.
    const post = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json()).toMatchObject({ unsubscribed: 'EXPENSE' });
    const after = (await caller(ctx, bob)('GET', '/api/notification-settings')).json<
      NotificationSetting[]
    >();
    expect(after.find((s) => s.kind === 'EXPENSE')).toEqual({
      kind: 'EXPENSE',
      email: 'OFF',
      push: true,
    });

    await addExpense(ann, groupId, [ann, bob], 'Pasta');
    await notify();
    expect(mailsTo(bob)).toHaveLength(1);
  });

  it('answers 400 with the contract body for a forged or missing token', async () => {
    const [bob] = await makeUsers(ctx, 'Bob');
    const real = ctx.app.services.notifications.unsubscribeToken(bob.id, 'EXPENSE');
    const forged = `${Buffer.from(`${bob.id + 1}.EXPENSE.99999999999`).toString('base64url')}.${real.split('.')[1]}`;
    for (const url of [
      `/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`,
      '/api/notifications/unsubscribe',
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url });
      expect(res.statusCode).toBe(400);
      expect(errorBody(res).code).toBe('INVALID_TOKEN');
    }
  });
});

describe('reminders', () => {
  it('reminds a debtor in a group by mail and in the app, once a day', async () => {
    const [ann, bob] = await makeUsers(ctx, 'Ann', 'Bob');
    const groupId = await groupOf(ann, bob);
    await owe(ctx, groupId, bob, ann, 1250);
    const changes = await listenChanges(ctx);
    const res = await caller(ctx, ann)('POST', '/api/reminders', { userId: bob.id, groupId });
    expect(res.statusCode, res.body).toBe(201);
    // Bob's open apps hear of it at once (his bell), nobody else's.
    await changes.settle();
    changes.stop();
    expect(changes.changes.map((c) => [c.entity, c.recipients])).toEqual([
      ['notification', [bob.id]],
    ]);
    expect(res.json()).toMatchObject({ user: { id: bob.id }, amount: 12.5, currency: 'USD' });
    await ctx.drainJobs();

    const reminder = onlyMailTo(bob);
    expect(subject(reminder)).toBe('Ann reminded you to settle up');
    expect(reminder.raw.replace(/=\r?\n/g, '')).toContain('$12.50');
    expect(header(reminder.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // An in-app row for Bob, but not in the contract's activity feed.
    const rows = await queryRows<{ type: string }>(
      ctx.database.handle.db,
      sql`select type from activities where recipient_id = ${bob.id}`,
    );
    expect(rows.map((r) => r.type)).toContain('reminder');
    const feed = (await caller(ctx, bob)('GET', '/api/activity')).json<{ type: string }[]>();
    expect(feed.map((a) => a.type)).not.toContain('reminder');

    const again = await caller(ctx, ann)('POST', '/api/reminders', { userId: bob.id, groupId });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorBody(again).message).toContain('You already reminded Bob today');
  });

  it('reminds a friend overall; 400 when nothing is owed; 403 and 404 for groups', async () => {
    const [ann, bob, cy, dan] = await makeUsers(ctx, 'Ann', 'Bob', 'Cy', 'Dan');
    const db = ctx.database.handle.db;
    await befriend(db, ann, bob);
    await befriend(db, ann, cy);
    await owe(ctx, null, bob, ann, 500);
    const as = caller(ctx, ann);
    expect((await as('POST', '/api/reminders', { userId: bob.id, groupId: null })).statusCode).toBe(
      201,
    );
    // Cy owes nothing; Ann owes Bob's reverse direction is not a debt to Ann either.
    const nothing = await as('POST', '/api/reminders', { userId: cy.id });
    expect(nothing.statusCode).toBe(400);
    expect(errorBody(nothing).message).toBe('Cy does not owe you anything.');
    await owe(ctx, null, ann, cy, 700);
    expect((await as('POST', '/api/reminders', { userId: cy.id })).statusCode).toBe(400);

    const theirs = await createGroup(db, bob, 'Not mine', [dan]);
    expect(
      (await as('POST', '/api/reminders', { userId: dan.id, groupId: theirs })).statusCode,
    ).toBe(403);
    expect(
      (await as('POST', '/api/reminders', { userId: dan.id, groupId: 999999 })).statusCode,
    ).toBe(404);
    expect((await as('POST', '/api/reminders', { userId: ann.id })).statusCode).toBe(400);
    await ctx.drainJobs();
    expect(mailsTo(bob)).toHaveLength(1);
  });
  it('tells nothing about people outside the group: the same 404 as an unknown id', async () => {
    const [ann, bob, eve, zed] = await makeUsers(ctx, 'Ann', 'Bob', 'Eve', 'Zed');
    const db = ctx.database.handle.db;
    const mine = await createGroup(db, ann, 'Mine', [bob]);
    const theirs = await createGroup(db, eve, 'Theirs', [zed]);
    const guest = await caller(ctx, eve)('POST', `/api/groups/${theirs}/guests`, {
      name: 'Secret Guest',
    });
    expect(guest.statusCode, guest.body).toBe(201);
    const guestId = guest
      .json<{ members: { id: number; guest: boolean }[] }>()
      .members.find((m) => m.guest)?.id;
    expect(
      (await caller(ctx, zed)('DELETE', '/api/auth/me', { password: 'secret123' })).statusCode,
    ).toBe(204);
    const as = caller(ctx, ann);
    // Bob shares the group: he may be named.
    const bobRes = await as('POST', '/api/reminders', { userId: bob.id, groupId: mine });
    expect(errorBody(bobRes).message).toBe('Bob does not owe you anything in this group.');
    const unknown = await as('POST', '/api/reminders', { userId: 999999, groupId: mine });
    expect(unknown.statusCode).toBe(404);
    const { code, message } = errorBody(unknown);
    for (const userId of [eve.id, zed.id, guestId]) {
      for (const groupId of [mine, null]) {
        const res = await as('POST', '/api/reminders', { userId, groupId });
        expect(res.statusCode, res.body).toBe(404);
        expect(errorBody(res)).toMatchObject({ code, message });
        expect(res.body).not.toMatch(/Eve|Zed|Deleted user|Secret Guest/);
      }
    }
  });
});
