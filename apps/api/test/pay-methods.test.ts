// "How to pay me" (issue #33 point 1): a person reads and replaces their pay methods (validated
// and normalised by core's rules, every problem at its field); people who share a current group
// or an accepted friendship read them; strangers, pending requests and former group mates get
// 404; account deletion removes them. PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageText, PAY_METHOD_MESSAGES } from '@evenly/core';
import { friendships, payMethods } from '../src/db/schema.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, FIXTURE_PASSWORD, leaveGroup } from './support/fixtures.js';
import { caller, makeUsers } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

let ctx: TestContext;
let ana: TestUser;
let bea: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  [ana, bea] = await makeUsers(ctx, 'Ana', 'Bea');
});

const db = () => ctx.database.handle.db;

const NONE = {
  bank: null,
  paypal: null,
  venmo: null,
  revolut: null,
  monzo: null,
  upi: null,
  swish: null,
};

const BEA = {
  bank: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', holder: 'Bea Costa' },
  paypal: 'beacosta',
  venmo: null,
  revolut: null,
  monzo: null,
  upi: 'bea@okaxis',
  swish: '0701234567',
};

async function saveBea() {
  const res = await caller(ctx, bea)('PUT', '/api/auth/me/pay-methods', {
    bank: { iban: 'de89 3704 0044 0532 0130 00', bic: 'cobade ffxxx', holder: ' Bea\nCosta ' },
    paypal: 'https://paypal.me/beacosta',
    venmo: '',
    upi: 'bea@okaxis',
    swish: '+46 70 123 45 67',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('my pay methods', () => {
  it('start empty, are replaced as a whole and stored normalised', async () => {
    const empty = await caller(ctx, bea)('GET', '/api/auth/me/pay-methods');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(NONE);

    expect((await saveBea()).json()).toEqual(BEA);
    expect((await caller(ctx, bea)('GET', '/api/auth/me/pay-methods')).json()).toEqual(BEA);

    // Replacing drops what is not sent.
    const res = await caller(ctx, bea)('PUT', '/api/auth/me/pay-methods', { revolut: '@bea_c' });
    expect(res.json()).toEqual({ ...NONE, revolut: 'bea_c' });
    const [row] = await db().select().from(payMethods).where(eq(payMethods.userId, bea.id));
    expect(row).toMatchObject({ iban: null, ibanHolder: null, paypal: null, revolut: 'bea_c' });
  });

  it('refuses bad input with every problem at its field, and changes nothing', async () => {
    await saveBea();
    const res = await caller(ctx, bea)('PUT', '/api/auth/me/pay-methods', {
      bank: { iban: 'DE89370400440532013001', holder: 'Bea' },
      paypal: 'bea costa',
      upi: 'not-a-vpa',
    });
    expect(res.statusCode).toBe(400);
    const body = errorBody(res);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe(messageText(PAY_METHOD_MESSAGES.ibanChecksum));
    expect(body.details).toEqual([
      { field: 'bank.iban', message: messageText(PAY_METHOD_MESSAGES.ibanChecksum) },
      { field: 'paypal', message: messageText(PAY_METHOD_MESSAGES.paypal) },
      { field: 'upi', message: messageText(PAY_METHOD_MESSAGES.upi) },
    ]);
    for (const bad of [
      [],
      { paypal: 42 },
      { bank: 'DE89' },
      { bank: { iban: 'DE89', holder: 'x' } },
    ]) {
      const r = await caller(ctx, bea)('PUT', '/api/auth/me/pay-methods', bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await caller(ctx, bea)('GET', '/api/auth/me/pay-methods')).json()).toEqual(BEA);
  });
});

describe('reading someone else’s', () => {
  it('works for a friend and a group mate, and is 404 for anyone else', async () => {
    const [cai, dev, eve, fay] = await makeUsers(ctx, 'Cai', 'Dev', 'Eve', 'Fay');
    await saveBea();
    await befriend(db(), ana, bea);
    await createGroup(db(), cai, 'Lisbon trip', [bea]);
    const former = await createGroup(db(), dev, 'Old flat', [bea]);
    await leaveGroup(db(), former, dev.id);
    // A request not yet accepted is no friendship.
    await db()
      .insert(friendships)
      .values({
        requesterId: eve.id,
        addresseeId: bea.id,
        status: 'PENDING',
        userLow: Math.min(eve.id, bea.id),
        userHigh: Math.max(eve.id, bea.id),
      });
    const url = `/api/users/${String(bea.id)}/pay-methods`;
    for (const who of [ana, cai, bea]) {
      const res = await caller(ctx, who)('GET', url);
      expect(res.statusCode, who.name).toBe(200);
      expect(res.json()).toEqual(BEA);
    }
    for (const who of [dev, eve, fay]) {
      const res = await caller(ctx, who)('GET', url);
      expect(res.statusCode, who.name).toBe(404);
      expect(errorBody(res).code).toBe('NOT_FOUND');
    }
    // A person who does not exist looks the same; ids out of range are 404, not 500.
    for (const id of ['999999', '99999999999']) {
      const res = await caller(ctx, ana)('GET', `/api/users/${id}/pay-methods`);
      expect(res.statusCode).toBe(404);
    }
    expect((await caller(ctx, ana)('GET', '/api/users/abc/pay-methods')).statusCode).toBe(400);
    // A friend without methods: all nulls.
    const own = await caller(ctx, bea)('GET', `/api/users/${String(ana.id)}/pay-methods`);
    expect(own.json()).toEqual(NONE);
  });

  it('needs a sign-in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me/pay-methods' });
    expect(res.statusCode).toBe(401);
  });

  it('are in the OpenAPI document with examples', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{
      paths: Record<string, Record<string, { summary?: string } | undefined>>;
      components: { schemas: Record<string, { example?: Record<string, unknown> }> };
    }>();
    expect(doc.paths['/api/auth/me/pay-methods']?.get?.summary).toBe(
      'How to pay me: my pay methods',
    );
    expect(doc.paths['/api/auth/me/pay-methods']?.put).toBeDefined();
    expect(doc.paths['/api/users/{id}/pay-methods']?.get).toBeDefined();
    expect(doc.components.schemas['PayMethods']?.example?.paypal).toBe('beacosta');
    expect(doc.components.schemas['PayMethodsRequestInput']?.example?.paypal).toBe('@beacosta');
  });

  it('are in the account export', async () => {
    await saveBea();
    const res = await caller(ctx, bea)('GET', '/api/me/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ payMethods: unknown }>().payMethods).toEqual(BEA);
  });

  it('are removed with the account', async () => {
    await saveBea();
    const res = await caller(ctx, bea)('DELETE', '/api/auth/me', { password: FIXTURE_PASSWORD });
    expect(res.statusCode, res.body).toBe(204);
    expect(await db().select().from(payMethods).where(eq(payMethods.userId, bea.id))).toEqual([]);
  });
});
