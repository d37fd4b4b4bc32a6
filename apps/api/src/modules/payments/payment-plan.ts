// What a checked new payment writes in its one guarded statement (payment.repository.ts
// writePayment): the row, its change, its pair deltas, the guard's values, and its view.
import type { PaymentInput } from '@evenly/core';
import { pairDeltaArgs } from '../../db/pair-slots.js';
import { changeArrays } from '../activity/index.js';
import { isDbId } from '../expenses/index.js';
import { todayUtc } from '../expenses/index.js';
import type { IdempotencyScope } from '../idempotency/index.js';
import { groupCurrencyKey } from '../ledger/index.js';
import type { PreparedWrite } from '../ledger/index.js';
import { paymentEffectDebts, paymentPersonEffect } from '../ledger/index.js';
import type { GuardValues } from '../ledger/index.js';
import type { PlannedWrite } from '../ledger/index.js';
import { createdChange } from '../ledger/index.js';
import type { LedgerPayment } from './payment-currency.js';
import type { CheckedPayment } from './payment-rules.js';
import { paymentParties } from './payment-rules.js';
import { writePayment } from './payment.repository.js';
import type { NewPaymentWrite, PaymentView } from './payment.repository.js';

/** A well-formed id beyond the id column names no group (a 404 from the rules). */
export function paymentScope(groupId: number | null): number | null {
  return groupId !== null && isDbId(groupId) ? groupId : null;
}

/** Everyone a new payment names: the parties and the caller (its creator). */
export function paymentNamedIds(callerId: number, input: PaymentInput): number[] {
  const parties = paymentParties(callerId, input);
  return [parties.paidById, parties.paidToId, callerId].filter(isDbId);
}

/**
 * What a checked new payment writes, behind the guard of `idempotency`'s key when given, and its
 * view (built here: nothing is read back).
 */
export function planPayment(
  callerId: number,
  led: LedgerPayment,
  prepared: PreparedWrite,
  idempotency: IdempotencyScope<PaymentView> | null,
): PlannedWrite<PaymentView> {
  const now = new Date();
  const { input, v } = led;
  if (prepared.newId === null) throw new Error('payment id was not drawn');
  const groupId = v.group?.id ?? null;
  const parties = { paidById: v.paidById, paidToId: v.paidToId, amountCents: input.amount };
  const recipients = groupId === null ? [v.paidById, v.paidToId] : prepared.context.memberIds;
  const change = {
    ...changeArrays({ recipients, myShare: (u) => paymentPersonEffect(parties, u) }),
    affected: [v.paidById, v.paidToId],
  };
  const row: NewPaymentWrite = {
    id: prepared.newId,
    groupId,
    groupName: v.group?.name ?? null,
    paidById: v.paidById,
    paidToId: v.paidToId,
    amountCents: input.amount,
    currency: v.currency,
    date: input.date ?? todayUtc(),
    createdById: callerId,
    createdAt: now,
    description: `${v.names.get(v.paidById) ?? ''} paid ${v.names.get(v.paidToId) ?? ''}`,
    original: led.original,
  };
  const people = prepared.context.people;
  const person = (id: number) => people.get(id) ?? { id, name: '', email: '' };
  const view: PaymentView = {
    id: row.id,
    groupId,
    amountCents: row.amountCents,
    currency: row.currency,
    date: row.date,
    createdAt: now,
    updatedAt: now,
    paidBy: person(row.paidById),
    paidTo: person(row.paidToId),
    createdBy: person(callerId),
    original: led.original,
    exchangeId: null,
  };
  const pairs = pairDeltaArgs(groupId, row.currency, paymentEffectDebts(parties), 1);
  const guard = paymentGuard(callerId, v, view, idempotency, now);
  return {
    write: (db) => writePayment(db, row, change, pairs, guard),
    noted: createdChange('payment', row.id, groupId, change, now),
    value: view,
  };
}

/** What the write statement must find true under its locks (ledger-guard.ts). */
function paymentGuard(
  callerId: number,
  v: CheckedPayment,
  view: PaymentView,
  idempotency: IdempotencyScope<PaymentView> | null,
  now: Date,
): GuardValues {
  const others = [v.paidById, v.paidToId].filter((id) => id !== callerId);
  return {
    groupId: v.group?.id ?? null,
    callerId,
    currency: groupCurrencyKey(v.group),
    members: v.group === null ? [] : [v.paidById, v.paidToId, callerId],
    friends: v.group === null ? others : [],
    key: idempotency?.toStore(view, now) ?? null,
    now,
  };
}
