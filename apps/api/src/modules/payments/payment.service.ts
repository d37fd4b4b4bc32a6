// PaymentService: payments and the multi-group settle-up (docs/api.md §4.5). Each write is one
// transaction (db/transaction.ts): locks (ledger-locks.ts), the facts the rules check
// (ledger-context.ts), the rules (payment-rules.ts), then the row with its ledger effect
// (ledger-effects.ts), activity and change-feed row. The writes live in payment-create.ts,
// payment-edit.ts, payment-delete.ts, payment-exchange.ts and payment-settle.ts; this class is
// their entry point.
import type { Db } from '../../db/database.js';
import { NotFoundError } from '../../errors/app-errors.js';
import { createdAtCursorShape, decodeCursor, encodeCursor } from '../../http/cursor.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import type { Page } from '../../http/cursor.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import type { EditGuard } from '../ledger/index.js';
import { NO_EDIT_GUARD } from '../ledger/index.js';
import { requirePaymentAccess } from './payment-access.js';
import { createPayment, createPaymentIn } from './payment-create.js';
import { removePayment, restorePayment } from './payment-delete.js';
import { updatePayment } from './payment-edit.js';
import { exchangeCurrency } from './payment-exchange.js';
import { PAYMENT_API_MESSAGES } from './payment-rules.js';
import { settleUp } from './payment-settle.js';
import { loadPaymentViews, myPaymentPage } from './payment.repository.js';
import type { PaymentView } from './payment.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'fx'>;

export { EXCHANGE_API_MESSAGES } from './payment-exchange.js';
export { PAYMENT_API_MESSAGES } from './payment-rules.js';

export class PaymentService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Reads

  async requireAccess(db: Db, paymentId: number, userId: number, forUpdate = false) {
    return requirePaymentAccess(db, paymentId, userId, forUpdate);
  }

  async get(callerId: number, paymentId: number): Promise<PaymentView> {
    await this.requireAccess(this.deps.db, paymentId, callerId);
    const [view] = await loadPaymentViews(this.deps.db, [paymentId]);
    if (view === undefined) throw new NotFoundError(PAYMENT_API_MESSAGES.notFound);
    return view;
  }

  /** GET /payments/my: the caller paid or received, newest createdAt first. */
  async listMine(
    callerId: number,
    limit: number,
    before: string | null,
  ): Promise<Page<PaymentView>> {
    const cursor = before === null ? null : decodeCursor(before, createdAtCursorShape);
    const rows = await myPaymentPage(
      this.deps.db,
      callerId,
      limit + 1,
      cursor === null ? null : { createdAt: cursor[0], id: cursor[1] },
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit && last !== undefined ? encodeCursor([last.createdAt, last.id]) : null;
    return {
      items: await loadPaymentViews(
        this.deps.db,
        page.map((r) => r.id),
      ),
      nextCursor,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Writes

  /** POST /payments: two statements when it can, else a locking transaction. */
  async create(
    callerId: number,
    body: unknown,
    idempotency: IdempotencyScope<PaymentView> | null,
  ): Promise<WriteOutcome<PaymentView>> {
    return createPayment(this.deps, this.services, callerId, body, idempotency);
  }

  /**
   * A payment created inside the caller's transaction through the same checks and write as
   * POST /payments (ledger effects, activity rows, change feed); used by imports.
   */
  async createIn(tx: Db, callerId: number, body: unknown): Promise<PaymentView> {
    return createPaymentIn(tx, this.services, callerId, body);
  }

  /** PUT /payments/{id}; `guard`: its precondition and Idempotency-Key (ledger/edit-guard.ts). */
  async update(
    callerId: number,
    paymentId: number,
    body: unknown,
    guard: EditGuard<PaymentView> = NO_EDIT_GUARD,
  ): Promise<WriteOutcome<PaymentView>> {
    return updatePayment(this.deps, this.services, callerId, paymentId, body, guard);
  }

  /** DELETE /payments/{id}: off the balances and hidden, restorable until purged. */
  async remove(callerId: number, paymentId: number): Promise<void> {
    await removePayment(this.deps, callerId, paymentId);
  }

  /** POST /payments/{id}/restore: a deleted payment back exactly as it was (payment-delete.ts). */
  async restore(callerId: number, paymentId: number): Promise<PaymentView> {
    return restorePayment(this.deps, callerId, paymentId);
  }

  /** POST /groups/{id}/exchanges (issue #10): a balance moved into another currency. */
  async exchange(
    callerId: number,
    groupId: number,
    body: unknown,
    idempotency: IdempotencyScope<PaymentView[]> | null,
  ): Promise<WriteOutcome<PaymentView[]>> {
    return exchangeCurrency(this.deps, callerId, groupId, body, idempotency);
  }

  /** POST /payments/settle: one payment per shared group, the rest outside groups. */
  async settle(
    callerId: number,
    body: unknown,
    idempotency: IdempotencyScope<PaymentView[]> | null,
  ): Promise<WriteOutcome<PaymentView[]>> {
    return settleUp(this.deps, callerId, body, idempotency);
  }
}
