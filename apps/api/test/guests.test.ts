// People without accounts (issue #12): adding guests, their part in entries and balances,
// renaming and removing them, claiming them (by address, by invite link, as a member already)
// and merging them into a member, through the real HTTP stack.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activities, expenses, groupMembers, users } from '../src/db/schema.js';
import { befriend, createGroup } from './support/fixtures.js';
import type { TestUser } from './support/fixtures.js';
import {
  equalExpense,
  expectBalancesMatchRecomputation,
  expectExpenseCopiesMatch,
} from './support/ledger.js';
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

interface Member {
  id: number;
  name: string;
  email: string | null;
  guest: boolean;
  avatarUrl: string | null;
}
interface GroupBody {
  id: number;
  name: string;
  members: Member[];
  coverEmoji: string | null;
  coverColor: string | null;
}

const db = () => ctx.database.handle.db;

/** Every person's net in a group per currency, from the stored running totals (+ = owed). */
async function groupNets(groupId: number): Promise<Map<number, Map<string, number>>> {
  const res = (await db()
    .execute(sql`select currency, user_low, user_high, sum(net_cents)::text as net
      from pair_balances where group_id = ${groupId} group by currency, user_low, user_high`)) as unknown as {
    rows: { currency: string; user_low: number; user_high: number; net: string }[];
  };
  const out = new Map<number, Map<string, number>>();
  const add = (id: number, currency: string, v: number) => {
    const m = out.get(id) ?? new Map<string, number>();
    m.set(currency, (m.get(currency) ?? 0) + v);
    out.set(id, m);
  };
  for (const r of res.rows) {
    add(r.user_low, r.currency, Number(r.net));
    add(r.user_high, r.currency, -Number(r.net));
  }
  return out;
}
const netOf = (nets: Map<number, Map<string, number>>, id: number, currency = 'USD') =>
  nets.get(id)?.get(currency) ?? 0;

async function addGuest(
  who: TestUser,
  groupId: number,
  body: Record<string, unknown>,
): Promise<Member> {
  const res = await caller(ctx, who)('POST', `/api/groups/${groupId}/guests`, body);
  expect(res.statusCode, res.body).toBe(201);
  const group = res.json<GroupBody>();
  const guest = group.members.find((m) => m.guest && m.name === body['name']);
  if (guest === undefined) throw new Error('guest not in the group');
  return guest;
}

