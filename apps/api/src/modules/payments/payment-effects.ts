// What a payment write moves besides its row: its effect on the balances (ledger-effects.ts)
// and its activity rows and change (record-change.ts); and the transaction of a write of several
// payments (settle-up, exchange).
import type { ChangeAction } from '../../db/change-feed.js';
import type { Db } from '../../db/database.js';
import type { ActivityType } from '../activity/index.js';
import { recordChange } from '../activity/index.js';
import type { GroupRow } from '../groups/index.js';
import { currentMembers } from '../groups/index.js';
import type { PaymentParties } from '../ledger/index.js';
import { applyEffect, paymentEffectDebts, paymentPersonEffect } from '../ledger/index.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import { insertPayment, loadPaymentViews } from './payment.repository.js';
import type { NewPaymentRow, PaymentRow, PaymentView } from './payment.repository.js';

/** A payment's effect on the balances, in its (ledger) currency. */
export function paymentEffect(row: PaymentParties & { currency: string }) {
  return { currency: row.currency, debts: paymentEffectDebts(row) };
}

/** Activity rows and the change of a payment write; `old`: the row before an edit. */
export async function recordPayment(
  tx: Db,
  type: ActivityType,
  action: ChangeAction,
  actorId: number,
  row: PaymentRow,
  group: GroupRow | null,
  old: PaymentRow | null,
  names: ReadonlyMap<number, string>,
): Promise<void> {
  const recipients =
    group !== null
      ? (await currentMembers(tx, group.id)).map((m) => m.id)
      : [
          ...new Set([
            row.paidById,
            row.paidToId,
            ...(old === null ? [] : [old.paidById, old.paidToId]),
          ]),
        ];
  const description = `${names.get(row.paidById) ?? ''} paid ${names.get(row.paidToId) ?? ''}`;
  const sign = type === 'payment_deleted' ? -1 : 1;
  await recordChange(tx, {
    type,
    actorId,
    group,
    paymentId: row.id,
    description,
    amountCents: row.amountCents,
    currency: row.currency,
    recipients,
    myShare: (u) => sign * paymentPersonEffect(row, u) - paymentPersonEffect(old, u),
    notification: {
      entity: 'payment',
      action,
      id: row.id,
      groupId: row.groupId,
      // Everyone whose balance moves, former members included.
      affected: [row.paidById, row.paidToId, ...(old === null ? [] : [old.paidById, old.paidToId])],
    },
  });
}

/**
 * A payment of a settle-up or a currency exchange, inserted in `tx` with its effect on the
 * balances and its activity rows (`names`: the payer's and the recipient's names).
 */
export async function insertPaymentWithEffects(
  tx: Db,
  callerId: number,
  values: NewPaymentRow,
  group: GroupRow | null,
  names: ReadonlyMap<number, string>,
): Promise<PaymentRow> {
  const row = await insertPayment(tx, values);
  await applyEffect(tx, row.groupId, paymentEffect(row), 1);
  await recordPayment(tx, 'payment_added', 'created', callerId, row, group, null, names);
  return row;
}

/**
 * A write of several payments (settle-up, exchange) as one transaction under its key: the
 * stored answer when the key's write already committed, else the views of the payments `write`
 * made (by id, in its order), stored with the key.
 */
export function writePayments(
  deps: ServiceDeps,
  idempotency: IdempotencyScope<PaymentView[]> | null,
  write: (tx: Db) => Promise<number[]>,
): Promise<WriteOutcome<PaymentView[]>> {
  return deps.transaction(async (tx): Promise<WriteOutcome<PaymentView[]>> => {
    const stored = idempotency === null ? null : await idempotency.claim(tx);
    if (stored !== null) return { kind: 'replayed', stored };
    const ids = await write(tx);
    const views = await loadPaymentViews(tx, ids);
    if (idempotency !== null) await idempotency.complete(tx, views);
    return { kind: 'done', value: views };
  });
}
