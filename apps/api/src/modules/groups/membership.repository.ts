// Group rows and membership checks, shared by every module that touches group data.
import { MAX_ROW_ID } from '../../db/row-id.js';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { isoSql, run, statement } from '../../db/statements.js';
import { expenses, groupMembers, groups, payments, users } from '../../db/schema.js';
import { ForbiddenError, NotFoundError } from '../../errors/app-errors.js';

export type GroupRow = typeof groups.$inferSelect;
export interface MemberUser {
  id: number;
  name: string;
  /** A guest's is the address given when adding them (or null). */
  email: string | null;
  /** A person without an account, added by name (users.kind = 'GUEST'). */
  guest: boolean;
  /** The profile picture's storage key (null = initials) and version (avatar-url.ts). */
  avatarKey: string | null;
  avatarVersion: number;
}

/** A member as the JSON array `[id, name, email, guest, avatarKey, avatarVersion]`. */
export type MemberTuple = [number, string, string | null, boolean, string | null, number];

/** SQL: the users row `alias` as a MemberTuple's elements (inside json_build_array). */
export function memberTupleSql(alias: string): string {
  return `${alias}.id, ${alias}.name, coalesce(${alias}.email, ${alias}.guest_email),
          ${alias}.kind = 'GUEST', ${alias}.avatar_key, ${alias}.avatar_version`;
}

export function memberOf(t: MemberTuple): MemberUser {
  return {
    id: t[0],
    name: t[1],
    email: t[2],
    guest: t[3],
    avatarKey: t[4],
    avatarVersion: Number(t[5]),
  };
}

/** A group row as the JSON array of groupTupleSql. */
export type GroupTuple = [
  number,
  string,
  number,
  boolean,
  string,
  string,
  string,
  string,
  string | null,
  string | null,
];

/**
 * SQL: the groups row `alias` as one JSON array (GroupTuple; see groupRowOf); `lastActivity` is
 * the expression for its lastActivityAt.
 */
export function groupTupleSql(alias: string, lastActivity = `${alias}.last_activity_at`): string {
  return `json_build_array(${alias}.id, ${alias}.name, ${alias}.creator_id, ${alias}.simplify_debts,
            ${alias}.default_currency, ${isoSql(`${alias}.created_at`)}, ${isoSql(lastActivity)},
            ${alias}.currency_mode, ${alias}.cover_emoji, ${alias}.cover_color)`;
}

export function groupRowOf(t: GroupTuple): GroupRow {
  return {
    id: t[0],
    name: t[1],
    creatorId: t[2],
    simplifyDebts: t[3],
    defaultCurrency: t[4],
    createdAt: new Date(t[5]),
    lastActivityAt: new Date(t[6]),
    currencyMode: t[7] === 'SEPARATE' ? 'SEPARATE' : 'CONVERT',
    coverEmoji: t[8],
    coverColor: t[9],
  };
}

export const GROUP_NOT_FOUND = 'Group not found.';
export const NOT_A_MEMBER = 'You are not a member of this group.';

export async function findGroup(db: Db, groupId: number): Promise<GroupRow | undefined> {
  // Ids beyond the int4 column are well-formed but cannot exist (404, never a database error).
  if (!Number.isSafeInteger(groupId) || groupId > MAX_ROW_ID) return undefined;
  const rows = await db.select().from(groups).where(eq(groups.id, groupId)).limit(1);
  return rows[0];
}

export async function isCurrentMember(db: Db, groupId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
        isNull(groupMembers.leftAt),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

/** Where a person stands in a group: a current member, a former one, or never one. */
export type GroupStanding = 'current' | 'former' | 'never';

export async function groupStanding(
  db: Db,
  groupId: number,
  userId: number,
): Promise<GroupStanding> {
  const [row] = await db
    .select({ leftAt: groupMembers.leftAt })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .limit(1);
  if (row === undefined) return 'never';
  return row.leftAt === null ? 'current' : 'former';
}

/** The group, when it exists and `userId` is a current member; 404 / 403 otherwise. */
export async function requireGroupMember(
  db: Db,
  groupId: number,
  userId: number,
): Promise<GroupRow> {
  const group = await findGroup(db, groupId);
  if (group === undefined) throw new NotFoundError(GROUP_NOT_FOUND);
  if (!(await isCurrentMember(db, groupId, userId))) throw new ForbiddenError(NOT_A_MEMBER);
  return group;
}

/** Current members in joining order. */
export async function currentMembers(db: Db, groupId: number): Promise<MemberUser[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      guestEmail: users.guestEmail,
      kind: users.kind,
      avatarKey: users.avatarKey,
      avatarVersion: users.avatarVersion,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), isNull(groupMembers.leftAt)))
    .orderBy(asc(groupMembers.joinSeq));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email ?? r.guestEmail,
    guest: r.kind === 'GUEST',
    avatarKey: r.avatarKey,
    avatarVersion: r.avatarVersion,
  }));
}

