// Currency exchange request (issue #10): a pair's balance in a group that keeps currencies
// separate, moved from one currency into another at a rate.
import type { Cents } from '../money.js';
import { parseExchangeRate } from '../exchange-rate.js';
import type { ExchangeRate } from '../exchange-rate.js';
import { readCurrencyCode } from './currency.js';
import { isBlank, readId, readOptionalDate, readPositiveAmount } from './fields.js';
import { asRecord, fieldError, fieldOk, IssueCollector, schemaFromValidator } from './issues.js';
import type { ValidationResult } from './issues.js';

export const EXCHANGE_MESSAGES = {
  otherUser: /*i18n*/ {
    id: 'exchange.otherUser',
    message: 'Please select the person whose balance you convert.',
  },
  sameCurrency: /*i18n*/ {
    id: 'exchange.sameCurrency',
    message: 'Please choose two different currencies.',
  },
} as const;

export interface ExchangeInput {
  readonly otherUserId: number;
  readonly fromCurrency: string;
  readonly toCurrency: string;
  /** Units of `toCurrency` per one unit of `fromCurrency`. */
  readonly rate: ExchangeRate;
  /** Minor units of `fromCurrency`; null = the whole balance. */
  readonly amount: Cents | null;
  readonly date: string | null;
}

export function validateExchangeInput(input: unknown): ValidationResult<ExchangeInput> {
  const body = asRecord(input);
  const c = new IssueCollector();
  const otherUserId = c.take(
    ['otherUserId'],
    readId(body.otherUserId, EXCHANGE_MESSAGES.otherUser),
  );
  const from = c.take(['fromCurrency'], readCurrencyCode(body.fromCurrency));
  const to = c.take(['toCurrency'], readCurrencyCode(body.toCurrency));
  if (from !== undefined && to !== undefined && from === to) {
    c.add(['toCurrency'], EXCHANGE_MESSAGES.sameCurrency);
  }
  const rateRead = parseExchangeRate(body.exchangeRate);
  const rate = c.take(
    ['exchangeRate'],
    rateRead.ok ? fieldOk(rateRead.rate) : fieldError(rateRead.message),
  );
  const amount = isBlank(body.amount)
    ? null
    : c.take(['amount'], readPositiveAmount(body.amount, from ?? 'USD'));
  const date = c.take(['date'], readOptionalDate(body.date));
  return c.result(() => ({
    otherUserId: otherUserId ?? 0,
    fromCurrency: from ?? '',
    toCurrency: to ?? '',
    rate: rate ?? { units: 1n, scale: 0 },
    amount: amount ?? null,
    date: date ?? null,
  }));
}

export const exchangeInputSchema = schemaFromValidator((input) => validateExchangeInput(input));
