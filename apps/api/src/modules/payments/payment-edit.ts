// Editing a payment (docs/api.md §4.5 PUT /payments/{id}): one transaction that locks the row,
// checks the edit against the facts under the ledger locks, swaps the ledger effect and writes
// the row, its activity and change. A payment stays in its group; an exchange is not edited.
import { validatePaymentInput } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { issuesError, ValidationError } from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { isDbId } from '../expenses/index.js';
import type { WriteOutcome } from '../idempotency/index.js';
import { requestRates } from '../ledger/index.js';
import type { EditGuard } from '../ledger/index.js';
import { checkUnchanged, guardedEdit, MSG_PAYMENT_EDIT_CONFLICT } from '../ledger/index.js';
import { readLedgerContext } from '../ledger/index.js';
import { swapEffect } from '../ledger/index.js';
import { lockLedgerScope } from '../ledger/index.js';
import { requirePaymentAccess } from './payment-access.js';
import { paymentInLedger } from './payment-currency.js';
import { paymentEffect, recordPayment } from './payment-effects.js';
import { EXCHANGE_API_MESSAGES } from './payment-exchange.js';
import { checkPayment, PAYMENT_API_MESSAGES, paymentParties } from './payment-rules.js';
import {
  loadPaymentViews,
  paymentOriginalColumns,
  paymentOriginalOfRow,
  updatePaymentRow,
} from './payment.repository.js';
import type { PaymentView } from './payment.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'fx'>;

/** PUT /payments/{id}; `guard`: its precondition and Idempotency-Key (ledger/edit-guard.ts). */
export function updatePayment(
  deps: ServiceDeps,
  services: Collaborators,
  callerId: number,
  paymentId: number,
  body: unknown,
  guard: EditGuard<PaymentView>,
): Promise<WriteOutcome<PaymentView>> {
  return deps.transaction(async (tx) =>
    guardedEdit(tx, guard, () =>
      updateInTransaction(tx, services, callerId, paymentId, body, guard),
    ),
  );
}

async function updateInTransaction(
  tx: Db,
  services: Collaborators,
  callerId: number,
  paymentId: number,
  body: unknown,
  guard: EditGuard<PaymentView>,
): Promise<PaymentView> {
  const old = await requirePaymentAccess(tx, paymentId, callerId, true);
  checkUnchanged(old, guard.expectedUpdatedAt, MSG_PAYMENT_EDIT_CONFLICT);
  if (old.exchangeId !== null) throw new ValidationError(EXCHANGE_API_MESSAGES.notEditable);
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (raw.groupId !== undefined && raw.groupId !== null && raw.groupId !== old.groupId) {
    const gid = typeof raw.groupId === 'string' ? Number(raw.groupId.trim()) : raw.groupId;
    if (gid !== old.groupId) {
      throw new ValidationError(PAYMENT_API_MESSAGES.moved, [
        { field: 'groupId', message: PAYMENT_API_MESSAGES.moved },
      ]);
    }
  }
  // The stored payer is kept when none is named (before the payer ≠ recipient check).
  const oldOriginal = paymentOriginalOfRow(old);
  const request = {
    ...raw,
    paidByUserId: raw.paidByUserId ?? old.paidById,
    groupId: old.groupId,
  };
  const parsed = validatePaymentInput(request, oldOriginal?.currency ?? old.currency);
  if (!parsed.ok) throw issuesError(parsed.issues);
  const input = parsed.value;
  const parties = paymentParties(callerId, input);
  const ids = [parties.paidById, parties.paidToId].filter(isDbId);
  await lockLedgerScope(tx, old.groupId, callerId, ids);
  const ctx = await readLedgerContext(tx, callerId, old.groupId, ids);
  const checked = checkPayment(callerId, input, old.groupId, ctx, {
    ...old,
    enteredCurrency: oldOriginal?.currency ?? old.currency,
  });
  const led = await paymentInLedger(
    request,
    { ...input, date: input.date ?? old.date },
    checked,
    oldOriginal === null ? null : { original: oldOriginal, convertedCents: old.amountCents },
    requestRates(services.fx),
  );
  const v = led.v;
  const row = await updatePaymentRow(tx, old.id, {
    paidById: v.paidById,
    paidToId: v.paidToId,
    amountCents: led.input.amount,
    currency: v.currency,
    date: input.date ?? old.date,
    updatedAt: new Date(),
    ...paymentOriginalColumns(led.original),
  });
  await swapEffect(tx, row.groupId, paymentEffect(old), paymentEffect(row));
  await recordPayment(tx, 'payment_updated', 'updated', callerId, row, v.group, old, v.names);
  const [view] = await loadPaymentViews(tx, [row.id]);
  if (view === undefined) throw new Error('payment vanished');
  return view;
}
