// Expense rows with their payers and splits (stored in request order), loaded as full views.
import { asc, eq, sql } from 'drizzle-orm';
import type { SplitType } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';
import { expensePayers, expenseSplits, expenses } from '../../db/schema.js';
import type { PairDeltaArgs } from '../../db/pair-slots.js';
import { applyPairDeltasSql, pairDeltaParams } from '../../db/pair-slots.js';
import { isoSql, run, statement } from '../../db/statements.js';
import { changeCtes } from '../activity/record-change.js';

export type ExpenseRow = typeof expenses.$inferSelect;
export type NewExpenseRow = typeof expenses.$inferInsert;

export interface Person {
  id: number;
  name: string;
  email: string;
}

export interface ExpenseView {
  id: number;
  groupId: number | null;
  description: string;
  amountCents: number;
  currency: string;
  date: string;
  splitType: SplitType;
  notes: string | null;
  receiptKey: string | null;
  createdAt: Date;
  updatedAt: Date;
  createdBy: Person;
  payers: { user: Person; amountPaidCents: number }[];
  splits: { splitId: number; owedBy: Person; owedCents: number; value: string | null }[];
  commentCount: number;
}

export interface StoredPayer {
  userId: number;
  amountPaidCents: number;
}
export interface StoredSplit {
  userId: number;
  owedCents: number;
  value: string | null;
}

export interface NewExpense {
  groupId: number | null;
  groupName: string | null;
  description: string;
  amountCents: number;
  currency: string;
  /** YYYY-MM-DD */
  date: string;
  splitType: SplitType;
  notes: string | null;
  receiptKey: string | null;
  receiptContentType: string | null;
  createdById: number;
  createdAt: Date;
  /** In request order. */
  payers: readonly StoredPayer[];
  /** In request order. */
  splits: readonly StoredSplit[];
}

const expenseActivity = changeCtes({
  recipients: '$17',
  shares: '$18',
  type: "'expense_added'",
  actorId: '$10',
  groupId: '$1::int',
  groupName: '$19',
  expenseId: '(select id from e)',
  paymentId: 'null',
  commentId: 'null',
  description: '$2',
  amountCents: '$3::bigint',
  currency: '$4',
  at: '$11::timestamptz',
});

/**
 * A new expense with everything that goes with it, in one statement: the row, its payers and
 * splits, the activity rows (which also date the group's lastActivityAt), its row in the change
 * feed, and the pairwise balances (last, so their row locks are held for as short as possible).
 */
const insertWithEffects = statement<{
  id: number;
  created_at: string;
  split_ids: number[];
  slot: number;
}>(
  'expenses.insert',
  `with e as (
     insert into expenses (group_id, description, amount_cents, currency, date, split_type,
                           notes, receipt_key, receipt_content_type, created_by_id, created_at,
                           updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
     returning id, created_at),
   pay as (
     insert into expense_payers (expense_id, position, user_id, amount_paid_cents)
     select (select id from e), t.ord - 1, t.user_id, t.paid
       from unnest($12::int[], $13::bigint[]) with ordinality as t(user_id, paid, ord)
     returning 1),
   spl as (
     insert into expense_splits (expense_id, position, user_id, value, owed_cents)
     select (select id from e), t.ord - 1, t.user_id, t.value, t.owed
       from unnest($14::int[], $15::text[], $16::bigint[]) with ordinality as t(user_id, value, owed, ord)
     returning id, position),
   ${expenseActivity.ctes},
   chg as (
     insert into changes (entity, action, entity_id, group_id, recipients, affected, at)
     select 'expense', 'created', e.id, $1, $17::int[], $26::int[], $11::timestamptz from e
     returning 1)
   select (select id from e) as id, (select ${isoSql('created_at')} from e) as created_at,
          (select json_agg(id order by position) from spl) as split_ids,
          (select count(*) from pay) + ${expenseActivity.changeCount} + (select count(*) from chg)
            as n,
          ${applyPairDeltasSql(20)} as slot`,
);

