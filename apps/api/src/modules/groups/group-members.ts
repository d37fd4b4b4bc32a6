// Group membership (docs/api.md §5.5, §5.6): adding friends (or inviting an address with no
// account), adding people in the caller's transaction, and removing a member or leaving.
import { MAX_ROW_ID } from '../../db/row-id.js';
import type { AddMembersInput } from '@evenly/core';
import type { Db } from '../../db/database.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  NotFriendsError,
} from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import type { NewActivity } from '../activity/index.js';
import { insertActivities } from '../activity/index.js';
import type { Person } from '../balances/index.js';
import { isSettledInGroup, peopleByIds } from '../balances/index.js';
import { findUserByEmail } from '../auth/index.js';
import { acceptedFriendIds } from '../friendships/index.js';
import { deleteGuest, guestHasEntries } from '../guests/index.js';
import { GROUP_TEXT } from './group-text.js';
import type { AddMembersResult, GroupView } from './group-view.js';
import { loadGroupView, lockGroupForMember, noteGroupChange } from './group-view.js';
import type { GroupRow } from './membership.repository.js';
import {
  addMember,
  currentMemberIds,
  currentMembers,
  markLeft,
  updateGroup,
} from './membership.repository.js';

export async function addGroupMembers(
  deps: ServiceDeps,
  services: Pick<AppServices, 'avatarLinks' | 'invitations'>,
  userId: number,
  groupId: number,
  input: AddMembersInput,
): Promise<AddMembersResult> {
  const at = new Date();
  const { result, mailQueued } = await deps.transaction(async (tx) => {
    const row = await lockGroupForMember(tx, groupId, userId);
    let ids: number[];
    if (input.kind === 'email') {
      const person = await findUserByEmail(tx, input.memberEmail);
      if (person === undefined) {
        const queued = await services.invitations.invite(tx, userId, input.memberEmail, row, at);
        return { result: { kind: 'invited' as const }, mailQueued: queued };
      }
      ids = [person.id];
    } else {
      ids = input.memberIds;
    }
    // Ids beyond the id column's range have no row: they end up as "not friends".
    const known = ids.filter((id) => id <= MAX_ROW_ID);
    const members = await currentMemberIds(tx, groupId, known);
    const friends = await acceptedFriendIds(tx, userId, known);
    const people = await peopleByIds(tx, known);
    for (const id of ids) {
      const person = people.get(id);
      if (members.has(id) && person !== undefined) {
        throw new ConflictError('ALREADY_MEMBER', GROUP_TEXT.alreadyMember(person.name));
      }
      if (!friends.has(id) || person === undefined) {
        throw new NotFriendsError(GROUP_TEXT.notFriends);
      }
    }
    const group = await addPeopleToGroup(
      services,
      tx,
      row,
      userId,
      ids.map((id) => people.get(id) as Person),
      at,
    );
    return { result: { kind: 'added' as const, group }, mailQueued: false };
  });
  if (mailQueued) await deps.jobs.wake();
  return result;
}

/**
 * Adds people (not current members) to a locked group in the caller's transaction: rows,
 * `member_added` activity for every member, the change event and lastActivityAt.
 */
export async function addPeopleToGroup(
  services: Pick<AppServices, 'avatarLinks'>,
  tx: Db,
  row: GroupRow,
  actorId: number,
  people: Person[],
  at: Date,
  describe: (actorName: string, person: Person) => string = (actorName, p) =>
    `${actorName} added ${p.name}`,
): Promise<GroupView> {
  for (const p of people) await addMember(tx, row.id, p.id, at);
  const updated = await updateGroup(tx, row.id, { lastActivityAt: at });
  const result = await loadGroupView(tx, updated, services.avatarLinks);
  const actor =
    result.members.find((m) => m.id === actorId) ?? (await peopleByIds(tx, [actorId])).get(actorId);
  const actorName = actor?.name ?? '';
  const activity: NewActivity[] = [];
  for (const p of people) {
    for (const m of result.members) {
      if (m.guest) continue;
      activity.push({
        recipientId: m.id,
        type: 'member_added',
        actorId,
        groupId: row.id,
        groupName: row.name,
        description: describe(actorName, p),
        amountCents: null,
        currency: null,
        myShareCents: 0,
        subjectId: p.id,
      });
    }
  }
  await insertActivities(tx, activity);
  noteGroupChange(
    tx,
    row.id,
    'updated',
    result.members.map((m) => m.id),
    at,
  );
  return result;
}

export async function removeGroupMember(
  deps: ServiceDeps,
  services: Pick<AppServices, 'avatarLinks'>,
  userId: number,
  groupId: number,
  targetId: number,
): Promise<GroupView> {
  const at = new Date();
  return deps.transaction(async (tx) => {
    const row = await lockGroupForMember(tx, groupId, userId);
    const before = await currentMembers(tx, groupId);
    const target = before.find((m) => m.id === targetId);
    if (target === undefined) throw new NotFoundError(GROUP_TEXT.notAMemberTarget);
    const leaving = targetId === userId;
    if (!leaving && row.creatorId !== userId) {
      throw new ForbiddenError(GROUP_TEXT.onlyCreatorRemoves);
    }
    const accounts = before.filter((m) => !m.guest);
    if (before.length === 1 || (!target.guest && accounts.length === 1)) {
      throw new ConflictError('LAST_MEMBER', GROUP_TEXT.lastMember);
    }
    if (!(await isSettledInGroup(tx, row, targetId))) {
      throw new ConflictError(
        'OUTSTANDING_BALANCE',
        leaving ? GROUP_TEXT.leaveOutstanding : GROUP_TEXT.removeOutstanding(target.name),
      );
    }
    // A guest nobody's entries name goes altogether; anyone else stays as a former member.
    if (target.guest && !(await guestHasEntries(tx, targetId))) {
      await deleteGuest(tx, groupId, targetId);
    } else {
      await markLeft(tx, groupId, targetId, at);
    }
    const remaining = accounts.filter((m) => m.id !== targetId);
    const creatorId =
      row.creatorId === targetId ? (remaining[0]?.id ?? row.creatorId) : row.creatorId;
    const updated = await updateGroup(tx, groupId, { creatorId, lastActivityAt: at });
    const actor = before.find((m) => m.id === userId);
    const description = leaving
      ? `${target.name} left the group`
      : `${actor?.name ?? ''} removed ${target.name}`;
    await insertActivities(
      tx,
      accounts.map((m) => ({
        recipientId: m.id,
        type: 'member_left' as const,
        actorId: userId,
        groupId,
        groupName: row.name,
        description,
        amountCents: null,
        currency: null,
        myShareCents: 0,
      })),
    );
    noteGroupChange(
      tx,
      groupId,
      'updated',
      before.map((m) => m.id),
      at,
    );
    return loadGroupView(tx, updated, services.avatarLinks);
  });
}
