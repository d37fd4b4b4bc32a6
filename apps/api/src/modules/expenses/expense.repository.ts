// Expense rows with their payers and splits (stored in request order), loaded as full views.
import { eq, sql } from 'drizzle-orm';
import { occurrenceDate, toCategoryId } from '@evenly/core';
import type { CategoryId, Frequency, SplitType } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';
import { expenses } from '../../db/schema.js';
import type { PairDeltaArgs } from '../../db/pair-slots.js';
import { PAIR_SLOT_RESULT, pairCtes, pairDeltaParams, spillOf } from '../../db/pair-slots.js';
import type { Spill } from '../../db/transaction.js';
import {
  dateOfDays,
  daysSql,
  isoSql,
  listSql,
  microsSql,
  numbersOfList,
  run,
  statement,
  valuesOfList,
} from '../../db/statements.js';
import { changeCtes } from '../activity/record-change.js';
import type { RateSource } from '../ledger/conversion.js';
import type { GuardResult, GuardValues, GuardVerdict } from '../ledger/ledger-guard.js';
import { GUARD_RESULT, guardCtes, guardParams, verdictOf } from '../ledger/ledger-guard.js';
import type { PersonTuple } from '../balances/balance-reader.js';
import { peopleJson, peopleMap } from '../balances/balance-reader.js';
import type { Person } from '../people/person.js';

export type ExpenseRow = typeof expenses.$inferSelect;
export type NewExpenseRow = typeof expenses.$inferInsert;

export type { Person } from '../people/person.js';

export interface ExpenseView {
  id: number;
  groupId: number | null;
  description: string;
  amountCents: number;
  currency: string;
  date: string;
  splitType: SplitType;
  notes: string | null;
  /** A known category id (an unknown stored one reads as general). */
  category: CategoryId;
  receiptKey: string | null;
  createdAt: Date;
  updatedAt: Date;
  createdBy: Person;
  payers: { user: Person; amountPaidCents: number }[];
  splits: { splitId: number; owedBy: Person; owedCents: number; value: string | null }[];
  commentCount: number;
  /**
   * Set when the expense was entered in another currency than its balances are kept in: the
   * fields above are then the converted (ledger) ones, these what was entered.
   */
  original: OriginalAmounts | null;
  /** The recurring series this expense is an occurrence of (issue #11), else null. */
  series: SeriesSummary | null;
  /** YYYY-MM-DD: the occurrence's slot in its series (kept when its date is edited). */
  occurrenceDate: string | null;
}

/** A series as every occurrence shows it. */
export interface SeriesSummary {
  id: number;
  frequency: Frequency;
  timeZone: string;
  startDate: string;
  endDate: string | null;
  endCount: number | null;
  /** The next occurrence still to be created; null once the series has ended. */
  nextDate: string | null;
  ended: boolean;
}

/** What a converted entry was entered as, and the rate (exact decimal text). */
export interface OriginalAmounts {
  currency: string;
  amountCents: number;
  /** Per payer and per split, in request order (expenses only; empty for payments). */
  payerCents: number[];
  splitCents: number[];
  rate: string;
  source: RateSource;
  rateDate: string | null;
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
  category: CategoryId;
  receiptKey: string | null;
  receiptContentType: string | null;
  createdById: number;
  createdAt: Date;
  /** In request order. */
  payers: readonly StoredPayer[];
  /** In request order. */
  splits: readonly StoredSplit[];
  original: OriginalAmounts | null;
  /** Set on an occurrence of a recurring series. */
  seriesId: number | null;
  occurrenceDate: string | null;
}

const expenseActivity = changeCtes({
  recipients: '$17',
  shares: '$18',
  type: "'expense_added'",
  actorId: '$10',
  groupId: '$1::int',
  groupName: '$19',
  expenseId: '$27::int',
  paymentId: 'null',
  commentId: 'null',
  description: '$2',
  amountCents: '$3::bigint',
  currency: '$4',
  at: '$11::timestamptz',
  category: '$52::text',
  when: 'exists (select 1 from e)',
});

/**
 * A new expense with everything that goes with it, in one statement behind the ledger guard
 * (modules/ledger/ledger-guard.ts): the row (with its copy of the payers and splits), its payers
 * and splits, the activity rows (which also date the group's lastActivityAt), its row in the
 * change feed, the key's stored answer, and the pairwise balances (last, so their row locks are
 * held for as short as possible). Its id and split ids were drawn beforehand ($27, $28). Inside a
 * transaction that already holds the guard's locks, the guard passes at once.
 */