/** Inserts an expense with its payers, splits, activity, change-feed row and balances. */
export async function insertExpenseWithEffects(
  db: Db,
  e: NewExpense,
  change: { recipients: number[]; shares: number[]; affected: number[] },
  pairs: PairDeltaArgs,
): Promise<{ id: number; createdAt: Date; splitIds: number[] }> {
  const [row] = await run(db, insertWithEffects, [
    e.groupId,
    e.description,
    e.amountCents,
    e.currency,
    e.date,
    e.splitType,
    e.notes,
    e.receiptKey,
    e.receiptContentType,
    e.createdById,
    e.createdAt.toISOString(),
    e.payers.map((p) => p.userId),
    e.payers.map((p) => p.amountPaidCents),
    e.splits.map((s) => s.userId),
    e.splits.map((s) => s.value),
    e.splits.map((s) => s.owedCents),
    change.recipients,
    change.shares,
    e.groupName,
    ...pairDeltaParams(pairs),
    change.affected,
  ]);
  if (row === undefined) throw new Error('expense insert returned nothing');
  return { id: row.id, createdAt: new Date(row.created_at), splitIds: row.split_ids };
}

/** The editable columns of an expense row. */
export type ExpenseRowUpdate = Pick<
  NewExpenseRow,
  | 'description'
  | 'amountCents'
  | 'currency'
  | 'date'
  | 'splitType'
  | 'notes'
  | 'receiptKey'
  | 'receiptContentType'
  | 'updatedAt'
>;

export async function updateExpenseRow(
  db: Db,
  expenseId: number,
  values: ExpenseRowUpdate,
): Promise<ExpenseRow> {
  const [updated] = await db
    .update(expenses)
    .set(values)
    .where(eq(expenses.id, expenseId))
    .returning();
  if (updated === undefined) throw new Error('expense vanished');
  return updated;
}

/** Deletes an expense; payers, splits and comments cascade. */
export async function deleteExpenseRow(db: Db, expenseId: number): Promise<void> {
  await db.delete(expenses).where(eq(expenses.id, expenseId));
}

/**
 * One page of GET /expenses/my: ids and microsecond creation times of the expenses where the
 * user is a payer or in the split, in groups they still belong to or outside groups, newest
 * first, strictly before `before` (createdAt text, id) when given.
 */
