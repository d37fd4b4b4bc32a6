// Group membership through the real HTTP stack (docs/api.md §4.3, §5.5, §5.6): adding members by
// id and by e-mail, leaving and removal (only when settled, as the group shows its lines), and
// creator rights passing on.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities, groupMembers, invitations } from '../src/db/schema.js';
import { befriend, createGroup, leaveGroup } from './support/fixtures.js';
import { caller, makeUsers, owe } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { GroupBody } from './support/group-bodies.js';
import { m, u } from './support/group-bodies.js';

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
function users<const N extends readonly string[]>(...names: N) {
  return makeUsers(ctx, ...names);
}

describe('POST /groups/{id}/members', () => {
  it('adds friends by id, all or none, in the given order', async () => {
    const [ann, bea, cat, dan, eve] = await users('Ann', 'Bea', 'Cat', 'Dan', 'Eve');
    await befriend(db(), ann, bea);
    await befriend(db(), cat, ann);
    await befriend(db(), ann, eve);
    const g = await createGroup(db(), ann, 'Trip', [eve]);
    const add = caller(ctx, ann);

    const notFriend = await add('POST', `/api/groups/${g}/members`, {
      memberIds: [bea.id, dan.id],
    });
    expect(notFriend.statusCode).toBe(400);
    expect(errorBody(notFriend)).toMatchObject({
      code: 'NOT_FRIENDS',
      message: 'You can only add your friends. Send them a friend request first.',
    });
    const unknown = await add('POST', `/api/groups/${g}/members`, { memberIds: [987654] });
    expect(errorBody(unknown).code).toBe('NOT_FRIENDS');
    const huge = await add('POST', `/api/groups/${g}/members`, { memberIds: [99999999999] });
    expect(errorBody(huge).code).toBe('NOT_FRIENDS');
    const already = await add('POST', `/api/groups/${g}/members`, { memberIds: [cat.id, eve.id] });
    expect(already.statusCode).toBe(409);
    expect(errorBody(already)).toMatchObject({
      code: 'ALREADY_MEMBER',
      message: 'Eve is already a member of this group.',
    });
    expect((await caller(ctx, ann)('GET', `/api/groups/${g}`)).json<GroupBody>().members).toEqual([
      m(ann),
      m(eve),
    ]);

    const res = await add('POST', `/api/groups/${g}/members`, { memberIds: [cat.id, bea.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json<GroupBody>().members).toEqual([m(ann), m(eve), m(cat), m(bea)]);

    const feed = await db().select().from(activities).where(eq(activities.type, 'member_added'));
    expect(feed).toHaveLength(8);
    expect(feed.filter((a) => a.recipientId === eve.id).map((a) => a.description)).toEqual([
      'Ann added Cat',
      'Ann added Bea',
    ]);
  });

  it('validates the request', async () => {
    const [ann, bea] = await users('Ann', 'Bea');
    const g = await createGroup(db(), ann, 'Trip');
    const cases: [unknown, string][] = [
      [{}, 'Please select at least one friend from the list.'],
      [{ memberIds: [] }, 'Please select at least one friend from the list.'],
      [
        { memberIds: [bea.id], memberEmail: 'bea@example.com' },
        'Send either memberEmail or memberIds, not both.',
      ],
      [{ memberEmail: 'nope' }, 'Please enter a valid email address.'],
    ];
    for (const [payload, message] of cases) {
      const res = await caller(ctx, ann)('POST', `/api/groups/${g}/members`, payload);
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    const stranger = await caller(ctx, bea)('POST', `/api/groups/${g}/members`, {
      memberIds: [ann.id],
    });
    expect(stranger.statusCode).toBe(403);
    const missing = await caller(ctx, bea)('POST', '/api/groups/4242/members', {
      memberIds: [ann.id],
    });
    expect(errorBody(missing).message).toBe('Group not found.');
  });

  it('adds by e-mail: friend → 200, non-friend → NOT_FRIENDS, member → ALREADY_MEMBER, unknown → 202 invitation', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    await befriend(db(), ann, bea);
    const g = await createGroup(db(), ann, 'Trip');
    const add = (email: string) =>
      caller(ctx, ann)('POST', `/api/groups/${g}/members`, { memberEmail: email });

    const ok = await add(' BEA@example.com');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<GroupBody>().members).toEqual([m(ann), m(bea)]);

    const again = await add('bea@example.com');
    expect(again.statusCode).toBe(409);
    expect(errorBody(again).message).toBe('Bea is already a member of this group.');
    const self = await add('ann@example.com');
    expect(errorBody(self).message).toBe('Ann is already a member of this group.');

    const notFriend = await add('cat@example.com');
    expect(notFriend.statusCode).toBe(400);
    expect(errorBody(notFriend)).toMatchObject({
      code: 'NOT_FRIENDS',
      message: 'You can only add your friends. Send them a friend request first.',
    });
    expect(cat).toBeDefined();

    const invited = await add('newbie@example.com');
    expect(invited.statusCode).toBe(202);
    expect(invited.body).toBe('');
    const mail = await ctx.smtp.waitFor('newbie@example.com');
    const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(decoded).toContain('http://evenly.test/register?email=newbie@example.com');
    expect(await db().select().from(invitations)).toMatchObject([
      { inviterId: ann.id, email: 'newbie@example.com', groupId: g },
    ]);
  });

  it('a former member added again comes back at the end of the joining order', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    await befriend(db(), ann, bea);
    await befriend(db(), ann, cat);
    const g = await createGroup(db(), ann, 'Trip', [bea, cat]);
    await leaveGroup(db(), g, bea.id);
    const res = await caller(ctx, ann)('POST', `/api/groups/${g}/members`, { memberIds: [bea.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json<GroupBody>().members).toEqual([m(ann), m(cat), m(bea)]);
    expect((await caller(ctx, bea)('GET', `/api/groups/${g}`)).statusCode).toBe(200);
  });
});

describe('DELETE /groups/{id}/members/{userId}', () => {
  it('a settled member leaves: 200, row kept with left_at, activity for everyone', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Trip', [bea, cat]);
    const res = await caller(ctx, bea)('DELETE', `/api/groups/${g}/members/${bea.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<GroupBody>().members).toEqual([m(ann), m(cat)]);
    const [row] = await db()
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, g), eq(groupMembers.userId, bea.id)));
    expect(row?.leftAt).toBeInstanceOf(Date);
    const feed = await db().select().from(activities).where(eq(activities.type, 'member_left'));
    expect(feed.map((a) => a.recipientId).sort()).toEqual([ann.id, bea.id, cat.id].sort());
    expect(feed.every((a) => a.description === 'Bea left the group')).toBe(true);
    expect((await caller(ctx, bea)('GET', `/api/groups/${g}`)).statusCode).toBe(403);
    const again = await caller(ctx, ann)('DELETE', `/api/groups/${g}/members/${bea.id}`);
    expect(again.statusCode).toBe(404);
    expect(errorBody(again).message).toBe('That user is not a member of this group.');
  });

  it('only the creator removes others; outstanding balances block leaving and removal', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Trip', [bea, cat]);
    const notCreator = await caller(ctx, bea)('DELETE', `/api/groups/${g}/members/${cat.id}`);
    expect(notCreator.statusCode).toBe(403);
    expect(errorBody(notCreator)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only the group creator can remove other members.',
    });

    await owe(ctx, g, cat, ann, 250);
    const leave = await caller(ctx, cat)('DELETE', `/api/groups/${g}/members/${cat.id}`);
    expect(leave.statusCode).toBe(409);
    expect(errorBody(leave)).toMatchObject({
      code: 'OUTSTANDING_BALANCE',
      message: 'You can\u2019t leave a group while you have an outstanding balance in it.',
    });
    const remove = await caller(ctx, ann)('DELETE', `/api/groups/${g}/members/${cat.id}`);
    expect(remove.statusCode).toBe(409);
    expect(errorBody(remove)).toMatchObject({
      code: 'OUTSTANDING_BALANCE',
      message: 'Cat still has an outstanding balance in this group.',
    });
    const unknown = await caller(ctx, ann)('DELETE', `/api/groups/${g}/members/9999`);
    expect(unknown.statusCode).toBe(404);
    expect(errorBody(unknown).message).toBe('That user is not a member of this group.');
    const badUser = await caller(ctx, ann)('DELETE', `/api/groups/${g}/members/x`);
    expect(badUser.statusCode).toBe(400);
    expect(errorBody(badUser).message).toBe('Invalid User ID.');

    // Bea is settled and can be removed by the creator.
    const removed = await caller(ctx, ann)('DELETE', `/api/groups/${g}/members/${bea.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<GroupBody>().members).toEqual([m(ann), m(cat)]);
    const feed = await db()
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'member_left'), eq(activities.recipientId, bea.id)));
    expect(feed.map((a) => a.description)).toEqual(['Ann removed Bea']);
  });

  it('settled means the lines as the group shows them (simplified where on)', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Trip', [bea, cat], { simplifyDebts: true });
    // Ann owes Bea 10, Bea owes Cat 10: simplified, Ann pays Cat and Bea is settled.
    await owe(ctx, g, ann, bea, 1000);
    await owe(ctx, g, bea, cat, 1000);
    const res = await caller(ctx, bea)('DELETE', `/api/groups/${g}/members/${bea.id}`);
    expect(res.statusCode).toBe(200);
    const blocked = await caller(ctx, ann)('DELETE', `/api/groups/${g}/members/${ann.id}`);
    expect(errorBody(blocked).code).toBe('OUTSTANDING_BALANCE');
  });

  it('not simplified, the same member is not settled', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Trip', [bea, cat]);
    await owe(ctx, g, ann, bea, 1000);
    await owe(ctx, g, bea, cat, 1000);
    const res = await caller(ctx, bea)('DELETE', `/api/groups/${g}/members/${bea.id}`);
    expect(res.statusCode).toBe(409);
  });

  it('GET /groups/{id} says whether everyone is settled: per person when simplified, per pair when not', async () => {
    const [ann, bea, cat, dan] = await users('Ann', 'Bea', 'Cat', 'Dan');
    const plain = await createGroup(db(), ann, 'Plain', [bea, cat, dan]);
    const simple = await createGroup(db(), ann, 'Simple', [bea, cat, dan], { simplifyDebts: true });
    const settled = async (g: number) =>
      (await caller(ctx, dan)('GET', `/api/groups/${g}`)).json<{ everyoneSettled: boolean }>()
        .everyoneSettled;
    expect(await settled(plain)).toBe(true);
    expect(await settled(simple)).toBe(true);
    // A circle: Bea owes Ann, Cat owes Bea, Ann owes Cat, 10 each. Everyone nets to zero.
    for (const g of [plain, simple]) {
      await owe(ctx, g, bea, ann, 1000);
      await owe(ctx, g, cat, bea, 1000);
      await owe(ctx, g, ann, cat, 1000);
    }
    // Paid pair by pair, the circle is three open debts; simplified, nobody needs to pay anyone.
    expect(await settled(plain)).toBe(false);
    expect(await settled(simple)).toBe(true);
    // Dan himself is settled in both (his lines are empty).
    expect((await caller(ctx, dan)('GET', `/api/balances/group/${plain}`)).json()).toEqual([]);
    await owe(ctx, simple, dan, ann, 500);
    expect(await settled(simple)).toBe(false);
  });

  it('creator rights pass to the earliest-joined remaining member; the last member cannot leave', async () => {
    const [ann, bea, cat, dan] = await users('Ann', 'Bea', 'Cat', 'Dan');
    await befriend(db(), ann, bea);
    const g = await createGroup(db(), ann, 'Trip', [cat, dan]);
    // Bea joins last, by id.
    await caller(ctx, ann)('POST', `/api/groups/${g}/members`, { memberIds: [bea.id] });
    const res = await caller(ctx, ann)('DELETE', `/api/groups/${g}/members/${ann.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<GroupBody>()).toMatchObject({
      creator: u(cat),
      members: [m(cat), m(dan), m(bea)],
    });
    // Cat now holds creator rights.
    const removed = await caller(ctx, cat)('DELETE', `/api/groups/${g}/members/${dan.id}`);
    expect(removed.statusCode).toBe(200);
    const leave = await caller(ctx, cat)('DELETE', `/api/groups/${g}/members/${cat.id}`);
    expect(leave.json<GroupBody>()).toMatchObject({ creator: u(bea), members: [m(bea)] });

    const last = await caller(ctx, bea)('DELETE', `/api/groups/${g}/members/${bea.id}`);
    expect(last.statusCode).toBe(409);
    expect(errorBody(last)).toMatchObject({
      code: 'LAST_MEMBER',
      message: 'You are the last member of this group. Delete the group instead.',
    });
    const deleted = await caller(ctx, bea)('DELETE', `/api/groups/${g}`);
    expect(deleted.statusCode).toBe(204);
  });
});
