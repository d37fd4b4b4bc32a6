// Account deletion (API plan §B, DELETE /api/auth/me). The user row stays, as kind DELETED named
// "Deleted user", so every expense, payment, comment and balance naming them keeps counting for
// the others; everything personal goes: address, password, picture, friend link, settings, push
// subscriptions, e-mail links, idempotency keys, pending requests and invitations. Memberships
// end (creator rights pass on as when leaving; a group left without any account is deleted, with
// its guests).
// The token version moves on, so every token of theirs stops working at once in every process
// (the users trigger puts the change on the change feed, which every process follows).
import type { Db } from '../../db/database.js';
import { noteChange } from '../../db/transaction.js';
import {
  ConflictError,
  InvalidCredentialsError,
  WrongPasswordError,
} from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { insertActivities } from '../activity/index.js';
import { counterpartyFigures } from '../balances/index.js';
import type { CounterpartyFigures } from '../balances/index.js';
import { deleteGroupPairs } from '../balances/index.js';
import { verifyPassword } from '../auth/index.js';
import { asAccount, findAccountById } from '../auth/index.js';
import {
  currentMembers,
  deleteGroupRows,
  lockGroup,
  markLeft,
  updateGroup,
} from '../groups/index.js';
import { deleteGuestRows, guestIdsOfGroup } from '../guests/index.js';
import { PROFILE_TEXT } from './profile-errors.js';
import { lockUser } from './profile.repository.js';
import {
  accountIds,
  currentGroupIds,
  deleteFriendshipRow,
  deletePersonalRows,
  friendshipsOfUser,
  markUserDeleted,
} from './account-deletion.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'profile' | 'receipts'>;

function outstanding(figures: CounterpartyFigures | undefined): boolean {
  if (figures === undefined) return false;
  for (const f of figures.byCurrency.values()) if (f.net !== 0 || f.nonGroup !== 0) return true;
  return false;
}

export class AccountDeletion {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  async delete(
    userId: number,
    input: { password: string; confirmOutstanding?: boolean | undefined },
  ): Promise<void> {
    const user = await findAccountById(this.deps.db, userId);
    if (user === undefined) throw new InvalidCredentialsError();
    if (!(await verifyPassword(user.passwordHash, input.password))) throw new WrongPasswordError();
    await this.erase(userId, input);
  }

  /**
   * Deletes the account by the same rules, without its password: an administrator's deletion
   * (modules/admin), whose audit entry `within` writes in the deletion's transaction.
   */
  async erase(
    userId: number,
    input: { confirmOutstanding?: boolean | undefined },
    within?: (tx: Db) => Promise<void>,
  ): Promise<void> {
    const at = new Date();
    const { receiptKeys, avatarKey } = await this.deps.transaction(async (tx) => {
      const locked = asAccount(await lockUser(tx, userId));
      if (locked === undefined) throw new InvalidCredentialsError();
      const figures = await counterpartyFigures(tx, userId);
      const hasOutstanding = [...figures.values()].some(outstanding);
      if (hasOutstanding && input.confirmOutstanding !== true) {
        throw new ConflictError('OUTSTANDING_BALANCE', PROFILE_TEXT.outstanding);
      }
      const keys: string[] = [];
      for (const groupId of await currentGroupIds(tx, userId)) {
        keys.push(...(await this.endMembership(tx, groupId, userId, at)));
      }
      await this.endFriendships(tx, userId, figures, at);
      await deletePersonalRows(tx, userId, locked.email);
      await markUserDeleted(tx, userId, PROFILE_TEXT.deletedName, at);
      noteChange(tx, {
        entity: 'user',
        action: 'deleted',
        id: userId,
        groupId: null,
        recipients: [userId],
        at,
      });
      await within?.(tx);
      return { receiptKeys: keys, avatarKey: locked.avatarKey };
    });
    // This process refuses the tokens at once; the others hear it from the change feed.
    this.deps.authenticator.evictUser(userId);
    // Best effort, after commit: a leftover file is harmless and unreachable.
    await this.services.receipts.deleteFiles(receiptKeys);
    if (avatarKey !== null) await this.services.profile.removeFile(avatarKey);
  }

  /**
   * Ends the user's membership of one group: creator rights pass to the earliest-joined account
   * still in it; a group without any other account is deleted. Returns receipt keys to remove.
   */
  private async endMembership(
    tx: Db,
    groupId: number,
    userId: number,
    at: Date,
  ): Promise<string[]> {
    const row = await lockGroup(tx, groupId);
    if (row === undefined) return [];
    const before = await currentMembers(tx, groupId);
    const remaining = before.filter((m) => m.id !== userId);
    const accounts = await accountIds(
      tx,
      remaining.map((m) => m.id),
    );
    const remainingAccounts = remaining.filter((m) => accounts.has(m.id));
    if (remainingAccounts.length === 0) {
      const keys = await this.services.receipts.receiptKeysOfGroup(tx, groupId);
      await deleteGroupPairs(tx, groupId);
      const guestIds = await guestIdsOfGroup(tx, groupId);
      await deleteGroupRows(tx, groupId);
      // Its guests existed only in it: their names and addresses go with it.
      await deleteGuestRows(tx, guestIds);
      noteChange(tx, {
        entity: 'group',
        action: 'deleted',
        id: groupId,
        groupId,
        recipients: [userId],
        at,
      });
      return keys;
    }
    await markLeft(tx, groupId, userId, at);
    const creatorId =
      row.creatorId === userId ? (remainingAccounts[0]?.id ?? row.creatorId) : row.creatorId;
    await updateGroup(tx, groupId, { creatorId, lastActivityAt: at });
    await insertActivities(
      tx,
      remainingAccounts.map((m) => ({
        recipientId: m.id,
        type: 'member_left' as const,
        actorId: userId,
        groupId,
        groupName: row.name,
        description: `${PROFILE_TEXT.deletedName} left the group`,
        amountCents: null,
        currency: null,
        myShareCents: 0,
      })),
    );
    noteChange(tx, {
      entity: 'group',
      action: 'updated',
      id: groupId,
      groupId,
      recipients: before.map((m) => m.id),
      at,
    });
    return [];
  }

  /** Pending requests go; accepted friendships stay only where a balance is outstanding. */
  private async endFriendships(
    tx: Db,
    userId: number,
    figures: Map<number, CounterpartyFigures>,
    at: Date,
  ): Promise<void> {
    const rows = await friendshipsOfUser(tx, userId);
    for (const f of rows) {
      const otherId = f.requesterId === userId ? f.addresseeId : f.requesterId;
      if (f.status === 'ACCEPTED' && outstanding(figures.get(otherId))) continue;
      await deleteFriendshipRow(tx, f.id);
      noteChange(tx, {
        entity: 'friendship',
        action: 'deleted',
        id: f.id,
        groupId: null,
        recipients: [f.requesterId, f.addresseeId],
        at,
      });
    }
  }
}