async function expense(who: TestUser, groupId: number, body: Record<string, unknown>) {
  const res = await caller(ctx, who)('POST', '/api/expenses', { groupId, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}

describe('adding guests', () => {
  it('adds a person by name, with or without an address, as a guest member', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const groupId = await createGroup(db(), ann, 'Trip', [bea]);
    const as = caller(ctx, ann);
    const res = await as('POST', `/api/groups/${groupId}/guests`, { name: '  Dan  ' });
    expect(res.statusCode).toBe(201);
    const group = res.json<GroupBody>();
    expect(group.members.map((m) => [m.name, m.guest, m.email, m.avatarUrl])).toEqual([
      ['Ann', false, 'ann@example.com', null],
      ['Bea', false, 'bea@example.com', null],
      ['Dan', true, null, null],
    ]);
    const eve = await addGuest(ann, groupId, { name: 'Eve', email: 'Eve@Mail.test' });
    expect(eve.email).toBe('eve@mail.test');
    // The group as every member reads it lists the guests; the guest is a GUEST row.
    const got = await caller(ctx, bea)('GET', `/api/groups/${groupId}`);
    expect(
      got
        .json<GroupBody>()
        .members.filter((m) => m.guest)
        .map((m) => m.name),
    ).toEqual(['Dan', 'Eve']);
    const [row] = await db().select().from(users).where(eq(users.id, eve.id));
    expect(row).toMatchObject({
      kind: 'GUEST',
      email: null,
      passwordHash: null,
      guestEmail: 'eve@mail.test',
      guestGroupId: groupId,
      guestAddedById: ann.id,
    });
    // Activity for the accounts only.
    const rows = await db().select().from(activities).where(eq(activities.type, 'member_added'));
    expect(rows.map((r) => r.recipientId).sort()).toEqual([ann.id, ann.id, bea.id, bea.id].sort());
    expect(rows.map((r) => r.description)).toContain('Ann added Dan');
  });

  it('validates the name and the address', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const groupId = await createGroup(db(), ann, 'Trip');
    const as = caller(ctx, ann);
    const cases: [unknown, string][] = [
      [{}, 'Please enter a name.'],
      [{ name: '   ' }, 'Please enter a name.'],
      [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters.'],
      [{ name: 'Dan', email: 'not-an-address' }, 'Please enter a valid email address.'],
    ];
    for (const [body, message] of cases) {
      const res = await as('POST', `/api/groups/${groupId}/guests`, body);
      expect(res.statusCode).toBe(400);
      expect(errorBody(res).message).toBe(message);
    }
  });

  it("adds a friend's address as a member, refuses other accounts' and a guest's twice", async () => {
    const [ann, bea, cat] = await makeUsers(ctx, 'Ann', 'Bea', 'Cat');
    await befriend(db(), ann, bea);
    const groupId = await createGroup(db(), ann, 'Trip');
    const as = caller(ctx, ann);
    const friend = await as('POST', `/api/groups/${groupId}/guests`, {
      name: 'Bea B',
      email: 'bea@example.com',
    });
    expect(friend.statusCode).toBe(201);
    expect(friend.json<GroupBody>().members.find((m) => m.id === bea.id)?.guest).toBe(false);

    const other = await as('POST', `/api/groups/${groupId}/guests`, {
      name: 'Cat',
      email: 'CAT@example.com',
    });
    expect(other.statusCode).toBe(409);
    expect(errorBody(other)).toMatchObject({
      code: 'HAS_ACCOUNT',
      message:
        "cat@example.com already has an Evenly account. Send them a friend request or share the group's invite link.",
    });
    expect(cat.id).toBeGreaterThan(0);

    await addGuest(ann, groupId, { name: 'Dan', email: 'dan@mail.test' });
    const again = await as('POST', `/api/groups/${groupId}/guests`, {
      name: 'Danny',
      email: 'dan@mail.test',
    });
    expect(again.statusCode).toBe(409);
    expect(errorBody(again)).toMatchObject({
      code: 'ALREADY_MEMBER',
      message: 'Dan is already a member of this group.',
    });
  });

  it('is for current members only, and honours Idempotency-Key', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const groupId = await createGroup(db(), ann, 'Trip');
    const outsider = await caller(ctx, bea)('POST', `/api/groups/${groupId}/guests`, {
      name: 'Dan',
    });
    expect(outsider.statusCode).toBe(403);
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/groups/${groupId}/guests`,
        headers: { ...ann.auth, 'idempotency-key': 'guest-1' },
        payload: { name: 'Dan' },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const guests = await db().select().from(users).where(eq(users.kind, 'GUEST'));
    expect(guests).toHaveLength(1);
  });
});

describe('guests in entries', () => {
  it('take part in expenses, payments, balances and suggestions; get no activity', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const groupId = await createGroup(db(), ann, 'Trip', [bea]);
    const dan = await addGuest(ann, groupId, { name: 'Dan' });
    await expense(ann, groupId, equalExpense(ann, [ann, bea, dan], 90));
    await expense(bea, groupId, equalExpense(dan, [ann, dan], 20));
    // Dan paid Ann back 10, recorded by Bea.
    const pay = await caller(ctx, bea)('POST', '/api/payments', {
      groupId,
      paidByUserId: dan.id,
      paidToUserId: ann.id,
      amount: 10,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const nets = await groupNets(groupId);
    // Ann: +60 -10 (Dan's dinner share) -10 (payment received) = 40; Bea -30; Dan -30+10+10 = -10
    expect(netOf(nets, ann.id)).toBe(4000);
    expect(netOf(nets, bea.id)).toBe(-3000);
    expect(netOf(nets, dan.id)).toBe(-1000);
    const lines = await caller(ctx, ann)('GET', `/api/balances/group/${groupId}`);
    expect(
      lines
        .json<{ otherUser: { id: number } }[]>()
        .map((l) => l.otherUser.id)
        .sort(),
    ).toEqual([bea.id, dan.id].sort());
    const suggestions = await caller(ctx, bea)('GET', `/api/groups/${groupId}/settle-suggestions`);
    expect(suggestions.statusCode).toBe(200);
    expect(suggestions.json<{ from: { id: number } }[]>().some((s) => s.from.id === dan.id)).toBe(
      true,
    );
    const guestRows = await db()
      .select()
      .from(activities)
      .where(eq(activities.recipientId, dan.id));
    expect(guestRows).toHaveLength(0);
    await expectBalancesMatchRecomputation(db());
  });

  it('a guest cannot be reminded, befriended or named outside their group', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    await befriend(db(), ann, bea);
    const groupId = await createGroup(db(), ann, 'Trip', [bea]);
    const other = await createGroup(db(), ann, 'Other', [bea]);
    const dan = await addGuest(ann, groupId, { name: 'Dan' });
    await expense(ann, groupId, equalExpense(ann, [ann, dan], 20));
    const remind = await caller(ctx, ann)('POST', '/api/reminders', { userId: dan.id, groupId });
    expect(remind.statusCode).toBe(400);
    expect(errorBody(remind).message).toBe(
      "Dan has no account to remind. Share the group's invite link with them.",
    );
    const elsewhere = await caller(ctx, ann)('POST', '/api/expenses', {
      groupId: other,
      ...equalExpense(ann, [ann, dan], 20),
    });
    expect(elsewhere.statusCode).toBe(400);
    const nonGroup = await caller(ctx, ann)(
      'POST',
      '/api/expenses',
      equalExpense(ann, [ann, dan], 20),
    );
    expect(nonGroup.statusCode).toBe(400);
  });
});

describe('editing and removing guests', () => {
  it('renames and re-addresses a guest; 404 for anyone else', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const groupId = await createGroup(db(), ann, 'Trip', [bea]);
    const other = await createGroup(db(), bea, 'Other');
    const dan = await addGuest(ann, groupId, { name: 'Dan' });
    const elsewhere = await addGuest(bea, other, { name: 'Zed' });
    const as = caller(ctx, bea);
    const res = await as('PATCH', `/api/groups/${groupId}/guests/${dan.id}`, {
      name: 'Daniel',
      email: 'daniel@mail.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<GroupBody>().members.find((m) => m.id === dan.id)).toMatchObject({
      name: 'Daniel',
      email: 'daniel@mail.test',
      guest: true,
    });
    const cleared = await as('PATCH', `/api/groups/${groupId}/guests/${dan.id}`, { email: null });
    expect(cleared.json<GroupBody>().members.find((m) => m.id === dan.id)?.email).toBeNull();
    for (const id of [ann.id, elsewhere.id]) {
      const bad = await as('PATCH', `/api/groups/${groupId}/guests/${id}`, { name: 'X' });
      expect(bad.statusCode).toBe(404);
      expect(errorBody(bad).message).toBe('That guest is not in this group.');
    }
  });

  it('removes a guest: gone when unused, a former member when named, refused while owing', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const groupId = await createGroup(db(), ann, 'Trip', [bea]);
    const dan = await addGuest(ann, groupId, { name: 'Dan' });
    const eve = await addGuest(ann, groupId, { name: 'Eve' });
    // Only the creator removes others.
    const notCreator = await caller(ctx, bea)('DELETE', `/api/groups/${groupId}/members/${dan.id}`);
    expect(notCreator.statusCode).toBe(403);
    const gone = await caller(ctx, ann)('DELETE', `/api/groups/${groupId}/members/${dan.id}`);
    expect(gone.statusCode).toBe(200);
    expect(await db().select().from(users).where(eq(users.id, dan.id))).toHaveLength(0);

    await expense(ann, groupId, equalExpense(ann, [ann, eve], 20));
    const owing = await caller(ctx, ann)('DELETE', `/api/groups/${groupId}/members/${eve.id}`);
    expect(owing.statusCode).toBe(409);
    expect(errorBody(owing).message).toBe('Eve still has an outstanding balance in this group.');
    await caller(ctx, ann)('POST', '/api/payments', {
      groupId,
      paidByUserId: eve.id,
      paidToUserId: ann.id,
      amount: 10,
    });
    const left = await caller(ctx, ann)('DELETE', `/api/groups/${groupId}/members/${eve.id}`);
    expect(left.statusCode).toBe(200);
    expect(left.json<GroupBody>().members.map((m) => m.id)).toEqual([ann.id, bea.id]);
    const [row] = await db()
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, eve.id)));
    expect(row?.leftAt).not.toBeNull();
  });
});

describe('claiming guests', () => {
  it('by the verified address: listed as claimable with the balance, then claimed', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const groupId = await createGroup(db(), ann, 'Trip', [bea]);
    const dan = await addGuest(ann, groupId, { name: 'Dan', email: 'dan@example.com' });
    await expense(ann, groupId, equalExpense(ann, [ann, bea, dan], 30));
    await expense(bea, groupId, equalExpense(dan, [ann, dan], 50));
    const before = await groupNets(groupId);
    const [danUser] = await makeUsers(ctx, 'Dan');
    const list = await caller(ctx, danUser)('GET', '/api/guests/claimable');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        guest: { id: dan.id, name: 'Dan', email: 'dan@example.com' },
        group: { id: groupId, name: 'Trip', coverEmoji: null, coverColor: null },
        addedBy: { id: ann.id, name: 'Ann', email: 'ann@example.com' },
        balance: { net: 15, currency: 'USD' },
      },
    ]);
    const claim = await caller(ctx, danUser)('POST', `/api/guests/${dan.id}/claim`, {});
    expect(claim.statusCode, claim.body).toBe(200);
    const group = claim.json<GroupBody>();
    expect(group.members.map((m) => [m.id, m.guest])).toEqual([
      [ann.id, false],
      [bea.id, false],
      [danUser.id, false],
    ]);
    const after = await groupNets(groupId);
    expect(netOf(after, danUser.id)).toBe(netOf(before, dan.id));
    expect(netOf(after, ann.id)).toBe(netOf(before, ann.id));
    expect(netOf(after, bea.id)).toBe(netOf(before, bea.id));
    expect(await db().select().from(users).where(eq(users.id, dan.id))).toHaveLength(0);
    expect((await caller(ctx, danUser)('GET', '/api/guests/claimable')).json()).toEqual([]);
    const lines = await caller(ctx, danUser)('GET', `/api/balances/group/${groupId}`);
    expect(lines.statusCode).toBe(200);
    const activity = await db().select().from(activities).where(eq(activities.recipientId, ann.id));
    expect(activity.map((a) => a.description)).toContain('Dan joined as Dan');
    await expectBalancesMatchRecomputation(db());
    await expectExpenseCopiesMatch(db());
  });

  it('refuses unverified addresses, other people and unknown ids', async () => {
    const [ann, eve] = await makeUsers(ctx, 'Ann', 'Eve');
    const groupId = await createGroup(db(), ann, 'Trip');
    const dan = await addGuest(ann, groupId, { name: 'Dan', email: 'dan@example.com' });
    const [danUser] = await makeUsers(ctx, 'Dan');
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, danUser.id));
    expect((await caller(ctx, danUser)('GET', '/api/guests/claimable')).json()).toEqual([]);
    const unverified = await caller(ctx, danUser)('POST', `/api/guests/${dan.id}/claim`, {});
    expect(unverified.statusCode).toBe(403);
    const someoneElse = await caller(ctx, eve)('POST', `/api/guests/${dan.id}/claim`, {});
    expect(someoneElse.statusCode).toBe(403);
    expect(errorBody(someoneElse)).toMatchObject({
      code: 'NOT_YOUR_GUEST',
      message:
        "Only the person this guest stands for can claim it: open the group's invite link or sign in with the address it was added with.",
    });
    for (const id of [ann.id, 999999, 99999999999]) {
      const res = await caller(ctx, eve)('POST', `/api/guests/${id}/claim`, {});
      expect(res.statusCode).toBe(404);
      expect(errorBody(res).message).toBe('Guest not found.');
    }
    const bad = await caller(ctx, eve)('POST', '/api/guests/abc/claim', {});
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).message).toBe('Invalid User ID.');
  });

  it('with the invite token, and through accept with claimGuestId', async () => {
    const [ann, eve, fay] = await makeUsers(ctx, 'Ann', 'Eve', 'Fay');
    const groupId = await createGroup(db(), ann, 'Trip');
    const dan = await addGuest(ann, groupId, { name: 'Dan' });
    const gus = await addGuest(ann, groupId, { name: 'Gus' });
    await expense(ann, groupId, equalExpense(ann, [ann, dan, gus], 30));
    const link = await caller(ctx, ann)('POST', `/api/groups/${groupId}/invite-link`, {});
    const { token } = link.json<{ token: string }>();
    const claimed = await caller(ctx, eve)('POST', `/api/guests/${dan.id}/claim`, {
      inviteToken: token,
    });
    expect(claimed.statusCode).toBe(200);
    const viaAccept = await caller(ctx, fay)('POST', `/api/invites/${token}/accept`, {
      claimGuestId: gus.id,
    });
    expect(viaAccept.statusCode).toBe(200);
    const nets = await groupNets(groupId);
    expect(netOf(nets, eve.id)).toBe(-1000);
    expect(netOf(nets, fay.id)).toBe(-1000);
    expect(netOf(nets, ann.id)).toBe(2000);
    const activity = await db().select().from(activities).where(eq(activities.recipientId, ann.id));
    expect(activity.map((a) => a.description)).toEqual(
      expect.arrayContaining(['Eve joined as Dan', 'Fay joined as Gus']),
    );
  });

  it('through the invite link only for a guest without an address, or with the claimant’s', async () => {
    const [ann, carol] = await makeUsers(ctx, 'Ann', 'Carol');
    const groupId = await createGroup(db(), ann, 'Trip');
    const rich = await addGuest(ann, groupId, { name: 'Rich Guest', email: 'rich@example.com' });
    const dan = await addGuest(ann, groupId, { name: 'Dan' });
    await expense(ann, groupId, equalExpense(rich, [ann, rich], 100));
    const link = await caller(ctx, ann)('POST', `/api/groups/${groupId}/invite-link`, {});
    const { token } = link.json<{ token: string }>();
    const addressed =
      'This guest was added with an e-mail address: only the person who signs in with that address, verified, can claim it. Join as yourself instead.';
    // Carol has the link but not Rich's address: she may not take his place or his credit.
    const preview = await caller(ctx, carol)('GET', `/api/invites/${token}`);
    expect(preview.json<{ guests: { id: number }[] }>().guests.map((g) => g.id)).toEqual([dan.id]);
    const viaAccept = await caller(ctx, carol)('POST', `/api/invites/${token}/accept`, {
      claimGuestId: rich.id,
    });
    expect(viaAccept.statusCode).toBe(403);
    expect(errorBody(viaAccept)).toMatchObject({ code: 'NOT_YOUR_GUEST', message: addressed });
    const viaClaim = await caller(ctx, carol)('POST', `/api/guests/${rich.id}/claim`, {
      inviteToken: token,
    });
    expect(viaClaim.statusCode).toBe(403);
    expect(errorBody(viaClaim)).toMatchObject({ code: 'NOT_YOUR_GUEST', message: addressed });
    const members = await caller(ctx, ann)('GET', `/api/groups/${groupId}`);
    expect(members.json<GroupBody>().members.map((m) => m.id)).toEqual([ann.id, rich.id, dan.id]);
    // Rich himself, signed in with that address, claims through the link.
    const [richUser] = await makeUsers(ctx, 'Rich');
    const mine = await caller(ctx, richUser)('GET', `/api/invites/${token}`);
    expect(mine.json<{ guests: { id: number }[] }>().guests.map((g) => g.id)).toEqual([
      rich.id,
      dan.id,
    ]);
    const claimed = await caller(ctx, richUser)('POST', `/api/invites/${token}/accept`, {
      claimGuestId: rich.id,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(netOf(await groupNets(groupId), richUser.id)).toBe(5000);
  });

  it('by someone who is a member already: the two are combined (a merge)', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const groupId = await createGroup(db(), ann, 'Trip', [bea]);
    const dan = await addGuest(ann, groupId, { name: 'Bea (old)' });
    // An account's address is refused when adding, but may be given to a guest later.
    const addressed = await caller(ctx, ann)('PATCH', `/api/groups/${groupId}/guests/${dan.id}`, {
      email: 'bea@example.com',
    });
    expect(addressed.statusCode).toBe(200);
    // One expense names both Bea and her guest: paid by both, shared by all.
    const e = await expense(ann, groupId, {
      description: 'Hotel',
      amount: 100,
      splitType: 'EQUAL',
      payers: [
        { userId: bea.id, amountPaid: 60 },
        { userId: dan.id, amountPaid: 40 },
      ],
      splits: [{ userId: ann.id }, { userId: bea.id }, { userId: dan.id }],
    });
    await caller(ctx, ann)('POST', '/api/payments', {
      groupId,
      paidByUserId: dan.id,
      paidToUserId: bea.id,
      amount: 5,
    });
    const before = await groupNets(groupId);
    const [stored] = await db().select().from(expenses).where(eq(expenses.id, e.id));
    const owed = stored?.splitOwed ?? [];
    const res = await caller(ctx, bea)('POST', `/api/guests/${dan.id}/claim`, {});
    expect(res.statusCode, res.body).toBe(200);
    const after = await groupNets(groupId);
    expect(netOf(after, bea.id)).toBe(netOf(before, bea.id) + netOf(before, dan.id));
    expect(netOf(after, ann.id)).toBe(netOf(before, ann.id));
    const got = await caller(ctx, ann)('GET', `/api/expenses/${e.id}`);
    const body = got.json<{
      splitType: string;
      payers: { user: { id: number }; amountPaid: number }[];
      splits: { owedBy: { id: number }; amountOwed: number; value: number | null }[];
    }>();
    expect(body.splitType).toBe('EXACT');
    expect(body.payers.map((p) => [p.user.id, p.amountPaid])).toEqual([[bea.id, 100]]);
    // Nothing re-rounded: Ann's share as stored, Bea's the sum of hers and the guest's.
    const ann$ = (owed[0] ?? 0) / 100;
    const bea$ = ((owed[1] ?? 0) + (owed[2] ?? 0)) / 100;
    expect(body.splits.map((s) => [s.owedBy.id, s.amountOwed, s.value])).toEqual([
      [ann.id, ann$, ann$],
      [bea.id, bea$, bea$],
    ]);
    const [row] = await db().select().from(expenses).where(eq(expenses.id, e.id));
    expect(row?.splitValues).toEqual([ann$.toFixed(2), bea$.toFixed(2)]);
    await expectBalancesMatchRecomputation(db());
    await expectExpenseCopiesMatch(db());
  });
});

describe('merging a guest into a member', () => {
  it('moves the guest onto the member; refuses non-members and other groups’ guests', async () => {
    const [ann, bea, cat] = await makeUsers(ctx, 'Ann', 'Bea', 'Cat');
    const groupId = await createGroup(db(), ann, 'Trip', [bea]);
    const other = await createGroup(db(), cat, 'Other');
    const dan = await addGuest(ann, groupId, { name: 'Dan' });
    const zed = await addGuest(cat, other, { name: 'Zed' });
    await expense(ann, groupId, equalExpense(dan, [ann, bea, dan], 30));
    const before = await groupNets(groupId);
    const as = caller(ctx, ann);
    const notMember = await as('POST', `/api/groups/${groupId}/guests/${dan.id}/merge`, {
      intoUserId: cat.id,
    });
    expect(notMember.statusCode).toBe(400);
    expect(errorBody(notMember)).toMatchObject({
      code: 'NOT_GROUP_MEMBER',
      message: 'The person to merge into must be a member of this group.',
    });
    const intoGuest = await as('POST', `/api/groups/${groupId}/guests/${dan.id}/merge`, {
      intoUserId: dan.id,
    });
    expect(intoGuest.statusCode).toBe(400);
    const wrongGroup = await as('POST', `/api/groups/${groupId}/guests/${zed.id}/merge`, {
      intoUserId: bea.id,
    });
    expect(wrongGroup.statusCode).toBe(404);
    expect(errorBody(wrongGroup).message).toBe('That guest is not in this group.');
    const outsider = await caller(ctx, cat)(
      'POST',
      `/api/groups/${groupId}/guests/${dan.id}/merge`,
      { intoUserId: bea.id },
    );
    expect(outsider.statusCode).toBe(403);

    const res = await as('POST', `/api/groups/${groupId}/guests/${dan.id}/merge`, {
      intoUserId: bea.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<GroupBody>().members.map((m) => m.id)).toEqual([ann.id, bea.id]);
    const after = await groupNets(groupId);
    expect(netOf(after, bea.id)).toBe(netOf(before, bea.id) + netOf(before, dan.id));
    expect(netOf(after, ann.id)).toBe(netOf(before, ann.id));
    await expectBalancesMatchRecomputation(db());
    await expectExpenseCopiesMatch(db());
  });
});

describe('the trip of the issue', () => {
  it('four split a trip, one never registered; later they join with the link and find their balance', async () => {
    const [ann, bea, cat] = await makeUsers(ctx, 'Ann', 'Bea', 'Cat');
    await befriend(db(), ann, bea);
    await befriend(db(), ann, cat);
    const created = await caller(ctx, ann)('POST', '/api/groups', { name: 'Lisbon' });
    const groupId = created.json<GroupBody>().id;
    await caller(ctx, ann)('POST', `/api/groups/${groupId}/members`, {
      memberIds: [bea.id, cat.id],
    });
    const dan = await addGuest(ann, groupId, { name: 'Dan' });
    const everyone = [ann, bea, cat, dan];
    await expense(ann, groupId, equalExpense(ann, everyone, 400, { description: 'Flat' }));
    await expense(bea, groupId, equalExpense(bea, everyone, 120, { description: 'Dinner' }));
    await expense(cat, groupId, equalExpense(dan, everyone, 80, { description: 'Taxi' }));
    const suggestions = await caller(ctx, cat)('GET', `/api/groups/${groupId}/settle-suggestions`);
    expect(suggestions.statusCode).toBe(200);
    const danNet = netOf(await groupNets(groupId), dan.id);
    expect(danNet).toBe(8000 - 10000 - 3000 - 2000); // paid the taxi, shares of all three

    // Weeks later Dan signs up (any address) and opens the link Ann shared.
    const link = await caller(ctx, ann)('POST', `/api/groups/${groupId}/invite-link`, {
      expiresInDays: 30,
    });
    const { token } = link.json<{ token: string }>();
    const [danUser] = await makeUsers(ctx, 'Daniel');
    const preview = await caller(ctx, danUser)('GET', `/api/invites/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<{ guests: { id: number }[] }>().guests.map((g) => g.id)).toEqual([dan.id]);
    const joined = await caller(ctx, danUser)('POST', `/api/invites/${token}/accept`, {
      claimGuestId: dan.id,
    });
    expect(joined.statusCode).toBe(200);
    const mine = await caller(ctx, danUser)('GET', '/api/groups/my');
    const group = mine.json<(GroupBody & { myBalance: { net: number } })[]>()[0];
    expect(group?.id).toBe(groupId);
    expect(group?.myBalance.net).toBe(danNet / 100);
    await expectBalancesMatchRecomputation(db());
  });
});
