// A group as the API shows it (docs/api.md §4.3), and the steps every group write takes: the lock
// and the member check first, the change noted last.
import type { Db } from '../../db/database.js';
import { noteChange } from '../../db/transaction.js';
import type { ChangeAction } from '../../db/change-feed.js';
import { NotFoundError } from '../../errors/app-errors.js';
import type { BalanceLineData, Person } from '../balances/index.js';
import { peopleByIds } from '../balances/index.js';
import type { AvatarLinks } from '../people/index.js';
import type { GroupRow, MemberUser } from './membership.repository.js';
import {
  currentMembers,
  GROUP_NOT_FOUND,
  groupLastActivity,
  lockGroup,
  requireGroupMember,
} from './membership.repository.js';

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

export function groupViewOf(
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

/** The group as the API shows it, read in `db` (a transaction sees its own writes). */
export async function loadGroupView(
  db: Db,
  row: GroupRow,
  avatars: AvatarLinks,
): Promise<GroupView> {
  const members = await currentMembers(db, row.id);
  let creator: Person | undefined = members.find((m) => m.id === row.creatorId);
  if (creator === undefined) creator = (await peopleByIds(db, [row.creatorId])).get(row.creatorId);
  const lastActivityAt = (await groupLastActivity(db, row.id)) ?? row.lastActivityAt;
  return groupViewOf({ ...row, lastActivityAt }, members, creator, avatars);
}

/**
 * Locks the group for a membership or settings change, then checks the caller is a current
 * member: the check comes after the lock, so it still holds at the commit.
 */
export async function lockGroupForMember(
  tx: Db,
  groupId: number,
  userId: number,
): Promise<GroupRow> {
  const row = await lockGroup(tx, groupId);
  if (row === undefined) throw new NotFoundError(GROUP_NOT_FOUND);
  await requireGroupMember(tx, groupId, userId);
  return row;
}

/** Notes a change of group `groupId` for `recipients` (the change feed, after the commit). */
export function noteGroupChange(
  tx: Db,
  groupId: number,
  action: ChangeAction,
  recipients: number[],
  at: Date,
): void {
  noteChange(tx, { entity: 'group', action, id: groupId, groupId, recipients, at });
}
