// GroupService: groups, their settings and membership (contract §4.3, §5.5, §5.6).
import { approximateIn } from '@evenly/core';
import type { AddMembersInput, GroupCreateInput, GroupPatchInput } from '@evenly/core';
import type { Db } from '../../db/database.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  NotFriendsError,
} from '../../errors/app-errors.js';
import type { ServiceDeps, Services } from '../../services.js';
import type { NewActivity } from '../activity/activity.repository.js';
import { insertActivities } from '../activity/activity.repository.js';
import type { BalanceLineData, Person } from '../balances/balance-reader.js';
import {
  everyoneSettled,
  groupPlan,
  isSettledInGroup,
  linesOfGroups,
  peopleByIds,
} from '../balances/balance-reader.js';
import { myGroupsData } from './my-groups.repository.js';
import { deleteGroupPairs } from '../balances/pair-balances.repository.js';
import { noteChange } from '../../db/transaction.js';
import type { AvatarLinks } from '../people/avatar-url.js';
import type { ChangeAction } from '../../db/change-feed.js';
import {
  deleteGuest,
  deleteGuestRows,
  guestHasEntries,
  guestIdsOfGroup,
} from '../guests/guests.repository.js';
import { acceptedFriendIds } from '../friendships/friendships.repository.js';
import { findUserByEmail } from '../auth/users.repository.js';
import type { GroupRow, MemberUser } from './membership.repository.js';
import {
  addMember,
  currentMemberIds,
  deleteGroupRows,
  groupHasEntries,
  insertGroup,
  updateGroup,
  currentMembers,
  GROUP_NOT_FOUND,
  groupLastActivity,
  lockGroup,
  markLeft,
  MAX_ROW_ID,
  NOT_A_MEMBER,
  requireGroupMember,
} from './membership.repository.js';
import { groupDetailFor } from './group-detail.repository.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/idempotency.js';

export const GROUP_TEXT = {
  notFriends: 'You can only add your friends. Send them a friend request first.',
  alreadyMember: (name: string) => `${name} is already a member of this group.`,
  currencyLocked: 'The currency can only be changed while the group has no expenses or payments.',
  currencyModeLocked:
    'Whether currencies are kept separate can only be changed while the group has no expenses or payments.',
  notAMemberTarget: 'That user is not a member of this group.',
  onlyCreatorRemoves: 'Only the group creator can remove other members.',
  leaveOutstanding: 'You can\u2019t leave a group while you have an outstanding balance in it.',
  removeOutstanding: (name: string) => `${name} still has an outstanding balance in this group.`,
  lastMember: 'You are the last member of this group. Delete the group instead.',
  onlyCreatorDeletes: 'Only the group creator can delete this group.',
  deleteOutstanding: 'This group still has outstanding balances. Settle up before deleting it.',
} as const;

export interface GroupView {
  id: number;
  name: string;
  createdAt: Date;
  lastActivityAt: Date;
  creator: Person;
  /** Current members in joining order (accounts and guests). */
  members: GroupMember[];
  simplifyDebts: boolean;
  defaultCurrency: string;
  currencyMode: 'CONVERT' | 'SEPARATE';
  coverEmoji: string | null;
  coverColor: string | null;
}

/** A member as the Group object lists them. */
export interface GroupMember extends Person {
  guest: boolean;
  avatarUrl: string | null;
}

export interface GroupWithBalance extends GroupView {
  myBalance: {
    netCents: number;
    currency: string;
    lines: BalanceLineData[];
    /** Every line in the caller's home currency, approximately (when one is chosen). */
    approximate: { currency: string; cents: number; missing: string[] } | null;
  };
}

export interface SettleSuggestion {
  from: Person;
  to: Person;
  amountCents: number;
  currency: string;
}

/** POST /groups/{id}/members either adds (the updated group) or invites an unknown address. */
export type AddMembersResult = { kind: 'added'; group: GroupView } | { kind: 'invited' };

function view(
  row: GroupRow,
  members: MemberUser[],
  creator: Person | undefined,
  avatars: AvatarLinks,
): GroupView {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    lastActivityAt: row.lastActivityAt,
    creator: creator ?? { id: row.creatorId, name: '', email: '' },
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      guest: m.guest,
      avatarUrl: avatars.url({
        id: m.id,
        avatarVersion: m.avatarVersion,
        hasAvatar: m.avatarKey !== null,
      }),
    })),
    simplifyDebts: row.simplifyDebts,
    defaultCurrency: row.defaultCurrency,
    currencyMode: row.currencyMode,
    coverEmoji: row.coverEmoji,
    coverColor: row.coverColor,
  };
}

