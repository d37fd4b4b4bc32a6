// Expense rows with their payers and splits (stored in request order), loaded as full views.
// A new expense is written by expense-write.repository.ts; its view is read as expense-view.ts
// says.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';
import { expenses } from '../../db/schema.js';
import { run, statement } from '../../db/statements.js';
import { markEntryDeleted, unmarkEntryDeleted } from '../ledger/index.js';
import type { PersonTuple } from '../balances/index.js';
import { peopleJson, peopleMap } from '../balances/index.js';
import type { ExpenseRowTuple, ExpenseView, OriginalAmounts } from './expense-view.js';
import { expensePeopleIds, expenseRowJson, expenseViewOf } from './expense-view.js';
import type { StoredPayer, StoredSplit } from './expense-write.repository.js';

export type ExpenseRow = typeof expenses.$inferSelect;
export type NewExpenseRow = typeof expenses.$inferInsert;

export type { Person } from '../people/index.js';
export type {
  ExpenseRowTuple,
  ExpenseView,
  OriginalAmounts,
  SeriesSummary,
  SeriesTuple,
} from './expense-view.js';
export {
  expensePeopleIds,
  expenseRowJson,
  expenseViewOf,
  seriesSummaryOf,
} from './expense-view.js';
export type {
  NewExpense,
  NewExpenseWrite,
  StoredPayer,
  StoredSplit,
} from './expense-write.repository.js';
export { writeExpense } from './expense-write.repository.js';

/** The conversion columns of an expense row. */
export function originalColumns(o: OriginalAmounts | null) {
  return {
    originalCurrency: o?.currency ?? null,
    originalAmountCents: o?.amountCents ?? null,
    fxRate: o?.rate ?? null,
    fxSource: o?.source ?? null,
    fxDate: o?.rateDate ?? null,
    originalPayerAmounts: o?.payerCents ?? null,
    originalSplitOwed: o?.splitCents ?? null,
  };
}

/** A row's conversion, null when it was not converted. */
export function originalOfRow(row: ExpenseRow): OriginalAmounts | null {
  if (row.originalCurrency === null || row.originalAmountCents === null || row.fxRate === null) {
    return null;
  }
  return {
    currency: row.originalCurrency,
    amountCents: row.originalAmountCents,
    payerCents: row.originalPayerAmounts ?? [],
    splitCents: row.originalSplitOwed ?? [],
    rate: row.fxRate,
    source: row.fxSource ?? 'MANUAL',
    rateDate: row.fxDate,
  };
}

/** The editable columns of an expense row (the participants' copy comes from the tables). */
export type ExpenseRowUpdate = Pick<
  NewExpenseRow,
  | 'description'
  | 'amountCents'
  | 'currency'
  | 'date'
  | 'splitType'
  | 'notes'
  | 'category'
  | 'receiptKey'
  | 'receiptContentType'
  | 'updatedAt'
  | 'originalCurrency'
  | 'originalAmountCents'
  | 'fxRate'
  | 'fxSource'
  | 'fxDate'
  | 'originalPayerAmounts'
  | 'originalSplitOwed'
>;

/** The participants stored on an expense row, in request order (from its copy). */
export function participantsOfRow(row: ExpenseRow): {
  payers: StoredPayer[];
  splits: StoredSplit[];
} {
  return {
    payers: row.payerUserIds.map((userId, i) => ({
      userId,
      amountPaidCents: row.payerAmounts[i] ?? 0,
    })),
    splits: row.splitUserIds.map((userId, i) => ({
      userId,
      owedCents: row.splitOwed[i] ?? 0,
      value: row.splitValues[i] ?? null,
    })),
  };
}

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

/**
 * Deletes an expense the restorable way: the row with its payers, splits, comments and receipt
 * key stays, marked with `at`, until the purge job removes it (modules/ledger/purge-deleted.ts);
 * every reader skips it meanwhile.
 */
