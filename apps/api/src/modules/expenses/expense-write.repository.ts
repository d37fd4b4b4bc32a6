// A new expense written in one statement behind the ledger guard (modules/ledger/ledger-guard.ts),
// with its payers and splits (stored in request order) and everything that goes with it.
import type { CategoryId, SplitType } from '@evenly/core';
import type { Db } from '../../db/database.js';
import type { PairDeltaArgs } from '../../db/pair-slots.js';
import { PAIR_SLOT_RESULT, pairCtes, pairDeltaParams, spillOf } from '../../db/pair-slots.js';
import type { Spill } from '../../db/transaction.js';
import { isoSql, run, statement } from '../../db/statements.js';
import { changeCtes } from '../activity/index.js';
import type { GuardResult, GuardValues, GuardVerdict } from '../ledger/index.js';
import { GUARD_RESULT, guardCtes, guardParams, verdictOf } from '../ledger/index.js';
import type { OriginalAmounts } from './expense-view.js';
import type { StoredItem } from './expense-items.repository.js';
import { itemParams, itemRowsSql } from './expense-items.repository.js';

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
  /** The receipt's items and who had each (split by item); empty for most expenses. */
  items: readonly StoredItem[];
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
   itm as (
     insert into expense_items (expense_id, position, description, amount_cents, user_ids)
     ${itemRowsSql('(select id from e)', 53, 54, 55)}
      where exists (select 1 from e)
     returning 1),
   ${expenseActivity.ctes},
   chg as (
     insert into changes (entity, action, entity_id, group_id, recipients, affected, at)
     select 'expense', 'created', e.id, $1, $17::int[], $26::int[], $11::timestamptz from e
     returning 1),
   ${pairCtes(20, 'exists (select 1 from e)')}
   select ${GUARD_RESULT}, (select ${isoSql('created_at')} from e) as created_at,
          (select count(*) from pay) + (select count(*) from spl) + (select count(*) from itm)
            + ${expenseActivity.changeCount}
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
    ...itemParams(e.items),
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
