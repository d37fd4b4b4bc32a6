// Each person's language and time zone (issue #32 points 3 and 4): stored through PATCH /auth/me,
// and the daily digest leaving at 08:00 on each person's own clock, once per local date.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageText, MSG_INVALID_LOCALE, MSG_INVALID_TIME_ZONE } from '@evenly/core';
import { DIGEST_MAX_ITEMS } from '../src/modules/notifications/digest.js';
import type { TestUser } from './support/fixtures.js';
import { createGroup } from './support/fixtures.js';
import { caller, makeUsers } from './support/social.js';
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

async function patchMe(user: TestUser, body: Record<string, unknown>) {
  return caller(ctx, user)('PATCH', '/api/auth/me', body);
}

/** An expense by `payer` split with everyone, and the notifier run over it. */
async function addExpense(payer: TestUser, groupId: number, people: TestUser[], what: string) {
  const res = await caller(ctx, payer)('POST', '/api/expenses', {
    description: what,
    amount: 30,
    groupId,
    splitType: 'EQUAL',
    payers: [{ userId: payer.id, amountPaid: 30 }],
    splits: people.map((p) => ({ userId: p.id })),
  });
  expect(res.statusCode, res.body).toBe(201);
  await ctx.app.services.notifications.requestFollow();
  await ctx.drainJobs();
}

/** Runs the digest at `iso` (the run's clock) and sends what it enqueued; who got a mail. */
async function digestAt(iso: string, people: TestUser[]): Promise<string[]> {
  const before = ctx.smtp.mails.length;
  await ctx.app.services.notifications.digestRun(new Date(iso));
  await ctx.drainJobs();
  const sent = ctx.smtp.mails.slice(before);
  return people.filter((p) => sent.some((m) => m.to.includes(p.email))).map((p) => p.name);
}

describe('language and time zone of a person', () => {
  it('are stored by PATCH /auth/me, read back by GET, and cleared with null', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const me = await caller(ctx, ann)('GET', '/api/auth/me');
    expect(me.json()).toMatchObject({ locale: null, timeZone: null });

    const set = await patchMe(ann, { locale: 'pt-br', timeZone: 'America/Sao_Paulo' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ locale: 'pt-BR', timeZone: 'America/Sao_Paulo' });
    // Another field alone leaves them as they are.
    expect((await patchMe(ann, { name: 'Ana' })).json()).toMatchObject({
      name: 'Ana',
      locale: 'pt-BR',
      timeZone: 'America/Sao_Paulo',
    });
    expect((await patchMe(ann, { locale: null, timeZone: '' })).json()).toMatchObject({
      locale: null,
      timeZone: null,
    });
  });

  it('refuses a language Evenly does not speak and a time zone that does not exist', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const badLocale = await patchMe(ann, { locale: 'sv' });
    expect(badLocale.statusCode).toBe(400);
    expect(errorBody(badLocale).details).toEqual([
      { field: 'locale', message: messageText(MSG_INVALID_LOCALE) },
    ]);
    const badZone = await patchMe(ann, { timeZone: 'Mars/Olympus_Mons' });
    expect(badZone.statusCode).toBe(400);
    expect(errorBody(badZone).details).toEqual([
      { field: 'timeZone', message: messageText(MSG_INVALID_TIME_ZONE) },
    ]);
    // Nothing of a refused request is kept.
    const both = await patchMe(ann, { name: 'Changed', timeZone: 42 });
    expect(both.statusCode).toBe(400);
    expect((await caller(ctx, ann)('GET', '/api/auth/me')).json()).toMatchObject({
      name: 'Ann',
      timeZone: null,
    });
  });
});

describe('the daily digest at 08:00 local time', () => {
  it('reaches each person at their own 08:00, once per local date', async () => {
    const [ann, kei, cid, dee] = await makeUsers(ctx, 'Ann', 'Kei', 'Cid', 'Dee');
    expect((await patchMe(kei, { timeZone: 'Asia/Tokyo' })).statusCode).toBe(200);
    expect((await patchMe(cid, { timeZone: 'America/New_York' })).statusCode).toBe(200);
    // Dee has no time zone: UTC.
    const people = [ann, kei, cid, dee];
    const groupId = await createGroup(ctx.database.handle.db, ann, 'Flat', [kei, cid, dee]);
    await addExpense(ann, groupId, people, 'Rent');

    // 2026-01-10 05:00 UTC: 14:00 in Tokyo; 00:00 in New York; 05:00 for Dee.
    expect(await digestAt('2026-01-10T05:00:00Z', people)).toEqual(['Kei']);
    // 08:00 UTC: Dee's turn; Kei had hers today (Tokyo's 10 January).
    expect(await digestAt('2026-01-10T08:00:00Z', people)).toEqual(['Dee']);
    // 12:45 UTC is 07:45 in New York: not yet. 13:00 UTC is 08:00 there.
    expect(await digestAt('2026-01-10T12:45:00Z', people)).toEqual([]);
    expect(await digestAt('2026-01-10T13:00:00Z', people)).toEqual(['Cid']);

    // Something new: each gets it the next morning on their own clock, not before.
    await addExpense(ann, groupId, people, 'Power');
    // 14:59 UTC is 23:59 on the 10th in Tokyo: Kei's 10 January is done.
    expect(await digestAt('2026-01-10T14:59:00Z', people)).toEqual([]);
    // 23:00 UTC is 08:00 on the 11th in Tokyo.
    expect(await digestAt('2026-01-10T23:00:00Z', people)).toEqual(['Kei']);
    expect(await digestAt('2026-01-11T08:00:00Z', people)).toEqual(['Dee']);
    expect(await digestAt('2026-01-11T13:00:00Z', people)).toEqual(['Cid']);
    // Ann wrote both; she has nothing to read about.
    expect(await digestAt('2026-01-12T13:00:00Z', people)).toEqual([]);
  });
});

describe('the size of a digest', () => {
  it(`shows ${DIGEST_MAX_ITEMS} lines and counts the rest`, async () => {
    const [ann, bob] = await makeUsers(ctx, 'Ann', 'Bob');
    const groupId = await createGroup(ctx.database.handle.db, ann, 'Flat', [bob]);
    for (let i = 1; i <= DIGEST_MAX_ITEMS + 2; i++) {
      await addExpense(ann, groupId, [ann, bob], `Item ${i}.`);
    }
    const day = new Date().toISOString().slice(0, 10);
    expect(await digestAt(`${day}T09:00:00Z`, [ann, bob])).toEqual(['Bob']);
    const [digest] = ctx.smtp.mails.filter((m) => m.to.includes(bob.email));
    const raw = (digest?.raw ?? '').replace(/=\r?\n/g, '');
    expect(raw).toContain(`Subject: Your Evenly day: ${DIGEST_MAX_ITEMS + 2} updates`);
    // Oldest first: the first 50 are lines, the last two only counted.
    expect(raw).toContain('Item 1.');
    expect(raw).toContain(`Item ${DIGEST_MAX_ITEMS}.`);
    expect(raw).not.toContain(`Item ${DIGEST_MAX_ITEMS + 1}.`);
    expect(raw).toContain('and 2 more in the app.');
  });
});