const writeStatement = statement<GuardResult & { created_at: string | null; slot: number | null }>(
  'expenses.write',
  `with ${guardCtes(29)},
   e as (
     insert into expenses (id, group_id, description, amount_cents, currency, date, split_type,
                           notes, receipt_key, receipt_content_type, created_by_id, created_at,
                           updated_at, payer_user_ids, payer_amounts, split_ids, split_user_ids,
                           split_values, split_owed, original_currency, original_amount_cents,
                           fx_rate, fx_source, fx_date, original_payer_amounts,
                           original_split_owed, series_id, occurrence_date, category)
       overriding system value
     select $27::int, $1::int, $2, $3, $4, $5::date, $6, $7, $8, $9, $10, $11::timestamptz,
            $11::timestamptz, $12::int[], $13::bigint[], $28::int[], $14::int[], $15::text[],
            $16::bigint[], $43::text, $44::bigint, $45::numeric, $46::text, $47::date,
            $48::bigint[], $49::bigint[], $50::int, $51::date, $52::text
      where (select go from go)
     returning id, created_at),
   pay as (
     insert into expense_payers (expense_id, position, user_id, amount_paid_cents)
     select e.id, t.ord - 1, t.user_id, t.paid
       from e, unnest($12::int[], $13::bigint[]) with ordinality as t(user_id, paid, ord)
     returning 1),
   spl as (
     insert into expense_splits (id, expense_id, position, user_id, value, owed_cents)
       overriding system value
     select t.id, e.id, t.ord - 1, t.user_id, t.value, t.owed
       from e, unnest($28::int[], $14::int[], $15::text[], $16::bigint[]) with ordinality
         as t(id, user_id, value, owed, ord)
     returning 1),
   ${expenseActivity.ctes},
   chg as (
     insert into changes (entity, action, entity_id, group_id, recipients, affected, at)
     select 'expense', 'created', e.id, $1, $17::int[], $26::int[], $11::timestamptz from e
     returning 1),
   ${pairCtes(20, 'exists (select 1 from e)')}
   select ${GUARD_RESULT}, (select ${isoSql('created_at')} from e) as created_at,
          (select count(*) from pay) + (select count(*) from spl) + ${expenseActivity.changeCount}
            + (select count(*) from chg) as n,
          ${PAIR_SLOT_RESULT}`,
);

/** A new expense as written: its drawn ids and everything else. */
export interface NewExpenseWrite extends NewExpense {
  id: number;
  splitIds: readonly number[];
}

/**
 * Writes an expense with its payers, splits, activity, change-feed row, key and balances behind
 * the guard; the verdict, the creation time when written, and the scope to fold when its pair
 * deltas went to a spill slot.
 */
export async function writeExpense(
  db: Db,
  e: NewExpenseWrite,
  change: { recipients: number[]; shares: number[]; affected: number[] },
  pairs: PairDeltaArgs,
  guard: GuardValues,
): Promise<{ verdict: GuardVerdict; createdAt: Date | null; spill: Spill | null }> {
  const [row] = await run(db, writeStatement, [
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
    e.id,
    e.splitIds,
    ...guardParams(guard),
    ...originalParams(e.original),
    e.seriesId,
    e.occurrenceDate,
    e.category,
  ]);
  const verdict = verdictOf(row);
  return {
    verdict,
    createdAt:
      row?.created_at === null || row?.created_at === undefined ? null : new Date(row.created_at),
    spill: spillOf(row?.slot, pairs),
  };
}

/** The conversion columns' values, in the write statement's order. */
function originalParams(o: OriginalAmounts | null): unknown[] {
  return o === null
    ? [null, null, null, null, null, null, null]
    : [o.currency, o.amountCents, o.rate, o.source, o.rateDate, o.payerCents, o.splitCents];
}

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
export async function markExpenseDeleted(db: Db, expenseId: number, at: Date): Promise<void> {
  await db.update(expenses).set({ deletedAt: at }).where(eq(expenses.id, expenseId));
}

