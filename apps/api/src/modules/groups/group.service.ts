// GroupService: groups, their settings and membership (docs/api.md §4.3, §5.5, §5.6). The view
// and the steps every write takes live in group-view.ts, membership changes in group-members.ts.
import { approximateIn } from '@evenly/core';
import type { AddMembersInput, GroupCreateInput, GroupPatchInput } from '@evenly/core';
import type { Db } from '../../db/database.js';
import type { ChangeAction } from '../../db/change-feed.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { insertActivities } from '../activity/index.js';
import type { Person } from '../balances/index.js';
import {
  everyoneSettled,
  everyoneSettledIn,
  groupPlan,
  linesOfGroups,
  peopleByIds,
} from '../balances/index.js';
import { deleteGroupPairs } from '../balances/index.js';
import { deleteGuestRows, guestIdsOfGroup } from '../guests/index.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import type { AvatarLinks } from '../people/index.js';
import { groupDetailFor } from './group-detail.repository.js';
import type { GroupDetail } from './group-detail.repository.js';
import { addGroupMembers, addPeopleToGroup, removeGroupMember } from './group-members.js';
import { GROUP_TEXT } from './group-text.js';
import type {
  AddMembersResult,
  GroupView,
  GroupWithBalance,
  SettleSuggestion,
} from './group-view.js';
import { groupViewOf, loadGroupView, lockGroupForMember, noteGroupChange } from './group-view.js';
import type { GroupRow } from './membership.repository.js';
import {
  addMember,
  currentMembers,
  deleteGroupRows,
  GROUP_NOT_FOUND,
  groupHasEntries,
  insertGroup,
  NOT_A_MEMBER,
  requireGroupMember,
  updateGroup,
} from './membership.repository.js';
import { myGroupsData } from './my-groups.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'avatarLinks' | 'balances' | 'invitations' | 'receipts'>;

export { GROUP_TEXT } from './group-text.js';
export type {
  AddMembersResult,
  GroupMember,
  GroupView,
  GroupWithBalance,
  SettleSuggestion,
} from './group-view.js';

export class GroupService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  /** Signs members' picture links (one instance per app: services.avatarLinks). */
  private get avatars(): AvatarLinks {
    return this.services.avatarLinks;
  }

  /** The group as the API shows it, read in `db` (a transaction sees its own writes). */
  async load(db: Db, row: GroupRow): Promise<GroupView> {
    return loadGroupView(db, row, this.avatars);
  }

  /**
   * Locks the group for a membership or settings change, then checks the caller is a current
   * member: the check comes after the lock, so it still holds at the commit.
   */
  async lockForMember(tx: Db, groupId: number, userId: number): Promise<GroupRow> {
    return lockGroupForMember(tx, groupId, userId);
  }

  notify(tx: Db, groupId: number, action: ChangeAction, recipients: number[], at: Date): void {
    noteGroupChange(tx, groupId, action, recipients, at);
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
        ...groupViewOf(row, list, creator, this.avatars),
        myBalance: { netCents, currency: row.defaultCurrency, lines, approximate },
      };
    });
  }

  /** GET /groups/{id}: one named statement (group-detail.repository.ts). */
  async get(userId: number, groupId: number, db: Db = this.deps.db): Promise<GroupView> {
    const detail = await this.memberDetail(db, userId, groupId);
    return groupViewOf(detail.group, detail.members, detail.creator, this.avatars);
  }

  /** The group as its member sees it (group-detail.repository.ts); 404 / 403 otherwise. */
  private async memberDetail(db: Db, userId: number, groupId: number): Promise<GroupDetail> {
    const detail = await groupDetailFor(db, groupId, userId);
    if (detail === 'not-found') throw new NotFoundError(GROUP_NOT_FOUND);
    if (detail === 'not-member') throw new ForbiddenError(NOT_A_MEMBER);
    return detail;
  }

  /**
   * GET /groups/{id}: the group, and whether nobody in it owes anybody anything (issue #31 point 4:
   * without it, a member settled with everyone could not tell "you are settled" from "everyone
   * is" in a group that does not simplify, where debts in a circle net to nothing per person).
   */
  async detail(
    userId: number,
    groupId: number,
  ): Promise<{ group: GroupView; everyoneSettled: boolean }> {
    const detail = await this.memberDetail(this.deps.db, userId, groupId);
    return {
      group: groupViewOf(detail.group, detail.members, detail.creator, this.avatars),
      everyoneSettled: everyoneSettledIn(detail.pairs, detail.group.simplifyDebts),
    };
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
    return addGroupMembers(this.deps, this.services, userId, groupId, input);
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
    describe?: (actorName: string, person: Person) => string,
  ): Promise<GroupView> {
    return addPeopleToGroup(this.services, tx, row, actorId, people, at, describe);
  }

  async removeMember(userId: number, groupId: number, targetId: number): Promise<GroupView> {
    return removeGroupMember(this.deps, this.services, userId, groupId, targetId);
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