export class GroupService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}

  /** Signs members' picture links (one instance per app: services.avatarLinks). */
  private get avatars(): AvatarLinks {
    return this.services.avatarLinks;
  }

  /** The group as the API shows it, read in `db` (a transaction sees its own writes). */
  async load(db: Db, row: GroupRow): Promise<GroupView> {
    const members = await currentMembers(db, row.id);
    let creator: Person | undefined = members.find((m) => m.id === row.creatorId);
    if (creator === undefined)
      creator = (await peopleByIds(db, [row.creatorId])).get(row.creatorId);
    const lastActivityAt = (await groupLastActivity(db, row.id)) ?? row.lastActivityAt;
    return view({ ...row, lastActivityAt }, members, creator, this.avatars);
  }

  /**
   * Locks the group for a membership or settings change, then checks the caller is a current
   * member: the check comes after the lock, so it still holds at the commit.
   */
  async lockForMember(tx: Db, groupId: number, userId: number): Promise<GroupRow> {
    const row = await lockGroup(tx, groupId);
    if (row === undefined) throw new NotFoundError(GROUP_NOT_FOUND);
    await requireGroupMember(tx, groupId, userId);
    return row;
  }

  notify(tx: Db, groupId: number, action: ChangeAction, recipients: number[], at: Date): void {
    noteChange(tx, { entity: 'group', action, id: groupId, groupId, recipients, at });
  }

  /** `idempotency`: the request's Idempotency-Key (a create sent again after a lost answer). */
  async create(
    userId: number,
    input: GroupCreateInput,
    idempotency: IdempotencyScope<GroupView> | null = null,
  ): Promise<WriteOutcome<GroupView>> {
    const at = new Date();
    return this.deps.transaction(async (tx): Promise<WriteOutcome<GroupView>> => {
      const stored = idempotency === null ? null : await idempotency.claim(tx);
      if (stored !== null) return { kind: 'replayed', stored };
      const view = await this.load(tx, await this.createIn(tx, userId, input, at));
      if (idempotency !== null) await idempotency.complete(tx, view);
      return { kind: 'done', value: view };
    });
  }

  /** A new group with its creator as the one member, in the caller's transaction. */
  async createIn(tx: Db, userId: number, input: GroupCreateInput, at: Date): Promise<GroupRow> {
    const row = await insertGroup(tx, {
      name: input.name,
      creatorId: userId,
      simplifyDebts: input.simplifyDebts,
      defaultCurrency: input.defaultCurrency,
      currencyMode: input.currencyMode,
      createdAt: at,
      lastActivityAt: at,
    });
    await addMember(tx, row.id, userId, at);
    await insertActivities(tx, [
      {
        recipientId: userId,
        type: 'group_created',
        actorId: userId,
        groupId: row.id,
        groupName: row.name,
        description: row.name,
        amountCents: null,
        currency: null,
        myShareCents: 0,
      },
    ]);
    this.notify(tx, row.id, 'created', [userId], at);
    return row;
  }

  /** The caller's current groups, newest activity first, each with the caller's lines. */
  async listMine(userId: number): Promise<GroupWithBalance[]> {
    const { groups: rows, members, pairs, people, home } = await myGroupsData(this.deps.db, userId);
    const linesByGroup = linesOfGroups(rows, pairs, people, userId);
    const rates =
      home === null
        ? null
        : await this.services.balances.ratesInto(
            home,
            pairs.map((p) => p.currency),
          );
    return rows.map((row) => {
      const list = members.get(row.id) ?? [];
      const creator = list.find((m) => m.id === row.creatorId) ?? people.get(row.creatorId);
      const lines = linesByGroup.get(row.id) ?? [];
      const netCents = lines
        .filter((l) => l.currency === row.defaultCurrency)
        .reduce((sum, l) => sum + l.netCents, 0);
      const approximate =
        rates === null
          ? null
          : {
              currency: rates.home,
              ...approximateIn(
                rates.home,
                lines.map((l) => ({ currency: l.currency, cents: l.netCents })),
                rates.rates,
              ),
            };
      return {
        ...view(row, list, creator, this.avatars),
        myBalance: { netCents, currency: row.defaultCurrency, lines, approximate },
      };
    });
  }

  /** GET /groups/{id}: one named statement (group-detail.repository.ts). */
  async get(userId: number, groupId: number, db: Db = this.deps.db): Promise<GroupView> {
    const detail = await groupDetailFor(db, groupId, userId);
    if (detail === 'not-found') throw new NotFoundError(GROUP_NOT_FOUND);
    if (detail === 'not-member') throw new ForbiddenError(NOT_A_MEMBER);
    return view(detail.group, detail.members, detail.creator, this.avatars);
  }

  async patch(userId: number, groupId: number, patch: GroupPatchInput): Promise<GroupView> {
    const at = new Date();
    return this.deps.transaction(async (tx) => {
      const row = await this.lockForMember(tx, groupId, userId);
      if (
        patch.defaultCurrency !== undefined &&
        patch.defaultCurrency !== row.defaultCurrency &&
        (await groupHasEntries(tx, groupId))
      ) {
        throw new ConflictError('CURRENCY_LOCKED', GROUP_TEXT.currencyLocked);
      }
      // Keeping currencies apart or converting them changes what existing balances mean.
      if (
        patch.currencyMode !== undefined &&
        patch.currencyMode !== row.currencyMode &&
        (await groupHasEntries(tx, groupId))
      ) {
        throw new ConflictError('CURRENCY_LOCKED', GROUP_TEXT.currencyModeLocked);
      }
      if (Object.keys(patch).length === 0) return this.load(tx, row);
      const updated = await updateGroup(tx, groupId, { ...patch, lastActivityAt: at });
      const result = await this.load(tx, updated);
      this.notify(
        tx,
        groupId,
        'updated',
        result.members.map((m) => m.id),
        at,
      );
      return result;
    });
  }

  async addMembers(
    userId: number,
    groupId: number,
    input: AddMembersInput,
  ): Promise<AddMembersResult> {
    const at = new Date();
    const { result, mailQueued } = await this.deps.transaction(async (tx) => {
      const row = await this.lockForMember(tx, groupId, userId);
      let ids: number[];
      if (input.kind === 'email') {
        const person = await findUserByEmail(tx, input.memberEmail);
        if (person === undefined) {
          const queued = await this.services.invitations.invite(
            tx,
            userId,
            input.memberEmail,
            row,
            at,
          );
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
      const group = await this.addPeople(
        tx,
        row,
        userId,
        ids.map((id) => people.get(id) as Person),
        at,
      );
      return { result: { kind: 'added' as const, group }, mailQueued: false };
    });
    if (mailQueued) await this.deps.jobs.wake();
    return result;
  }

  /**
   * Adds people (not current members) to a locked group in the caller's transaction: rows,
   * `member_added` activity for every member, the change event and lastActivityAt.
   */
  async addPeople(
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
    const result = await this.load(tx, updated);
    const actor =
      result.members.find((m) => m.id === actorId) ??
      (await peopleByIds(tx, [actorId])).get(actorId);
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
    this.notify(
      tx,
      row.id,
      'updated',
      result.members.map((m) => m.id),
      at,
    );
    return result;
  }

  async removeMember(userId: number, groupId: number, targetId: number): Promise<GroupView> {
    const at = new Date();
    return this.deps.transaction(async (tx) => {
      const row = await this.lockForMember(tx, groupId, userId);
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
      this.notify(
        tx,
        groupId,
        'updated',
        before.map((m) => m.id),
        at,
      );
      return this.load(tx, updated);
    });
  }

  async delete(userId: number, groupId: number): Promise<void> {
    const at = new Date();
    const receiptKeys = await this.deps.transaction(async (tx) => {
      const row = await this.lockForMember(tx, groupId, userId);
      if (row.creatorId !== userId) throw new ForbiddenError(GROUP_TEXT.onlyCreatorDeletes);
      if (!(await everyoneSettled(tx, row))) {
        throw new ConflictError('OUTSTANDING_BALANCE', GROUP_TEXT.deleteOutstanding);
      }
      const members = await currentMembers(tx, groupId);
      // Read before the rows go: the files are removed once the deletion has committed.
      const keys = await this.services.receipts.receiptKeysOfGroup(tx, groupId);
      await deleteGroupPairs(tx, groupId);
      const guestIds = await guestIdsOfGroup(tx, groupId);
      // Expenses (with payers, splits, comments), payments, memberships and invitations cascade.
      await deleteGroupRows(tx, groupId);
      // Its guests existed only in it.
      await deleteGuestRows(tx, guestIds);
      this.notify(
        tx,
        groupId,
        'deleted',
        members.filter((m) => !m.guest).map((m) => m.id),
        at,
      );
      return keys;
    });
    // Best effort, after commit: a leftover file is harmless, a lost group is not.
    await this.services.receipts.deleteFiles(receiptKeys);
  }

  async settleSuggestions(userId: number, groupId: number): Promise<SettleSuggestion[]> {
    const { db } = this.deps;
    await requireGroupMember(db, groupId, userId);
    const plan = await groupPlan(db, groupId);
    const people = await peopleByIds(
      db,
      plan.flatMap((p) => p.transfers.flatMap((t) => [t.from, t.to])),
    );
    return plan.flatMap((p) =>
      p.transfers.map((t) => ({
        from: people.get(t.from) as Person,
        to: people.get(t.to) as Person,
        amountCents: t.cents,
        currency: p.currency,
      })),
    );
  }
}
