// The statements of "How to pay me" (table pay_methods): read one person's methods, replace
// them, and the authorization fact behind reading someone else's: a shared group or friendship.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PayMethods } from '@evenly/core';
import { NO_PAY_METHODS } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { friendships, groupMembers, payMethods } from '../../db/schema.js';

type PayMethodsRow = typeof payMethods.$inferSelect;

function fromRow(row: PayMethodsRow | undefined): PayMethods {
  if (row === undefined) return NO_PAY_METHODS;
  return {
    bank:
      row.iban === null ? null : { iban: row.iban, bic: row.ibanBic, holder: row.ibanHolder ?? '' },
    paypal: row.paypal,
    venmo: row.venmo,
    revolut: row.revolut,
    monzo: row.monzo,
    upi: row.upi,
    swish: row.swish,
  };
}

export async function findPayMethods(db: Db, userId: number): Promise<PayMethods> {
  const rows = await db.select().from(payMethods).where(eq(payMethods.userId, userId)).limit(1);
  return fromRow(rows[0]);
}

/** Replaces the person's methods (an upsert of their one row). */
export async function savePayMethods(
  db: Db,
  userId: number,
  methods: PayMethods,
  at: Date,
): Promise<void> {
  const values = {
    iban: methods.bank?.iban ?? null,
    ibanBic: methods.bank?.bic ?? null,
    ibanHolder: methods.bank?.holder ?? null,
    paypal: methods.paypal,
    venmo: methods.venmo,
    revolut: methods.revolut,
    monzo: methods.monzo,
    upi: methods.upi,
    swish: methods.swish,
    updatedAt: at,
  };
  await db
    .insert(payMethods)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: payMethods.userId, set: values });
}

/** Whether `a` and `b` are accepted friends or both current members of one group. */
export async function shareGroupOrFriendship(db: Db, a: number, b: number): Promise<boolean> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const friends = await db
    .select({ id: friendships.id })
    .from(friendships)
    .where(
      and(
        eq(friendships.userLow, low),
        eq(friendships.userHigh, high),
        eq(friendships.status, 'ACCEPTED'),
      ),
    )
    .limit(1);
  if (friends.length > 0) return true;
  const other = alias(groupMembers, 'other');
  const shared = await db
    .select({ one: sql<number>`1` })
    .from(groupMembers)
    .innerJoin(
      other,
      and(eq(other.groupId, groupMembers.groupId), eq(other.userId, b), isNull(other.leftAt)),
    )
    .where(and(eq(groupMembers.userId, a), isNull(groupMembers.leftAt)))
    .limit(1);
  return shared.length > 0;
}
