// DELETE /api/auth/me through the real HTTP stack (API plan §B): shared history stays under
// "Deleted user", balances keep counting, everything personal goes, tokens die at once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  emailTokens,
  friendships,
  groupMembers,
  groups,
  notificationSettings,
  users,
} from '../src/db/schema.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup } from './support/fixtures.js';
import { postExpense, recomputeNets, storedNets } from './support/ledger.js';
import { caller, makeUsers } from './support/social.js';

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

const db = () => ctx.database.handle.db;
const OUTSTANDING =
  'You still have outstanding balances. Settle up first, or confirm to delete anyway.';

function deleteAccount(user: TestUser, body: Record<string, unknown>) {
  return caller(ctx, user)('DELETE', '/api/auth/me', body);
}

async function dinner(payer: TestUser, groupId: number, people: TestUser[], amount = 30) {
  const res = await postExpense(ctx, payer, {
    description: 'Dinner',
    amount,
    groupId,
    splitType: 'EQUAL',
    payers: [{ userId: payer.id, amountPaid: amount }],
    splits: people.map((p) => ({ userId: p.id })),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<{ id: number }>().id;
}

describe('DELETE /api/auth/me', () => {
  it('needs the password', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const res = await deleteAccount(ann, { password: 'not-it' });
    expect(errorBody(res)).toMatchObject({
      status: 400,
      code: 'WRONG_PASSWORD',
      message: 'Your current password is incorrect.',
    });
    expect((await caller(ctx, ann)('GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await deleteAccount(ann, {})).statusCode).toBe(400);
  });

  it('erases the person; their tokens die at once and the address can register again', async () => {
    const [ann, bob] = await makeUsers(ctx, 'Ann', 'Bob');
    await befriend(db(), ann, bob);
    await caller(ctx, ann)('PUT', '/api/notification-settings', [
      { kind: 'EXPENSE', email: 'OFF', push: false },
    ]);
    await caller(ctx, ann)('GET', '/api/friend-link');
    await caller(ctx, ann)('POST', '/api/auth/change-email', {
      newEmail: 'ann.new@example.org',
      currentPassword: 'secret123',
    });
    const res = await deleteAccount(ann, { password: 'secret123' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect((await caller(ctx, ann)('GET', '/api/auth/me')).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ann.email, password: 'secret123' },
    });
    expect(login.statusCode).toBe(401);

    const [row] = await db().select().from(users).where(eq(users.id, ann.id));
    expect(row).toMatchObject({
      kind: 'DELETED',
      name: 'Deleted user',
      email: null,
      passwordHash: null,
      avatarKey: null,
      friendLinkToken: null,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await db().select().from(friendships)).toEqual([]);
    expect(
      await db().select().from(notificationSettings).where(eq(notificationSettings.userId, ann.id)),
    ).toEqual([]);
    expect(await db().select().from(emailTokens).where(eq(emailTokens.userId, ann.id))).toEqual([]);
    expect((await caller(ctx, bob)('GET', '/api/friendships/friends')).json()).toEqual([]);

    await ctx.drainJobs();
    ctx.smtp.clear();
    const again = await ctx.signUp('Ann Again', ann.email);
    expect(again.id).not.toBe(ann.id);
  });

  it('is refused with outstanding balances unless confirmed; history and balances stay', async () => {
    const [ann, bob, cid] = await makeUsers(ctx, 'Ann', 'Bob', 'Cid');
    await befriend(db(), ann, bob);
    await befriend(db(), ann, cid);
    await befriend(db(), bob, cid);
    const groupId = await createGroup(db(), ann, 'Trip', [bob, cid]);
    const expenseId = await dinner(ann, groupId, [ann, bob, cid]);

    const refused = await deleteAccount(bob, { password: 'secret123' });
    expect(errorBody(refused)).toMatchObject({
      status: 409,
      code: 'OUTSTANDING_BALANCE',
      message: OUTSTANDING,
    });
    expect((await caller(ctx, bob)('GET', '/api/auth/me')).statusCode).toBe(200);

    const before = (await caller(ctx, ann)('GET', `/api/balances/group/${groupId}`)).json();
    const done = await deleteAccount(bob, { password: 'secret123', confirmOutstanding: true });
    expect(done.statusCode).toBe(204);

    const deleted = { id: bob.id, name: 'Deleted user', email: null };
    const expense = await caller(ctx, ann)('GET', `/api/expenses/${expenseId}`);
    expect(expense.statusCode).toBe(200);
    expect(JSON.stringify(expense.json())).toContain(JSON.stringify(deleted));
    const group = await caller(ctx, ann)('GET', `/api/groups/${groupId}`);
    expect(group.json<{ members: { id: number }[] }>().members.map((m) => m.id)).toEqual([
      ann.id,
      cid.id,
    ]);
    // Bob's debt still counts for Ann, now under "Deleted user".
    const after = (await caller(ctx, ann)('GET', `/api/balances/group/${groupId}`)).json<
      { otherUser: { id: number; name: string }; netAmount: number }[]
    >();
    expect(after).toHaveLength((before as unknown[]).length);
    expect(after.find((l) => l.otherUser.id === bob.id)).toMatchObject({
      otherUser: deleted,
      netAmount: 10,
    });
    expect(await storedNets(db())).toEqual(await recomputeNets(db()));
    // The friendship with an outstanding balance stays, so Ann still sees it; Cid's goes.
    const annFriends = (await caller(ctx, ann)('GET', '/api/friendships/friends')).json<
      { otherUser: { id: number; name: string } }[]
    >();
    expect(annFriends.map((f) => f.otherUser)).toContainEqual({ ...deleted, avatarUrl: null });
    const cidFriends = (await caller(ctx, cid)('GET', '/api/friendships/friends')).json<
      { otherUser: { id: number } }[]
    >();
    expect(cidFriends.map((f) => f.otherUser.id)).toEqual([ann.id]);
  });

  it('passes creator rights on; deletes a group where they were the only account', async () => {
    const [ann, bob, cid] = await makeUsers(ctx, 'Ann', 'Bob', 'Cid');
    const shared = await createGroup(db(), ann, 'Shared', [bob, cid]);
    const alone = await createGroup(db(), ann, 'Alone');
    // A group with only Ann and a guest is deleted too.
    const withGuest = await createGroup(db(), ann, 'With guest');
    const [guest] = await db()
      .insert(users)
      .values({ name: 'Gus', kind: 'GUEST', guestGroupId: withGuest, guestAddedById: ann.id })
      .returning();
    await db()
      .insert(groupMembers)
      .values({ groupId: withGuest, userId: guest?.id ?? 0 });

    expect((await deleteAccount(ann, { password: 'secret123' })).statusCode).toBe(204);
    const rows = await db().select().from(groups);
    expect(rows.map((g) => g.id)).toEqual([shared]);
    expect(rows[0]?.creatorId).toBe(bob.id);
    const seen = await caller(ctx, cid)('GET', `/api/groups/${shared}`);
    expect(seen.json<{ creator: { id: number } }>().creator.id).toBe(bob.id);
    // Bob, the new creator, may now delete it.
    expect((await caller(ctx, bob)('DELETE', `/api/groups/${shared}`)).statusCode).toBe(204);
    expect(alone).not.toBe(shared);
  });

  it('removes the guests of a group deleted with its last account, names and addresses too', async () => {
    const [ann, bob] = await makeUsers(ctx, 'Ann', 'Bob');
    const solo = await createGroup(db(), ann, 'Solo');
    const shared = await createGroup(db(), ann, 'Shared', [bob]);
    const add = async (groupId: number, name: string, email: string) => {
      const res = await caller(ctx, ann)('POST', `/api/groups/${groupId}/guests`, { name, email });
      expect(res.statusCode, res.body).toBe(201);
    };
    await add(solo, 'Rich Guest', 'rich@example.com');
    await add(shared, 'Kept Guest', 'kept@example.com');
    // The guest takes part in an entry of the group that goes.
    const rich = (await db().select().from(users).where(eq(users.name, 'Rich Guest')))[0];
    await postExpense(ctx, ann, {
      description: 'Boat',
      amount: 40,
      groupId: solo,
      splitType: 'EQUAL',
      payers: [{ userId: ann.id, amountPaid: 40 }],
      splits: [{ userId: ann.id }, { userId: rich?.id ?? 0 }],
    });

    const res = await deleteAccount(ann, { password: 'secret123', confirmOutstanding: true });
    expect(res.statusCode, res.body).toBe(204);
    const guests = await db().select().from(users).where(eq(users.kind, 'GUEST'));
    // The solo group's guest went with it; the shared group's guest stays with that group.
    expect(guests.map((g) => [g.name, g.guestEmail, g.guestGroupId])).toEqual([
      ['Kept Guest', 'kept@example.com', shared],
    ]);
    expect(await db().select().from(users).where(eq(users.name, 'Rich Guest'))).toEqual([]);
  });
});