export function markExpenseDeleted(db: Db, expenseId: number, at: Date): Promise<void> {
  return markEntryDeleted(db, expenses, expenseId, at);
}

/** Puts a deleted expense back (everything it held was kept). */
export function unmarkExpenseDeleted(db: Db, expenseId: number): Promise<ExpenseRow> {
  return unmarkEntryDeleted(db, expenses, expenseId, 'expense');
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
            and e.deleted_at is null
            and (e.group_id is null or exists (select 1 from group_members m
                 where m.group_id = e.group_id and m.user_id = ${userId} and m.left_at is null))
            ${cond}
          order by e.created_at desc, e.id desc
          limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), createdAt: r.c }));
}

// Payers and splits upserted by position, extra positions deleted, then the row's copy written
// from what the tables now hold (ids included).
const replaceParticipantsStatement = statement<never>(
  'expenses.replace_participants',
  `with dp as (delete from expense_payers where expense_id = $1 and position >= cardinality($2::int[])),
        ip as (insert into expense_payers (expense_id, position, user_id, amount_paid_cents)
               select $1, t.ord - 1, t.user_id, t.paid
                 from unnest($2::int[], $3::bigint[]) with ordinality as t(user_id, paid, ord)
               on conflict (expense_id, position) do update
                 set user_id = excluded.user_id, amount_paid_cents = excluded.amount_paid_cents
               returning 1),
        ds as (delete from expense_splits where expense_id = $1 and position >= cardinality($4::int[])),
        isp as (insert into expense_splits (expense_id, position, user_id, value, owed_cents)
                select $1, t.ord - 1, t.user_id, t.value, t.owed
                  from unnest($4::int[], $5::text[], $6::bigint[]) with ordinality
                    as t(user_id, value, owed, ord)
                on conflict (expense_id, position) do update
                  set user_id = excluded.user_id, value = excluded.value,
                      owed_cents = excluded.owed_cents
                returning id, position)
   update expenses set payer_user_ids = $2::int[], payer_amounts = $3::bigint[],
          split_ids = coalesce((select array_agg(id order by position) from isp), '{}'),
          split_user_ids = $4::int[], split_values = $5::text[], split_owed = $6::bigint[]
    where id = $1`,
);

/**
 * Replaces the payers and splits of an expense (both tables and the row's copy): rows at the
 * same position are updated in place (a split keeps its id), the rest deleted or added.
 */
export async function replaceParticipants(
  db: Db,
  expenseId: number,
  payers: readonly StoredPayer[],
  splits: readonly StoredSplit[],
): Promise<void> {
  await run(db, replaceParticipantsStatement, [
    expenseId,
    payers.map((p) => p.userId),
    payers.map((p) => p.amountPaidCents),
    splits.map((s) => s.userId),
    splits.map((s) => s.value),
    splits.map((s) => s.owedCents),
  ]);
}

const expenseViews = statement<{ rows: ExpenseRowTuple[]; people: PersonTuple[] }>(
  'expenses.views',
  `with e as materialized (select * from expenses where id = any($1::int[]))
   select coalesce((select json_agg(${expenseRowJson('e')}) from e), '[]') as rows,
          ${peopleJson(`select distinct ${expensePeopleIds('e')} from e`)} as people`,
);

/** Full views of the given expenses, in the order of `ids` (missing ids are skipped). */
export async function loadExpenseViews(db: Db, ids: readonly number[]): Promise<ExpenseView[]> {
  if (ids.length === 0) return [];
  const [row] = await run(db, expenseViews, [[...new Set(ids)]]);
  const people = peopleMap(row?.people ?? []);
  const byId = new Map<number, ExpenseView>();
  for (const t of row?.rows ?? []) byId.set(t[0], expenseViewOf(t, people));
  return ids.flatMap((id) => {
    const v = byId.get(id);
    return v === undefined ? [] : [v];
  });
}
