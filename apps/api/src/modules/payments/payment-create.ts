// Creating payments (docs/api.md §4.5 POST /payments), for the API and imports: two statements and
// no transaction (the context with the key's stored answer and the new id, then one guarded
// write, ledger-guard.ts); a locking transaction when the facts changed in between or the
// connection was lost around the write of a keyed request.
import { validatePaymentInput } from '@evenly/core';
import type { PaymentInput } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { issuesError } from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import type { KeyRef } from '../idempotency/index.js';
import type { RateLookup } from '../ledger/index.js';
import { requestRates } from '../ledger/index.js';
import { writeOutsideTransaction, writeUnderLocks } from '../ledger/index.js';
import { prepareLedgerWrite } from '../ledger/index.js';
import { lockLedgerScope } from '../ledger/index.js';
import { paymentInLedger } from './payment-currency.js';
import { paymentNamedIds, paymentScope, planPayment } from './payment-plan.js';
import { checkPayment } from './payment-rules.js';
import type { PaymentView } from './payment.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'fx'>;

/** The body as a payment; 400 with its issues when it is not one. */
function parsePayment(body: unknown): PaymentInput {
  const parsed = validatePaymentInput(body);
  if (!parsed.ok) throw issuesError(parsed.issues);
  return parsed.value;
}

/** POST /payments: in two statements when it can, else as a locking transaction. */
export async function createPayment(
  deps: ServiceDeps,
  services: Collaborators,
  callerId: number,
  body: unknown,
  idempotency: IdempotencyScope<PaymentView> | null,
): Promise<WriteOutcome<PaymentView>> {
  const input = parsePayment(body);
  const lookup = requestRates(services.fx);
  const fast = await createInOneWrite(deps, callerId, body, input, idempotency, lookup);
  if (fast !== null) return fast;
  return deps.transaction(async (tx): Promise<WriteOutcome<PaymentView>> => {
    const stored = idempotency === null ? null : await idempotency.claim(tx);
    if (stored !== null) return { kind: 'replayed', stored };
    return createInTransaction(tx, callerId, body, input, idempotency, lookup);
  });
}

/**
 * A payment created inside the caller's transaction through the same checks and write as
 * POST /payments (ledger effects, activity rows, change feed); used by imports.
 */
export async function createPaymentIn(
  tx: Db,
  services: Collaborators,
  callerId: number,
  body: unknown,
): Promise<PaymentView> {
  const input = parsePayment(body);
  const lookup = requestRates(services.fx);
  const outcome = await createInTransaction(tx, callerId, body, input, null, lookup);
  if (outcome.kind !== 'done') throw new Error('payment creation replayed');
  return outcome.value;
}

/** Locks taken (`key` null) or not: the facts the rules check, and the drawn id. */
function preparePayment(db: Db, callerId: number, input: PaymentInput, key: KeyRef | null) {
  return prepareLedgerWrite(db, {
    callerId,
    groupId: paymentScope(input.groupId),
    personIds: paymentNamedIds(callerId, input),
    key,
    draw: { kind: 'payment' },
  });
}

/** The locked creation's body, in the caller's transaction. */
async function createInTransaction(
  tx: Db,
  callerId: number,
  body: unknown,
  input: PaymentInput,
  idempotency: IdempotencyScope<PaymentView> | null,
  lookup: RateLookup,
): Promise<WriteOutcome<PaymentView>> {
  await lockLedgerScope(
    tx,
    paymentScope(input.groupId),
    callerId,
    paymentNamedIds(callerId, input),
  );
  const prepared = await preparePayment(tx, callerId, input, null);
  const checked = checkPayment(callerId, input, input.groupId, prepared.context, null);
  const led = await paymentInLedger(body, input, checked, null, lookup);
  return writeUnderLocks(tx, planPayment(callerId, led, prepared, idempotency));
}

/** The two-statement creation; null when it must run as a locking transaction instead. */
async function createInOneWrite(
  deps: ServiceDeps,
  callerId: number,
  body: unknown,
  input: PaymentInput,
  idempotency: IdempotencyScope<PaymentView> | null,
  lookup: RateLookup,
): Promise<WriteOutcome<PaymentView> | null> {
  const prepared = await preparePayment(deps.db, callerId, input, idempotency?.ref ?? null);
  if (prepared.stored !== null && idempotency !== null) {
    return { kind: 'replayed', stored: idempotency.replay(prepared.stored) };
  }
  const checked = checkPayment(callerId, input, input.groupId, prepared.context, null);
  const led = await paymentInLedger(body, input, checked, null, lookup);
  return writeOutsideTransaction(
    deps,
    idempotency,
    planPayment(callerId, led, prepared, idempotency),
  );
}
