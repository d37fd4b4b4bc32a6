// Settling up with someone across groups (docs/api.md §4.5 POST /payments/settle).
import { PAYMENT_MESSAGES, validateSettleInput } from '@evenly/core';
import { issuesError, NotFriendsError, ValidationError } from '../../errors/app-errors.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { groupLines, peopleByIds } from '../balances/index.js';
import { isDbId } from '../expenses/index.js';
import { todayUtc } from '../expenses/index.js';
import type { GroupRow } from '../groups/index.js';
import { findGroup } from '../groups/index.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import { readLedgerContext } from '../ledger/index.js';
import { lockLedger } from '../ledger/index.js';
import { insertPaymentWithEffects, writePayments } from './payment-effects.js';
import { PAYMENT_API_MESSAGES, planSettlement } from './payment-rules.js';
import { sharedGroupIds } from './payment.repository.js';
import type { PaymentView } from './payment.repository.js';

/**
 * POST /payments/settle: one payment per shared group whose line points the payment's way,
 * largest line first (then lower group id), each at most that line; the rest outside groups.
 */
export async function settleUp(
  deps: ServiceDeps,
  callerId: number,
  body: unknown,
  idempotency: IdempotencyScope<PaymentView[]> | null,
): Promise<WriteOutcome<PaymentView[]>> {
  const parsed = validateSettleInput(body);
  if (!parsed.ok) throw issuesError(parsed.issues);
  const input = parsed.value;
  if (input.otherUserId === callerId) throw new ValidationError(PAYMENT_MESSAGES.samePerson);
  const otherId = input.otherUserId;
  return writePayments(deps, idempotency, async (tx) => {
    const other = isDbId(otherId) ? (await peopleByIds(tx, [otherId])).get(otherId) : undefined;
    if (other === undefined) throw new ValidationError(PAYMENT_API_MESSAGES.unknownPerson);
    const paidById = input.direction === 'I_PAID' ? callerId : otherId;
    const paidToId = input.direction === 'I_PAID' ? otherId : callerId;

    // Lock the shared groups and the friendship, then read the lines under the locks.
    await lockLedger(tx, await sharedGroupIds(tx, callerId, otherId), callerId, [otherId]);
    const groups: GroupRow[] = [];
    for (const id of await sharedGroupIds(tx, callerId, otherId)) {
      const g = await findGroup(tx, id);
      if (g !== undefined) groups.push(g);
    }
    const owed: { groupId: number; cents: number }[] = [];
    for (const g of groups) {
      const lines = await groupLines(tx, g, paidById);
      const line = lines.find((l) => l.otherUser.id === paidToId && l.currency === input.currency);
      // The payer's line with the recipient is negative when the payer owes them.
      if (line !== undefined && line.netCents < 0)
        owed.push({ groupId: g.id, cents: -line.netCents });
    }
    const plan = planSettlement(owed, input.amount);
    const ctx = await readLedgerContext(tx, callerId, null, [otherId]);
    if (plan.some((p) => p.groupId === null) && !ctx.friendIds.has(otherId)) {
      throw new NotFriendsError(PAYMENT_API_MESSAGES.notFriends);
    }
    const people = await peopleByIds(tx, [paidById, paidToId]);
    const names = new Map([...people].map(([id, p]) => [id, p.name]));
    const date = input.date ?? todayUtc();
    const ids: number[] = [];
    for (const p of plan) {
      const now = new Date();
      const group = groups.find((g) => g.id === p.groupId) ?? null;
      const row = await insertPaymentWithEffects(
        tx,
        callerId,
        {
          groupId: p.groupId,
          paidById,
          paidToId,
          amountCents: p.cents,
          currency: input.currency,
          date,
          createdById: callerId,
          createdAt: now,
          updatedAt: now,
        },
        group,
        names,
      );
      ids.push(row.id);
    }
    return ids;
  });
}