/**
 * SQL: the lastActivityAt of the groups row `alias`: its own column (creation, settings, members,
 * comment deletions) or the group's latest activity row (every expense, payment and comment
 * change records one, the actor's own among them), whichever is later. Ledger writes do not
 * update the groups row, so they never lock it: the partial activity index (group_id,
 * created_at where recipient = actor) answers with one entry.
 */
export function groupLastActivitySql(alias: string): string {
  return `greatest(${alias}.last_activity_at, (select max(a.created_at) from activities a
            where a.group_id = ${alias}.id and a.recipient_id = a.actor_id))`;
}

const lastActivityStatement = statement<{ at: string }>(
  'groups.last_activity',
  `select ${isoSql(groupLastActivitySql('g'))} as at from groups g where g.id = $1`,
);

/** The group's lastActivityAt (see groupLastActivitySql). */
export async function groupLastActivity(db: Db, groupId: number): Promise<Date | undefined> {
  const [row] = await run(db, lastActivityStatement, [groupId]);
  return row === undefined ? undefined : new Date(row.at);
}

/**
 * Marks the group as changed now (orders GET /groups/my). Skipped when another transaction is
 * touching the group at this moment (it sets the same moment), so concurrent writers in one
 * group do not queue behind each other's commits on this row.
 */
export async function touchGroup(db: Db, groupId: number, at: Date = new Date()): Promise<void> {
  await run(db, touchGroupStatement, [groupId, at.toISOString()]);
}

const touchGroupStatement = statement<never>(
  'groups.touch',
  `update groups set last_activity_at = greatest(last_activity_at, $2::timestamptz)
    where id = (select id from groups where id = $1 for no key update skip locked)`,
);

/** The group row, locked until the transaction ends (membership and settings changes). */
export async function lockGroup(db: Db, groupId: number): Promise<GroupRow | undefined> {
  if (groupId > MAX_ROW_ID) return undefined;
  const rows = await db.select().from(groups).where(eq(groups.id, groupId)).limit(1).for('update');
  return rows[0];
}

/** Current members among `userIds`. */
export async function currentMemberIds(
  db: Db,
  groupId: number,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        inArray(groupMembers.userId, [...new Set(userIds)]),
        isNull(groupMembers.leftAt),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/**
 * Makes `userId` a current member. A former member's row is reactivated and moves to the end of
 * the joining order (a new join_seq), so "earliest-joined" always means the current stint.
 */
export async function addMember(db: Db, groupId: number, userId: number, at: Date): Promise<void> {
  await db.execute(sql`
    insert into ${groupMembers} (group_id, user_id, joined_at) values (${groupId}, ${userId}, ${at.toISOString()})
    on conflict (group_id, user_id) do update
      set join_seq = default, joined_at = excluded.joined_at, left_at = null
      where ${groupMembers.leftAt} is not null`);
}

/** Marks a current member as having left (the row stays: their entries still count). */
export async function markLeft(db: Db, groupId: number, userId: number, at: Date): Promise<void> {
  await db
    .update(groupMembers)
    .set({ leftAt: at })
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
        isNull(groupMembers.leftAt),
      ),
    );
}

export type NewGroupRow = typeof groups.$inferInsert;

export async function insertGroup(db: Db, values: NewGroupRow): Promise<GroupRow> {
  const [row] = await db.insert(groups).values(values).returning();
  if (row === undefined) throw new Error('group insert returned nothing');
  return row;
}

/** Changes a group's columns; the row afterwards. */
export async function updateGroup(
  db: Db,
  groupId: number,
  values: Partial<
    Pick<
      NewGroupRow,
      | 'name'
      | 'simplifyDebts'
      | 'defaultCurrency'
      | 'currencyMode'
      | 'creatorId'
      | 'lastActivityAt'
      | 'coverEmoji'
      | 'coverColor'
    >
  >,
): Promise<GroupRow> {
  const [row] = await db.update(groups).set(values).where(eq(groups.id, groupId)).returning();
  if (row === undefined) throw new NotFoundError(GROUP_NOT_FOUND);
  return row;
}

/**
 * True once the group has any (live) expense or payment. Deleted ones do not count: restoring
 * one into a group whose currency has changed since is refused instead (409 NOT_RESTORABLE).
 */
export async function groupHasEntries(db: Db, groupId: number): Promise<boolean> {
  const [e] = await db
    .select({ id: expenses.id })
    .from(expenses)
    .where(and(eq(expenses.groupId, groupId), isNull(expenses.deletedAt)))
    .limit(1);
  if (e !== undefined) return true;
  const [p] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.groupId, groupId), isNull(payments.deletedAt)))
    .limit(1);
  return p !== undefined;
}

/** Deletes a group: memberships, then the row (expenses, payments and invitations cascade). */
export async function deleteGroupRows(db: Db, groupId: number): Promise<void> {
  await db.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
  await db.delete(groups).where(eq(groups.id, groupId));
}
