// A payment in the currency its balances are kept in (issue #10): converted once when entered
// in another currency than its CONVERT group's.
import { formatExchangeRate, validatePaymentInput } from '@evenly/core';
import type { PaymentInput } from '@evenly/core';
import { issuesError } from '../../errors/app-errors.js';
import { todayUtc } from '../expenses/index.js';
import { checkConvertedAmount, readRateAsk, resolveConversion } from '../ledger/index.js';
import type { RateLookup } from '../ledger/index.js';
import type { CheckedPayment } from './payment-rules.js';
import type { PaymentOriginal } from './payment.repository.js';

/** A checked payment in its ledger currency (`input.amount` converted when it had to be). */
export interface LedgerPayment {
  input: PaymentInput;
  v: CheckedPayment;
  original: PaymentOriginal | null;
}

/**
 * The checked payment in the currency its balances are kept in: its amount read again in the
 * currency it turned out to have, then, entered in another currency than its CONVERT group's,
 * converted (rate from the request, the stored one on an edit, or the rate service).
 */
export async function paymentInLedger(
  body: unknown,
  input: PaymentInput,
  v: CheckedPayment,
  stored: { original: PaymentOriginal; convertedCents: number } | null,
  lookup: RateLookup,
): Promise<LedgerPayment> {
  let entered = input;
  if (v.currency !== input.amountCurrency) {
    const again = validatePaymentInput(body, v.currency);
    if (!again.ok) throw issuesError(again.issues);
    entered = { ...again.value, date: input.date };
  }
  if (v.ledgerCurrency === v.currency) return { input: entered, v, original: null };
  const c = await resolveConversion(
    entered.amount,
    v.currency,
    v.ledgerCurrency,
    entered.date ?? todayUtc(),
    readRateAsk(body, v.ledgerCurrency),
    stored === null
      ? null
      : {
          fromCurrency: stored.original.currency,
          originalCents: stored.original.amountCents,
          rate: stored.original.rate,
          source: stored.original.source,
          rateDate: stored.original.rateDate,
        },
    stored?.convertedCents ?? null,
    lookup,
  );
  checkConvertedAmount(c.convertedCents);
  return {
    input: { ...entered, amount: c.convertedCents },
    v: { ...v, currency: v.ledgerCurrency },
    original: {
      currency: v.currency,
      amountCents: entered.amount,
      rate: formatExchangeRate(c.rate),
      source: c.source,
      rateDate: c.rateDate,
    },
  };
}
