// The reads of the exports (issue #14, #31 point 6), each one batch of a keyset walk: a group's
// live expenses and payments in (date, created_at, id) order, its receipts in id order, and the
// ids of every entry a person can see in id order. Callers loop until a batch comes back shorter
// than asked.
import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { comments, expenses, groupMembers, payments, users } from '../../db/schema.js';

/** Rows read per statement. */
export const EXPORT_BATCH = 500;

/** Where the last batch ended: (date, created_at as PostgreSQL text, id). */
export type ExportKey = [string, string, number];

/** The columns a group's keyset walk reads: expenses and payments both have them. */
interface LedgerRowColumns {
  groupId: AnyPgColumn;
  deletedAt: AnyPgColumn;
  date: AnyPgColumn;
  createdAt: AnyPgColumn;
  id: AnyPgColumn;
}

/** The group's live rows after `key`, and the (date, created_at, id) order that walks them. */
function liveRowsAfter(t: LedgerRowColumns, groupId: number, key: ExportKey | null) {
  const after =
    key === null
      ? undefined
      : sql`(${t.date}, ${t.createdAt}, ${t.id}) > (${key[0]}::date, ${key[1]}::timestamptz, ${key[2]}::int)`;
  return {
    where: and(eq(t.groupId, groupId), isNull(t.deletedAt), after),
    order: [asc(t.date), asc(t.createdAt), asc(t.id)],
  };
}

export interface ExpenseBatchRow {
  id: number;
  date: string;
  createdAt: string;
  description: string;
  category: string;
  amountCents: number;
  currency: string;
  /** What a converted expense was entered as; null when not converted. */
  originalCurrency: string | null;
  originalAmountCents: number | null;
  payerUserIds: number[];
  payerAmounts: number[];
  splitUserIds: number[];
  splitOwed: number[];
}

export interface PaymentBatchRow {
  id: number;
  date: string;
  createdAt: string;
  paidById: number;
  paidToId: number;
  amountCents: number;
  currency: string;
  originalCurrency: string | null;
  originalAmountCents: number | null;
}

/** The group's live expenses after `key`, at most `limit`. */
export async function groupExpenseBatch(
  db: Db,
  groupId: number,
  key: ExportKey | null,
  limit: number,
): Promise<ExpenseBatchRow[]> {
  const walk = liveRowsAfter(expenses, groupId, key);
  return db
    .select({
      id: expenses.id,
      date: expenses.date,
      createdAt: sql<string>`${expenses.createdAt}::text`,
      description: expenses.description,
      category: expenses.category,
      amountCents: expenses.amountCents,
      currency: expenses.currency,
      originalCurrency: expenses.originalCurrency,
      originalAmountCents: expenses.originalAmountCents,
      payerUserIds: expenses.payerUserIds,
      payerAmounts: expenses.payerAmounts,
      splitUserIds: expenses.splitUserIds,
      splitOwed: expenses.splitOwed,
    })
    .from(expenses)
    .where(walk.where)
    .orderBy(...walk.order)
    .limit(limit);
}

/** The group's live payments after `key`, at most `limit`. */
export async function groupPaymentBatch(
  db: Db,
  groupId: number,
  key: ExportKey | null,
  limit: number,
): Promise<PaymentBatchRow[]> {
  const walk = liveRowsAfter(payments, groupId, key);
  return db
    .select({
      id: payments.id,
      date: payments.date,
      createdAt: sql<string>`${payments.createdAt}::text`,
      paidById: payments.paidById,
      paidToId: payments.paidToId,
      amountCents: payments.amountCents,
      currency: payments.currency,
      originalCurrency: payments.originalCurrency,
      originalAmountCents: payments.originalAmountCents,
    })
    .from(payments)
    .where(walk.where)
    .orderBy(...walk.order)
    .limit(limit);
}

export interface BelongedPerson {
  id: number;
  name: string;
  /** A person without an account, added by name. */
  guest: boolean;
  /** Still a member (false: left or was removed; their entries still count). */
  current: boolean;
}

/** Everyone who ever belonged to the group (former members too), in joining order. */
export async function everyoneWhoBelonged(db: Db, groupId: number): Promise<BelongedPerson[]> {
  return db
    .select({
      id: users.id,
      name: users.name,
      guest: sql<boolean>`${users.kind} = 'GUEST'`,
      current: sql<boolean>`${groupMembers.leftAt} is null`,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.joinSeq));
}

/** The group's live expenses with a receipt file above id `after`, at most `limit`, by id. */
export async function groupReceiptBatch(
  db: Db,
  groupId: number,
  after: number,
  limit: number,
): Promise<{ id: number; key: string; contentType: string | null }[]> {
  const rows = await db
    .select({
      id: expenses.id,
      key: expenses.receiptKey,
      contentType: expenses.receiptContentType,
    })
    .from(expenses)
    .where(
      and(
        eq(expenses.groupId, groupId),
        isNull(expenses.deletedAt),
        isNotNull(expenses.receiptKey),
        gt(expenses.id, after),
      ),
    )
    .orderBy(asc(expenses.id))
    .limit(limit);
  return rows.flatMap((r) => (r.key === null ? [] : [{ ...r, key: r.key }]));
}

function currentGroupsOf(db: Db, userId: number) {
  return db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, userId), isNull(groupMembers.leftAt)));
}

/** Ids of live expenses the person sees (current groups, own non-group ones) above `after`. */
export async function visibleExpenseIds(
  db: Db,
  userId: number,
  after: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: expenses.id })
    .from(expenses)
    .where(
      and(
        isNull(expenses.deletedAt),
        gt(expenses.id, after),
        or(
          inArray(expenses.groupId, currentGroupsOf(db, userId)),
          and(
            isNull(expenses.groupId),
            or(
              sql`${userId}::int = any(${expenses.payerUserIds})`,
              sql`${userId}::int = any(${expenses.splitUserIds})`,
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(expenses.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Ids of live payments the person sees (current groups, own non-group ones) above `after`. */
export async function visiblePaymentIds(
  db: Db,
  userId: number,
  after: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        isNull(payments.deletedAt),
        gt(payments.id, after),
        or(
          inArray(payments.groupId, currentGroupsOf(db, userId)),
          and(
            isNull(payments.groupId),
            or(eq(payments.paidById, userId), eq(payments.paidToId, userId)),
          ),
        ),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The comments of these expenses with their authors, by expense then id. */
export async function commentsOfExpenses(db: Db, expenseIds: readonly number[]) {
  return db
    .select({
      id: comments.id,
      expenseId: comments.expenseId,
      content: comments.content,
      createdAt: comments.createdAt,
      authorId: users.id,
      authorName: users.name,
      authorEmail: users.email,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(inArray(comments.expenseId, [...expenseIds]))
    .orderBy(asc(comments.expenseId), asc(comments.id));
}