export async function myExpensePage(
  db: Db,
  userId: number,
  limit: number,
  before: { createdAt: string; id: number } | null,
): Promise<{ id: number; createdAt: string }[]> {
  const cond =
    before === null
      ? sql``
      : sql`and (e.created_at, e.id) < (${before.createdAt}::timestamptz, ${before.id})`;
  const rows = await queryRows<{ id: number; c: string }>(
    db,
    sql`select e.id, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as c
          from expenses e
          where (exists (select 1 from expense_payers p where p.expense_id = e.id and p.user_id = ${userId})
              or exists (select 1 from expense_splits s where s.expense_id = e.id and s.user_id = ${userId}))
            and (e.group_id is null or exists (select 1 from group_members m
                 where m.group_id = e.group_id and m.user_id = ${userId} and m.left_at is null))
            ${cond}
          order by e.created_at desc, e.id desc
          limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), createdAt: r.c }));
}

export async function replaceParticipants(
  db: Db,
  expenseId: number,
  payers: readonly StoredPayer[],
  splits: readonly StoredSplit[],
): Promise<void> {
  await db.delete(expensePayers).where(eq(expensePayers.expenseId, expenseId));
  await db.delete(expenseSplits).where(eq(expenseSplits.expenseId, expenseId));
  await db.insert(expensePayers).values(
    payers.map((p, position) => ({
      expenseId,
      position,
      userId: p.userId,
      amountPaidCents: p.amountPaidCents,
    })),
  );
  await db.insert(expenseSplits).values(
    splits.map((s, position) => ({
      expenseId,
      position,
      userId: s.userId,
      value: s.value,
      owedCents: s.owedCents,
    })),
  );
}

export async function storedPayers(db: Db, expenseId: number): Promise<StoredPayer[]> {
  return db
    .select({ userId: expensePayers.userId, amountPaidCents: expensePayers.amountPaidCents })
    .from(expensePayers)
    .where(eq(expensePayers.expenseId, expenseId))
    .orderBy(asc(expensePayers.position));
}

export async function storedSplits(db: Db, expenseId: number): Promise<StoredSplit[]> {
  return db
    .select({
      userId: expenseSplits.userId,
      owedCents: expenseSplits.owedCents,
      value: expenseSplits.value,
    })
    .from(expenseSplits)
    .where(eq(expenseSplits.expenseId, expenseId))
    .orderBy(asc(expenseSplits.position));
}

/**
 * SQL: the full view of expense row `e` as one JSON array (parsed by {@link expenseViewOf}):
 * the row, its creator, payers and splits in request order with their people, comment count.
 */
export const EXPENSE_VIEW_JSON = `json_build_array(e.id, e.group_id, e.description, e.amount_cents,
  e.currency, to_char(e.date, 'YYYY-MM-DD'), e.split_type, e.notes, e.receipt_key,
  ${isoSql('e.created_at')}, ${isoSql('e.updated_at')},
  (select json_build_array(u.id, u.name, u.email) from users u where u.id = e.created_by_id),
  (select json_agg(json_build_array(u.id, u.name, u.email, p.amount_paid_cents) order by p.position)
     from expense_payers p join users u on u.id = p.user_id where p.expense_id = e.id),
  (select json_agg(json_build_array(s.id, u.id, u.name, u.email, s.owed_cents, s.value)
            order by s.position)
     from expense_splits s join users u on u.id = s.user_id where s.expense_id = e.id),
  (select count(*) from comments c where c.expense_id = e.id))`;

type PersonT = [number, string, string];
export type ExpenseViewTuple = [
  number,
  number | null,
  string,
  number | string,
  string,
  string,
  SplitType,
  string | null,
  string | null,
  string,
  string,
  PersonT | null,
  [number, string, string, number | string][] | null,
  [number, number, string, string, number | string, string | null][] | null,
  number | string,
];

export function expenseViewOf(t: ExpenseViewTuple): ExpenseView {
  const creator = t[11];
  return {
    id: t[0],
    groupId: t[1],
    description: t[2],
    amountCents: Number(t[3]),
    currency: t[4],
    date: t[5],
    splitType: t[6],
    notes: t[7],
    receiptKey: t[8],
    createdAt: new Date(t[9]),
    updatedAt: new Date(t[10]),
    createdBy:
      creator === null
        ? { id: 0, name: '', email: '' }
        : { id: creator[0], name: creator[1], email: creator[2] },
    payers: (t[12] ?? []).map(([id, name, email, paid]) => ({
      user: { id, name, email },
      amountPaidCents: Number(paid),
    })),
    splits: (t[13] ?? []).map(([splitId, id, name, email, owed, value]) => ({
      splitId,
      owedBy: { id, name, email },
      owedCents: Number(owed),
      value,
    })),
    commentCount: Number(t[14]),
  };
}

const expenseViews = statement<{ v: ExpenseViewTuple }>(
  'expenses.views',
  `select ${EXPENSE_VIEW_JSON} as v from expenses e where e.id = any($1::int[])`,
);

/** Full views of the given expenses, in the order of `ids` (missing ids are skipped). */
export async function loadExpenseViews(db: Db, ids: readonly number[]): Promise<ExpenseView[]> {
  if (ids.length === 0) return [];
  const rows = await run(db, expenseViews, [[...new Set(ids)]]);
  const byId = new Map<number, ExpenseView>();
  for (const r of rows) byId.set(r.v[0], expenseViewOf(r.v));
  return ids.flatMap((id) => {
    const v = byId.get(id);
    return v === undefined ? [] : [v];
  });
}