/** Puts a deleted expense back (everything it held was kept). */
export async function unmarkExpenseDeleted(db: Db, expenseId: number): Promise<ExpenseRow> {
  const [row] = await db
    .update(expenses)
    .set({ deletedAt: null })
    .where(eq(expenses.id, expenseId))
    .returning();
  if (row === undefined) throw new Error('expense vanished');
  return row;
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

/**
 * SQL: expense row `alias` as one JSON array (ExpenseRowTuple; see expenseViewOf): its columns
 * and its copy of the payers and splits, times and dates as numbers and the copy as lists
 * (statements.ts), people by id (they come once per statement, see expensePeopleIds).
 */
export function expenseRowJson(alias: string): string {
  const a = alias;
  return `json_build_array(${a}.id, ${a}.group_id, ${a}.description, ${a}.amount_cents,
    ${a}.currency, ${daysSql(`${a}.date`)}, ${a}.split_type, ${a}.notes, ${a}.receipt_key,
    ${microsSql(`${a}.created_at`)}, ${microsSql(`${a}.updated_at`)}, ${a}.created_by_id,
    ${listSql(`${a}.payer_user_ids`)}, ${listSql(`${a}.payer_amounts`)},
    ${listSql(`${a}.split_ids`)}, ${listSql(`${a}.split_user_ids`)},
    ${listSql(`${a}.split_owed`)}, ${listSql(`${a}.split_values`)}, ${a}.comment_count,
    ${a}.original_currency, ${a}.original_amount_cents, ${a}.fx_rate::text, ${a}.fx_source,
    ${daysSql(`${a}.fx_date`)}, ${listSql(`coalesce(${a}.original_payer_amounts, '{}')`)},
    ${listSql(`coalesce(${a}.original_split_owed, '{}')`)}, ${daysSql(`${a}.occurrence_date`)},
    case when ${a}.series_id is null then null else (
      select json_build_array(s.id, s.frequency, s.time_zone, ${daysSql('s.start_date')},
        ${daysSql('s.end_date')}, s.end_count, s.next_index, s.ended_at is not null)
        from expense_series s where s.id = ${a}.series_id) end, ${a}.category)`;
}

/** A series as expenseRowJson gives it: id, frequency, zone, start, end, count, next, ended. */
export type SeriesTuple = [
  number,
  Frequency,
  string,
  number,
  number | null,
  number | null,
  number,
  boolean,
];

export function seriesSummaryOf(t: SeriesTuple): SeriesSummary {
  const startDate = dateOfDays(t[3]);
  return {
    id: t[0],
    frequency: t[1],
    timeZone: t[2],
    startDate,
    endDate: t[4] === null ? null : dateOfDays(t[4]),
    endCount: t[5],
    nextDate: t[7] ? null : occurrenceDate(startDate, t[1], t[6]),
    ended: t[7],
  };
}

/** SQL: the ids of the people expense row `alias` names (creator, payers, split people). */
export function expensePeopleIds(alias: string): string {
  return `unnest(array[${alias}.created_by_id] || ${alias}.payer_user_ids || ${alias}.split_user_ids)`;
}

export type ExpenseRowTuple = [
  number,
  number | null,
  string,
  number,
  string,
  number,
  SplitType,
  string | null,
  string | null,
  number,
  number,
  number,
  string,
  string,
  string,
  string,
  string,
  string,
  number,
  string | null,
  number | null,
  string | null,
  RateSource | null,
  number | null,
  string,
  string,
  number | null,
  SeriesTuple | null,
  string,
];

/** A person the view names but the people list lacks (never for stored rows: users stay). */
function unknownPerson(id: number): Person {
  return { id, name: '', email: '' };
}

export function expenseViewOf(
  t: ExpenseRowTuple,
  people: ReadonlyMap<number, Person>,
): ExpenseView {
  const person = (id: number) => people.get(id) ?? unknownPerson(id);
  const payerIds = numbersOfList(t[12]);
  const payerAmounts = numbersOfList(t[13]);
  const splitIds = numbersOfList(t[14]);
  const splitUsers = numbersOfList(t[15]);
  const splitOwed = numbersOfList(t[16]);
  const splitValues = valuesOfList(t[17], splitUsers.length);
  return {
    id: t[0],
    groupId: t[1],
    description: t[2],
    amountCents: Number(t[3]),
    currency: t[4],
    date: dateOfDays(t[5]),
    splitType: t[6],
    notes: t[7],
    category: toCategoryId(t[28]),
    receiptKey: t[8],
    createdAt: new Date(Math.floor(t[9] / 1000)),
    updatedAt: new Date(Math.floor(t[10] / 1000)),
    createdBy: person(t[11]),
    payers: payerIds.map((id, i) => ({
      user: person(id),
      amountPaidCents: payerAmounts[i] ?? 0,
    })),
    splits: splitUsers.map((id, i) => ({
      splitId: splitIds[i] ?? 0,
      owedBy: person(id),
      owedCents: splitOwed[i] ?? 0,
      value: splitValues[i] ?? null,
    })),
    commentCount: Number(t[18]),
    original:
      t[19] === null || t[20] === null || t[21] === null
        ? null
        : {
            currency: t[19],
            amountCents: Number(t[20]),
            payerCents: numbersOfList(t[24]),
            splitCents: numbersOfList(t[25]),
            rate: t[21],
            source: t[22] ?? 'MANUAL',
            rateDate: t[23] === null ? null : dateOfDays(t[23]),
          },
    series: t[27] === null ? null : seriesSummaryOf(t[27]),
    occurrenceDate: t[26] === null ? null : dateOfDays(t[26]),
  };
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
