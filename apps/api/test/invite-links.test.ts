// A group's invite link (issue #12): members show, renew and revoke it; a signed-in person who
// has it joins the group (or claims a guest); the signed-out join page sees two names.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activities, groupInviteLinks } from '../src/db/schema.js';
import { createGroup, leaveGroup } from './support/fixtures.js';
import { caller, makeUsers } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://evenly.test' });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

const db = () => ctx.database.handle.db;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface LinkBody {
  token: string;
  url: string;
  createdAt: string;
  expiresAt: string | null;
  createdBy: { id: number; name: string; email: string | null };
}

describe('managing the link', () => {
  it('none at first; created (optionally expiring), shown, renewed and revoked', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const g = await createGroup(db(), ann, 'Trip', [bea]);
    const as = caller(ctx, ann);
    expect((await as('GET', `/api/groups/${g}/invite-link`)).json()).toEqual({ inviteLink: null });
    const created = await as('POST', `/api/groups/${g}/invite-link`, {});
    expect(created.statusCode).toBe(201);
    const link = created.json<LinkBody>();
    expect(link).toEqual({
      token: expect.stringMatching(/^[\w-]{24}$/),
      url: `https://evenly.test/join/${link.token}`,
      createdAt: expect.stringMatching(ISO),
      expiresAt: null,
      createdBy: { id: ann.id, name: 'Ann', email: 'ann@example.com' },
    });
    const shown = await caller(ctx, bea)('GET', `/api/groups/${g}/invite-link`);
    expect(shown.json()).toEqual({ inviteLink: link });

    const renewed = await caller(ctx, bea)('POST', `/api/groups/${g}/invite-link`, {
      expiresInDays: 7,
    });
    const next = renewed.json<LinkBody>();
    expect(next.token).not.toBe(link.token);
    const days = (Date.parse(next.expiresAt ?? '') - Date.parse(next.createdAt)) / 86_400_000;
    expect(days).toBe(7);
    const old = await as('GET', `/api/invites/${link.token}`);
    expect(old.statusCode).toBe(404);
    expect(errorBody(old)).toMatchObject({
      code: 'INVITE_INVALID',
      message: 'This invite link is invalid or has been revoked.',
    });

    for (const bad of [0, 366, 1.5, 'x']) {
      const res = await as('POST', `/api/groups/${g}/invite-link`, { expiresInDays: bad });
      expect(res.statusCode).toBe(400);
    }

    const revoked = await as('DELETE', `/api/groups/${g}/invite-link`);
    expect(revoked.statusCode).toBe(204);
    expect((await as('DELETE', `/api/groups/${g}/invite-link`)).statusCode).toBe(204);
    expect((await as('GET', `/api/groups/${g}/invite-link`)).json()).toEqual({ inviteLink: null });
    expect((await as('GET', `/api/invites/${next.token}`)).statusCode).toBe(404);
  });

  it('honours Idempotency-Key', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const g = await createGroup(db(), ann, 'Trip');
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/groups/${g}/invite-link`,
        headers: { ...ann.auth, 'idempotency-key': 'link-1' },
        payload: {},
      });
    const a = await send();
    const b = await send();
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json<LinkBody>().token).toBe(a.json<LinkBody>().token);
    expect(await db().select().from(groupInviteLinks)).toHaveLength(1);
  });
});

describe('using the link', () => {
  it('previews the group, then joins it; a second accept changes nothing', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const g = await createGroup(db(), ann, 'Trip');
    await caller(ctx, ann)('POST', `/api/groups/${g}/guests`, { name: 'Dan' });
    const { token } = (
      await caller(ctx, ann)('POST', `/api/groups/${g}/invite-link`, {})
    ).json<LinkBody>();

    const pub = await ctx.app.inject({ method: 'GET', url: `/api/invites/${token}/public` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({ groupName: 'Trip', invitedByName: 'Ann' });

    const preview = await caller(ctx, bea)('GET', `/api/invites/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      group: {
        id: g,
        name: 'Trip',
        coverEmoji: null,
        coverColor: null,
        members: [
          { id: ann.id, name: 'Ann', guest: false },
          { name: 'Dan', guest: true, email: null },
        ],
      },
      guests: [{ name: 'Dan', guest: true }],
      proposedGuestId: null,
      invitedBy: { id: ann.id, name: 'Ann' },
      expiresAt: null,
      alreadyMember: false,
    });

    const joined = await caller(ctx, bea)('POST', `/api/invites/${token}/accept`, {});
    expect(joined.statusCode).toBe(200);
    expect(joined.json<{ members: { id: number }[] }>().members.map((m) => m.id)).toContain(bea.id);
    const feed = await db().select().from(activities).where(eq(activities.type, 'member_added'));
    expect(feed.map((a) => a.description)).toContain('Bea joined the group via the invite link');
    const count = feed.length;
    const again = await caller(ctx, bea)('POST', `/api/invites/${token}/accept`);
    expect(again.statusCode).toBe(200);
    expect(
      await db().select().from(activities).where(eq(activities.type, 'member_added')),
    ).toHaveLength(count);
    expect((await caller(ctx, bea)('GET', `/api/invites/${token}`)).json()).toMatchObject({
      alreadyMember: true,
    });
  });

  it('shows names, not addresses, to someone who has not joined yet', async () => {
    const [ann, bob, carol] = await makeUsers(ctx, 'Ann', 'Bob', 'Carol');
    const g = await createGroup(db(), ann, 'Trip', [bob]);
    await caller(ctx, ann)('POST', `/api/groups/${g}/guests`, {
      name: 'Gil',
      email: 'gil@example.com',
    });
    const { token } = (
      await caller(ctx, ann)('POST', `/api/groups/${g}/invite-link`, {})
    ).json<LinkBody>();
    type Preview = {
      group: { members: { name: string; email: string | null }[] };
      invitedBy: { name: string; email: string | null };
    };
    const preview = await caller(ctx, carol)('GET', `/api/invites/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toContain('@');
    const body = preview.json<Preview>();
    expect(body.group.members.map((m) => [m.name, m.email])).toEqual([
      ['Ann', null],
      ['Bob', null],
      ['Gil', null],
    ]);
    expect(body.invitedBy).toMatchObject({ name: 'Ann', email: null });
    // Once a member, the preview shows what the group itself shows.
    expect((await caller(ctx, carol)('POST', `/api/invites/${token}/accept`, {})).statusCode).toBe(
      200,
    );
    const after = (await caller(ctx, carol)('GET', `/api/invites/${token}`)).json<Preview>();
    expect(after.group.members.map((m) => m.email)).toContain('gil@example.com');
    expect(after.invitedBy.email).toBe('ann@example.com');
  });

  it("proposes the guest added with the caller's verified address, and only to them", async () => {
    const [ann, carol] = await makeUsers(ctx, 'Ann', 'Carol');
    const g = await createGroup(db(), ann, 'Trip');
    const as = caller(ctx, ann);
    await as('POST', `/api/groups/${g}/guests`, { name: 'Sam' });
    // Added with an address before its owner had an account; Dora signs up with it later.
    const added = await as('POST', `/api/groups/${g}/guests`, {
      name: 'D.',
      email: 'dora@example.com',
    });
    expect(added.statusCode).toBe(201);
    const guest = added
      .json<{ members: { id: number; name: string }[] }>()
      .members.find((m) => m.name === 'D.');
    const [dora] = await makeUsers(ctx, 'Dora');
    const { token } = (await as('POST', `/api/groups/${g}/invite-link`, {})).json<LinkBody>();
    type Preview = { guests: { id: number; name: string; email: string | null }[] };
    const forDora = await caller(ctx, dora)('GET', `/api/invites/${token}`);
    expect(forDora.json()).toMatchObject({ proposedGuestId: guest?.id });
    // Still names only: the proposal says which guest, never the address.
    expect(forDora.body).not.toContain('@');
    expect(
      forDora
        .json<Preview>()
        .guests.map((m) => m.name)
        .sort(),
    ).toEqual(['D.', 'Sam']);
    // Carol is offered the guest without an address, and no proposal.
    const forCarol = await caller(ctx, carol)('GET', `/api/invites/${token}`);
    expect(forCarol.json()).toMatchObject({ proposedGuestId: null, guests: [{ name: 'Sam' }] });
  });

  it('a former member joins again through the link', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const g = await createGroup(db(), ann, 'Trip', [bea]);
    await leaveGroup(db(), g, bea.id);
    const { token } = (
      await caller(ctx, ann)('POST', `/api/groups/${g}/invite-link`, {})
    ).json<LinkBody>();
    expect((await caller(ctx, bea)('GET', `/api/groups/${g}`)).statusCode).toBe(403);
    const joined = await caller(ctx, bea)('POST', `/api/invites/${token}/accept`, {});
    expect(joined.statusCode).toBe(200);
    expect((await caller(ctx, bea)('GET', `/api/groups/${g}`)).statusCode).toBe(200);
  });

  it('expired links answer 410, unknown ones 404', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const g = await createGroup(db(), ann, 'Trip');
    const { token } = (
      await caller(ctx, ann)('POST', `/api/groups/${g}/invite-link`, { expiresInDays: 1 })
    ).json<LinkBody>();
    await db()
      .update(groupInviteLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(groupInviteLinks.token, token));
    for (const url of [`/api/invites/${token}`, `/api/invites/${token}/public`]) {
      const res = await caller(ctx, bea)('GET', url);
      expect(res.statusCode).toBe(410);
      expect(errorBody(res)).toMatchObject({
        code: 'INVITE_EXPIRED',
        message: 'This invite link has expired. Ask for a new one.',
      });
    }
    const accept = await caller(ctx, bea)('POST', `/api/invites/${token}/accept`, {});
    expect(accept.statusCode).toBe(410);
    expect((await caller(ctx, ann)('GET', `/api/groups/${g}/invite-link`)).json()).toEqual({
      inviteLink: null,
    });
    for (const bad of ['nope', 'x'.repeat(300)]) {
      const res = await caller(ctx, bea)('GET', `/api/invites/${bad}`);
      expect(res.statusCode).toBe(404);
      expect(errorBody(res).code).toBe('INVITE_INVALID');
    }
  });
});
