// Deleting and restoring payments (docs/api.md §4.5): a deleted payment is kept and hidden from
// every reader until the purge job removes it (modules/ledger/purge-deleted.ts). The two
// payments of a currency exchange are deleted and restored together.
import type { ServiceDeps } from '../../composition/service-deps.js';
import { NotFoundError } from '../../errors/app-errors.js';
import { peopleByIds } from '../balances/index.js';
import { findGroup, groupStanding } from '../groups/index.js';
import { applyEffect } from '../ledger/index.js';
import { readRestoreFacts } from '../ledger/index.js';
import { checkRestorable, checkRestoreAccess } from '../ledger/index.js';
import { requirePaymentAccess } from './payment-access.js';
import { paymentEffect, recordPayment } from './payment-effects.js';
import { PAYMENT_API_MESSAGES } from './payment-rules.js';
import {
  exchangePaymentIds,
  findPaymentRow,
  loadPaymentViews,
  markPaymentDeleted,
  unmarkPaymentDeleted,
} from './payment.repository.js';
import type { PaymentRow, PaymentView } from './payment.repository.js';

/**
 * DELETE /payments/{id}: takes the payment's effect off the balances and hides it from every
 * reader, keeping the row so that it can be restored until the purge job removes it.
 */
export async function removePayment(
  deps: ServiceDeps,
  callerId: number,
  paymentId: number,
): Promise<void> {
  await deps.transaction(async (tx) => {
    const first = await requirePaymentAccess(tx, paymentId, callerId, true);
    // The two payments of a currency exchange go together (one alone would move value).
    const ids =
      first.exchangeId === null ? [first.id] : await exchangePaymentIds(tx, first.exchangeId);
    const at = new Date();
    for (const id of ids) {
      const row = id === first.id ? first : await findPaymentRow(tx, id, true);
      if (row === undefined) continue;
      await applyEffect(tx, row.groupId, paymentEffect(row), -1);
      const group = row.groupId === null ? null : ((await findGroup(tx, row.groupId)) ?? null);
      const people = await peopleByIds(tx, [row.paidById, row.paidToId]);
      const names = new Map([...people].map(([pid, p]) => [pid, p.name]));
      await markPaymentDeleted(tx, row.id, at);
      await recordPayment(tx, 'payment_deleted', 'deleted', callerId, row, group, null, names);
    }
  });
}

/**
 * POST /payments/{id}/restore: puts a deleted payment back exactly as it was, and its effect on
 * the balances, in one transaction with its activity row and change; the two payments of a
 * currency exchange come back together. Restoring a live payment answers it as it is. 404 for
 * an unknown id or one the caller was never shown, 403 for a former member of its group, 409
 * NOT_RESTORABLE when it can no longer be written (restore-rules.ts).
 */
export function restorePayment(
  deps: ServiceDeps,
  callerId: number,
  paymentId: number,
): Promise<PaymentView> {
  return deps.transaction(async (tx) => {
    const first = await findPaymentRow(tx, paymentId, true, true);
    if (first === undefined) throw new NotFoundError(PAYMENT_API_MESSAGES.notFound);
    const standing =
      first.groupId === null ? null : await groupStanding(tx, first.groupId, callerId);
    checkRestoreAccess(
      { groupId: first.groupId, personIds: [first.paidById, first.paidToId] },
      callerId,
      standing,
      { notFound: PAYMENT_API_MESSAGES.notFound, noAccess: PAYMENT_API_MESSAGES.noAccess },
    );
    if (first.deletedAt !== null) {
      const ids =
        first.exchangeId === null
          ? [first.id]
          : await exchangePaymentIds(tx, first.exchangeId, true);
      const rows: PaymentRow[] = [];
      for (const id of ids) {
        const row = id === first.id ? first : await findPaymentRow(tx, id, true, true);
        if (row !== undefined && row.deletedAt !== null) rows.push(row);
      }
      // The legs of an exchange name the same two people in the same group.
      const personIds = [...new Set(rows.flatMap((r) => [r.paidById, r.paidToId]))];
      const facts = await readRestoreFacts(tx, callerId, first, personIds);
      for (const row of rows) {
        checkRestorable(
          'payment',
          { ...row, personIds: [row.paidById, row.paidToId] },
          callerId,
          facts,
        );
      }
      for (const row of rows) {
        await applyEffect(tx, row.groupId, paymentEffect(row), 1);
        const restored = await unmarkPaymentDeleted(tx, row.id);
        await recordPayment(
          tx,
          'payment_restored',
          'created',
          callerId,
          restored,
          facts.group,
          null,
          facts.names,
        );
      }
    }
    const [view] = await loadPaymentViews(tx, [first.id]);
    if (view === undefined) throw new Error('payment vanished');
    return view;
  });
}
