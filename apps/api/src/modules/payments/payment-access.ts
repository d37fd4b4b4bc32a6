// Who may see and change a payment (docs/api.md §4.5): current members of its group, or its payer
// and its recipient outside groups.
import type { Db } from '../../db/database.js';
import { ForbiddenError, NotFoundError } from '../../errors/app-errors.js';
import { isCurrentMember } from '../groups/index.js';
import { PAYMENT_API_MESSAGES } from './payment-rules.js';
import { findPaymentRow } from './payment.repository.js';
import type { PaymentRow } from './payment.repository.js';

/** The payment row when `userId` may see (and so edit) it; 404 / 403 otherwise. */
export async function requirePaymentAccess(
  db: Db,
  paymentId: number,
  userId: number,
  forUpdate = false,
): Promise<PaymentRow> {
  const row = await findPaymentRow(db, paymentId, forUpdate);
  if (row === undefined) throw new NotFoundError(PAYMENT_API_MESSAGES.notFound);
  const allowed =
    row.groupId !== null
      ? await isCurrentMember(db, row.groupId, userId)
      : row.paidById === userId || row.paidToId === userId;
  if (!allowed) throw new ForbiddenError(PAYMENT_API_MESSAGES.noAccess);
  return row;
}
