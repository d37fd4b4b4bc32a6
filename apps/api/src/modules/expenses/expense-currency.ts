// An expense in the currency its balances are kept in (issue #10): converted once when entered
// in another currency than its CONVERT group's.
import { convertParts, formatExchangeRate } from '@evenly/core';
import type { Cents } from '@evenly/core';
import { checkConvertedAmount, readRateAsk, resolveConversion } from '../ledger/index.js';
import type { RateLookup, StoredConversion } from '../ledger/index.js';
import type { CheckedExpense } from './expense-rules.js';
import type { LedgerExpense } from './expense-write-types.js';

/**
 * The checked expense in the currency its balances are kept in. Entered in another currency
 * (a CONVERT group), its total is converted once (rate from the request, the stored one on an
 * edit, or the rate service for `date`) and the payers' and the splits' amounts are carried
 * over in proportion, so each side sums exactly to the converted total.
 */
export async function inLedgerCurrency(
  v: CheckedExpense,
  data: unknown,
  date: string,
  stored: { conversion: StoredConversion; convertedCents: number } | null,
  lookup: RateLookup,
): Promise<LedgerExpense> {
  if (v.ledgerCurrency === v.currency) return { ...v, original: null };
  const ask = readRateAsk(data, v.ledgerCurrency);
  const c = await resolveConversion(
    v.input.amount,
    v.currency,
    v.ledgerCurrency,
    date,
    ask,
    stored?.conversion ?? null,
    stored?.convertedCents ?? null,
    lookup,
  );
  checkConvertedAmount(c.convertedCents);
  const paid = convertParts(
    c.convertedCents,
    v.payers.map((p) => p.amountPaidCents),
  );
  const owed = convertParts(
    c.convertedCents,
    v.splits.map((s) => s.owedCents),
  );
  return {
    ...v,
    currency: v.ledgerCurrency,
    input: { ...v.input, amount: c.convertedCents },
    payers: v.payers.map((p, i) => ({ ...p, amountPaidCents: paid[i] ?? (0 as Cents) })),
    splits: v.splits.map((s, i) => ({ ...s, owedCents: owed[i] ?? (0 as Cents) })),
    original: {
      currency: v.currency,
      amountCents: v.input.amount,
      payerCents: v.payers.map((p) => p.amountPaidCents),
      splitCents: v.splits.map((s) => s.owedCents),
      rate: formatExchangeRate(c.rate),
      source: c.source,
      rateDate: c.rateDate,
    },
  };
}
