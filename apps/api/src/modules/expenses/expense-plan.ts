// What a checked new expense writes in its one guarded statement (expense.repository.ts
// writeExpense): the row, its change, its pair deltas, the guard's values, and its view.
import { DEFAULT_CATEGORY } from '@evenly/core';
import { pairDeltaArgs } from '../../db/pair-slots.js';
import { changeArrays } from '../activity/index.js';
import type { IdempotencyScope } from '../idempotency/index.js';
import { groupCurrencyKey } from '../ledger/index.js';
import type { PreparedWrite } from '../ledger/index.js';
import { expenseEffectDebts, expensePersonEffects } from '../ledger/index.js';
import type { GuardValues } from '../ledger/index.js';
import type { PlannedWrite } from '../ledger/index.js';
import { createdChange } from '../ledger/index.js';
import type { StoredFile } from './expense-files.js';
import type { StoredItem } from './expense-items.repository.js';
import type { CheckedExpense } from './expense-rules.js';
import type { LedgerExpense, OccurrenceLink } from './expense-write-types.js';
import { todayUtc } from './expense-write-types.js';
import { writeExpense } from './expense.repository.js';
import type { ExpenseView, NewExpenseWrite, Person } from './expense.repository.js';

/**
 * What a checked new expense writes, behind the guard of `idempotency`'s key when given, and its
 * view (built here: nothing is read back).
 */
export function planExpense(
  caller: Person,
  v: LedgerExpense,
  file: StoredFile | null,
  prepared: PreparedWrite,
  idempotency: IdempotencyScope<ExpenseView> | null,
  occurrence: OccurrenceLink | null = null,
): PlannedWrite<ExpenseView> {
  const now = new Date();
  if (prepared.newId === null || prepared.splitIds.length !== v.splits.length) {
    throw new Error('expense ids were not drawn');
  }
  const date = v.input.date ?? todayUtc();
  const groupId = v.group?.id ?? null;
  const effect = expensePersonEffects(v.payers, v.splits);
  const recipients =
    groupId === null ? [...new Set([...v.payers, ...v.splits].map((p) => p.userId))] : v.memberIds;
  const change = {
    ...changeArrays({ recipients, myShare: (u) => effect.get(u) ?? 0 }),
    affected: [...effect.keys()],
  };
  const row: NewExpenseWrite = {
    id: prepared.newId,
    splitIds: prepared.splitIds,
    groupId,
    groupName: v.group?.name ?? null,
    description: v.input.description,
    amountCents: v.input.amount,
    currency: v.currency,
    date,
    splitType: v.input.splitType,
    notes: v.input.notes,
    category: v.input.category ?? DEFAULT_CATEGORY,
    receiptKey: file?.key ?? null,
    receiptContentType: file?.contentType ?? null,
    createdById: caller.id,
    createdAt: now,
    payers: v.payers,
    splits: v.splits,
    original: v.original,
    seriesId: occurrence?.seriesId ?? null,
    occurrenceDate: occurrence?.date ?? null,
    items: storedItems(v),
  };
  const person = (id: number): Person =>
    v.people.get(id) ?? (id === caller.id ? caller : { id, name: '', email: '' });
  // Timestamps as stored (PostgreSQL keeps microseconds; this clock gives milliseconds).
  const view: ExpenseView = {
    id: row.id,
    groupId,
    description: row.description,
    amountCents: row.amountCents,
    currency: row.currency,
    date,
    splitType: row.splitType,
    notes: row.notes,
    category: row.category,
    receiptKey: row.receiptKey,
    createdAt: now,
    updatedAt: now,
    createdBy: person(caller.id),
    payers: v.payers.map((p) => ({ user: person(p.userId), amountPaidCents: p.amountPaidCents })),
    splits: v.splits.map((s, i) => ({
      splitId: row.splitIds[i] ?? 0,
      owedBy: person(s.userId),
      owedCents: s.owedCents,
      value: s.value,
    })),
    commentCount: 0,
    original: v.original,
    series: occurrence?.summary ?? null,
    occurrenceDate: occurrence?.date ?? null,
    items: row.items.map((i) => ({
      description: i.description,
      amountCents: i.amountCents,
      users: i.userIds.map(person),
    })),
  };
  const pairs = pairDeltaArgs(groupId, v.currency, expenseEffectDebts(v.payers, v.splits), 1);
  const guard = expenseGuard(caller.id, v, view, idempotency, now);
  return {
    write: (db) => writeExpense(db, row, change, pairs, guard),
    noted: createdChange('expense', row.id, groupId, change, now),
    value: view,
  };
}

/** The request's items as stored (none when it sent none). */
export function storedItems(v: CheckedExpense): StoredItem[] {
  return (v.input.items ?? []).map((i) => ({
    description: i.description,
    amountCents: i.amount,
    userIds: i.userIds,
  }));
}

/** What the write statement must find true under its locks (ledger-guard.ts). */
function expenseGuard(
  callerId: number,
  v: CheckedExpense,
  view: ExpenseView,
  idempotency: IdempotencyScope<ExpenseView> | null,
  now: Date,
): GuardValues {
  const named = [...new Set([...v.payers, ...v.splits].map((p) => p.userId))];
  return {
    groupId: v.group?.id ?? null,
    callerId,
    currency: groupCurrencyKey(v.group),
    members: v.group === null ? [] : named,
    friends: v.group === null ? named : [],
    key: idempotency?.toStore(view, now) ?? null,
    now,
  };
}
