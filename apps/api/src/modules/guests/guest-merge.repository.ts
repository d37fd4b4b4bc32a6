// The statements of a guest merge (guest-merge.ts): the group's entries and series that name the
// guest, their renamed rows, the live amounts the running totals are rebuilt from, and the
// guest's removal. All run in the caller's transaction, which holds the group's row lock.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  expensePayers,
  expenses,
  expenseSeries,
  expenseSplits,
  groupMembers,
  pairBalances,
  payments,
  users,
} from '../../db/schema.js';

export type MergedExpenseRow = typeof expenses.$inferSelect;

/** The group's expenses (deleted ones too) with the guest among payers or splits, by id. */
export async function expensesNamingUser(
  tx: Db,
  groupId: number,
  userId: number,
): Promise<MergedExpenseRow[]> {
  return tx
    .select()
    .from(expenses)
    .where(
      and(
        eq(expenses.groupId, groupId),
        or(
          inArray(
            expenses.id,
            tx
              .select({ id: expensePayers.expenseId })
              .from(expensePayers)
              .where(eq(expensePayers.userId, userId)),
          ),
          inArray(
            expenses.id,
            tx
              .select({ id: expenseSplits.expenseId })
              .from(expenseSplits)
              .where(eq(expenseSplits.userId, userId)),
          ),
        ),
      ),
    )
    .orderBy(asc(expenses.id));
}

/** The expense's fields that a merge changes besides its participants. */
export async function updateMergedExpense(
  tx: Db,
  id: number,
  fields: Pick<
    MergedExpenseRow,
    'splitType' | 'originalPayerAmounts' | 'originalSplitOwed' | 'updatedAt'
  >,
): Promise<void> {
  await tx.update(expenses).set(fields).where(eq(expenses.id, id));
}

/** Deletes the group's payments between the two people (either way); their ids. */
export async function deletePaymentsBetween(
  tx: Db,
  groupId: number,
  a: number,
  b: number,
): Promise<number[]> {
  const between = or(
    and(eq(payments.paidById, a), eq(payments.paidToId, b)),
    and(eq(payments.paidById, b), eq(payments.paidToId, a)),
  );
  const deleted = await tx
    .delete(payments)
    .where(and(eq(payments.groupId, groupId), between))
    .returning({ id: payments.id });
  return deleted.map((r) => r.id);
}

/** Renames `from` to `to` as payer, then as payee, in the group's payments; the ids changed. */
export async function renamePaymentParty(
  tx: Db,
  groupId: number,
  from: number,
  to: number,
): Promise<{ asPayer: number[]; asPayee: number[] }> {
  const asPayer = await tx
    .update(payments)
    .set({ paidById: to })
    .where(and(eq(payments.groupId, groupId), eq(payments.paidById, from)))
    .returning({ id: payments.id });
  const asPayee = await tx
    .update(payments)
    .set({ paidToId: to })
    .where(and(eq(payments.groupId, groupId), eq(payments.paidToId, from)))
    .returning({ id: payments.id });
  return { asPayer: asPayer.map((r) => r.id), asPayee: asPayee.map((r) => r.id) };
}

/** The group's series whose template names the user among payers or splits. */
export async function seriesNamingUser(
  tx: Db,
  groupId: number,
  userId: number,
): Promise<{ id: number; template: unknown }[]> {
  const me = JSON.stringify([{ userId }]);
  return tx
    .select({ id: expenseSeries.id, template: expenseSeries.template })
    .from(expenseSeries)
    .where(
      and(
        eq(expenseSeries.groupId, groupId),
        sql`(${expenseSeries.template} -> 'payers' @> ${me}::jsonb
             or ${expenseSeries.template} -> 'splits' @> ${me}::jsonb)`,
      ),
    );
}

export async function updateSeriesTemplate(
  tx: Db,
  id: number,
  template: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await tx.update(expenseSeries).set({ template, updatedAt: at }).where(eq(expenseSeries.id, id));
}

interface Rows<T> {
  rows: T[];
}

/** The group's live expenses' amounts (minor units as text), by id. */
export async function liveExpenseAmounts(
  tx: Db,
  groupId: number,
): Promise<
  {
    currency: string;
    payer_user_ids: number[];
    payer_amounts: string[];
    split_user_ids: number[];
    split_owed: string[];
  }[]
> {
  return (
    (await tx.execute(sql`select e.currency, e.payer_user_ids, e.payer_amounts::text[] as payer_amounts,
             e.split_user_ids, e.split_owed::text[] as split_owed
        from expenses e where e.group_id = ${groupId} and e.deleted_at is null order by e.id`)) as unknown as Rows<{
      currency: string;
      payer_user_ids: number[];
      payer_amounts: string[];
      split_user_ids: number[];
      split_owed: string[];
    }>
  ).rows;
}

/** The group's live payments' amounts (minor units as text), by id. */
export async function livePaymentAmounts(
  tx: Db,
  groupId: number,
): Promise<{ currency: string; paid_by_id: number; paid_to_id: number; amount: string }[]> {
  return (
    (await tx.execute(sql`select currency, paid_by_id, paid_to_id, amount_cents::text as amount
        from payments where group_id = ${groupId} and deleted_at is null order by id`)) as unknown as Rows<{
      currency: string;
      paid_by_id: number;
      paid_to_id: number;
      amount: string;
    }>
  ).rows;
}

/** Removes the group's running pairwise totals (before they are rebuilt). */
export async function clearGroupPairBalances(tx: Db, groupId: number): Promise<void> {
  await tx.delete(pairBalances).where(eq(pairBalances.groupId, groupId));
}

/** The guest's membership and user row go; people they added no longer point at them. */
export async function removeMergedGuest(tx: Db, groupId: number, guestId: number): Promise<void> {
  await tx
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, guestId)));
  await tx.update(users).set({ guestAddedById: null }).where(eq(users.guestAddedById, guestId));
  await tx.delete(users).where(and(eq(users.id, guestId), eq(users.kind, 'GUEST')));
}
