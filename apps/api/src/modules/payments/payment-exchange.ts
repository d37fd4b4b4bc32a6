// Currency exchanges (issue #10, POST /groups/{id}/exchanges): in a group that keeps currencies
// separate, a balance moved from one currency into another as two payments.
import type { Cents } from '@evenly/core';
import { formatMinor, PAYMENT_MESSAGES, validateExchangeInput } from '@evenly/core';
import { issuesError, ValidationError } from '../../errors/app-errors.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { peopleByIds } from '../balances/index.js';
import { groupPairRows } from '../balances/index.js';
import { isDbId } from '../expenses/index.js';
import { todayUtc } from '../expenses/index.js';
import { requireGroupMember } from '../groups/index.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import { checkConvertedAmount, convertChecked } from '../ledger/index.js';
import { lockLedger } from '../ledger/index.js';
import { insertPaymentWithEffects, writePayments } from './payment-effects.js';
import { PAYMENT_API_MESSAGES } from './payment-rules.js';
import { setExchangeId } from './payment.repository.js';
import type { PaymentView } from './payment.repository.js';

export const EXCHANGE_API_MESSAGES = {
  notSeparate: 'Currency exchanges are for groups that keep currencies separate.',
  notEditable: 'A currency exchange cannot be edited. Delete it and record it again.',
} as const;

/**
 * POST /groups/{id}/exchanges (issue #10): in a group that keeps currencies separate, moves the
 * caller's balance with another member from one currency into another at a rate, as two
 * payments in one transaction (sharing `exchangeId`): the balance (or `amount` of it) settled
 * in the first currency, its value at the rate added in the second. "+100 USD, −10,000 JPY"
 * at 0.006849 USD per JPY becomes "+31.51 USD, 0 JPY".
 */
export async function exchangeCurrency(
  deps: ServiceDeps,
  callerId: number,
  groupId: number,
  body: unknown,
  idempotency: IdempotencyScope<PaymentView[]> | null,
): Promise<WriteOutcome<PaymentView[]>> {
  const parsed = validateExchangeInput(body);
  if (!parsed.ok) throw issuesError(parsed.issues);
  const input = parsed.value;
  const otherId = input.otherUserId;
  return writePayments(deps, idempotency, async (tx) => {
    await lockLedger(tx, isDbId(groupId) ? [groupId] : [], callerId, []);
    const group = await requireGroupMember(tx, groupId, callerId);
    if (group.currencyMode !== 'SEPARATE') {
      throw new ValidationError(EXCHANGE_API_MESSAGES.notSeparate);
    }
    if (otherId === callerId) throw new ValidationError(PAYMENT_MESSAGES.samePerson);
    const people = await peopleByIds(tx, [callerId, otherId]);
    const other = people.get(otherId);
    if (other === undefined) throw new ValidationError(PAYMENT_API_MESSAGES.unknownPerson);
    const pair = (await groupPairRows(tx, group.id)).find(
      (p) =>
        p.currency === input.fromCurrency &&
        p.userLow === Math.min(callerId, otherId) &&
        p.userHigh === Math.max(callerId, otherId),
    );
    // + = the other person owes the caller (pair nets: + = high owes low).
    const net = pair === undefined ? 0 : callerId < otherId ? pair.netCents : -pair.netCents;
    if (net === 0) {
      throw new ValidationError(
        `There is no balance in ${input.fromCurrency} between you and ${other.name} to convert.`,
      );
    }
    const whole = Math.abs(net);
    const amount = input.amount ?? whole;
    if (amount > whole) {
      const message = `You can convert at most ${formatMinor(whole, input.fromCurrency)} ${input.fromCurrency}.`;
      throw new ValidationError(message, [{ field: 'amount', message }]);
    }
    const converted = convertChecked(
      amount as Cents,
      input.fromCurrency,
      input.toCurrency,
      input.rate,
    );
    checkConvertedAmount(converted);
    // The debtor in the first currency pays it; the other pays its value in the second.
    const debtor = net < 0 ? callerId : otherId;
    const creditor = net < 0 ? otherId : callerId;
    const names = new Map([...people].map(([id, p]) => [id, p.name]));
    const date = input.date ?? todayUtc();
    const legs = [
      { paidById: debtor, paidToId: creditor, amountCents: amount, currency: input.fromCurrency },
      {
        paidById: creditor,
        paidToId: debtor,
        amountCents: converted,
        currency: input.toCurrency,
      },
    ];
    const ids: number[] = [];
    let exchangeId: number | null = null;
    for (const leg of legs) {
      const now = new Date();
      const row = await insertPaymentWithEffects(
        tx,
        callerId,
        {
          groupId: group.id,
          ...leg,
          date,
          createdById: callerId,
          createdAt: now,
          updatedAt: now,
          exchangeId,
        },
        group,
        names,
      );
      exchangeId ??= row.id;
      ids.push(row.id);
    }
    await setExchangeId(tx, ids[0] ?? 0, exchangeId);
    return ids;
  });
}
