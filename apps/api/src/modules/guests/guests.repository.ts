// Guests: people without an account, added to one group by name (users.kind = 'GUEST').
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  expensePayers,
  expenseSeries,
  expenseSplits,
  groupMembers,
  groups,
  payments,
  users,
} from '../../db/schema.js';

export type GuestRow = typeof users.$inferSelect & { kind: 'GUEST' };

function asGuest(row: typeof users.$inferSelect | undefined): GuestRow | undefined {
  return row?.kind === 'GUEST' ? (row as GuestRow) : undefined;
}

export async function insertGuest(
  db: Db,
  values: { name: string; guestEmail: string | null; groupId: number; addedById: number },
): Promise<GuestRow> {
  const [row] = await db
    .insert(users)
    .values({
      name: values.name,
      kind: 'GUEST',
      email: null,
      passwordHash: null,
      guestGroupId: values.groupId,
      guestEmail: values.guestEmail,
      guestAddedById: values.addedById,
    })
    .returning();
  const guest = asGuest(row);
  if (guest === undefined) throw new Error('guest insert returned nothing');
  return guest;
}

/** The guest with this id (any group), when it is one. */
export async function findGuest(db: Db, id: number): Promise<GuestRow | undefined> {
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return undefined;
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return asGuest(rows[0]);
}

/** The guest, locked until the transaction ends (claims and merges of one guest queue). */
export async function lockGuest(db: Db, id: number): Promise<GuestRow | undefined> {
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return undefined;
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return asGuest(rows[0]);
}

/** The guest when it is a current member of `groupId` and was added to it. */
export async function findGroupGuest(
  db: Db,
  groupId: number,
  guestId: number,
): Promise<GuestRow | undefined> {
  const guest = await findGuest(db, guestId);
  if (guest === undefined || guest.guestGroupId !== groupId) return undefined;
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, guestId),
        isNull(groupMembers.leftAt),
      ),
    )
    .limit(1);
  return rows.length === 1 ? guest : undefined;
}

/** A current guest of the group with this address, if any. */
export async function currentGuestWithEmail(
  db: Db,
  groupId: number,
  email: string,
  exceptId: number | null = null,
): Promise<GuestRow | undefined> {
  const rows = await db
    .select({ user: users })
    .from(users)
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.userId, users.id), eq(groupMembers.groupId, groupId)),
    )
    .where(
      and(
        eq(users.kind, 'GUEST'),
        eq(users.guestGroupId, groupId),
        eq(users.guestEmail, email),
        isNull(groupMembers.leftAt),
        exceptId === null ? sql`true` : sql`${users.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return asGuest(rows[0]?.user);
}

export async function updateGuest(
  db: Db,
  guestId: number,
  values: { name?: string; guestEmail?: string | null },
  at: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: at })
    .where(and(eq(users.id, guestId), eq(users.kind, 'GUEST')));
}

/** True when an expense (payer or split), a payment or a series template names the person. */
export async function guestHasEntries(db: Db, userId: number): Promise<boolean> {
  const [p] = await db
    .select({ id: expensePayers.expenseId })
    .from(expensePayers)
    .where(eq(expensePayers.userId, userId))
    .limit(1);
  if (p !== undefined) return true;
  const [s] = await db
    .select({ id: expenseSplits.id })
    .from(expenseSplits)
    .where(eq(expenseSplits.userId, userId))
    .limit(1);
  if (s !== undefined) return true;
  const [pay] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(sql`${payments.paidById} = ${userId} or ${payments.paidToId} = ${userId}`)
    .limit(1);
  if (pay !== undefined) return true;
  const me = JSON.stringify([{ userId }]);
  const [series] = await db
    .select({ id: expenseSeries.id })
    .from(expenseSeries)
    .where(
      sql`${expenseSeries.template} -> 'payers' @> ${me}::jsonb
          or ${expenseSeries.template} -> 'splits' @> ${me}::jsonb`,
    )
    .limit(1);
  return series !== undefined;
}

/** Deletes a guest nobody's entries name: the membership row, then the user row. */
export async function deleteGuest(db: Db, groupId: number, guestId: number): Promise<void> {
  await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, guestId)));
  await db.delete(users).where(and(eq(users.id, guestId), eq(users.kind, 'GUEST')));
}

/** Ids of every guest added to the group (current or former). */
export async function guestIdsOfGroup(db: Db, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.kind, 'GUEST'), eq(users.guestGroupId, groupId)));
  return rows.map((r) => r.id);
}

/** Deletes guest rows (their group and its entries are gone). */
export async function deleteGuestRows(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(users).where(and(inArray(users.id, [...ids]), eq(users.kind, 'GUEST')));
}

/** Unclaimed guests with this address, in groups that exist, with their group and adder. */
export async function claimableGuests(
  db: Db,
  email: string,
): Promise<
  {
    guest: GuestRow;
    group: typeof groups.$inferSelect;
  }[]
> {
  const rows = await db
    .select({ user: users, group: groups })
    .from(users)
    .innerJoin(groups, eq(groups.id, users.guestGroupId))
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.userId, users.id), eq(groupMembers.groupId, groups.id)),
    )
    .where(and(eq(users.kind, 'GUEST'), eq(users.guestEmail, email), isNull(groupMembers.leftAt)))
    .orderBy(users.id);
  return rows.map((r) => ({ guest: r.user as GuestRow, group: r.group }));
}
