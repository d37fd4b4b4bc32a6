// Payment and settle-up request bodies (docs/api.md §4.5).
import type { Cents } from '../money.js';
import { DEFAULT_CURRENCY } from '../balances.js';
import { readOptionalCurrency } from './currency.js';
import {
  readId,
  readOptionalDate,
  readOptionalId,
  readPositiveAmount,
  readPositiveAmountWith,
} from './fields.js';
import { asRecord, fieldError, fieldOk, IssueCollector, schemaFromValidator } from './issues.js';
import type { FieldRead, ValidationResult } from './issues.js';

export const PAYMENT_MESSAGES = {
  recipient: /*i18n*/ { id: 'payment.recipient', message: 'Please select a recipient.' },
  payer: /*i18n*/ { id: 'payment.payer', message: 'Please select a valid payer.' },
  groupId: /*i18n*/ { id: 'payment.groupId', message: 'Invalid Group ID.' },
  samePerson: /*i18n*/ {
    id: 'payment.samePerson',
    message: 'The payer and the recipient must be different people.',
  },
  settleInvalid: /*i18n*/ {
    id: 'payment.settleInvalid',
    message: 'Please select a friend and enter a valid positive amount.',
  },
  direction: /*i18n*/ {
    id: 'payment.direction',
    message: 'Direction must be I_PAID or THEY_PAID.',
  },
} as const;

/**
 * A validated payment request. `paidByUserId` null = not given (the caller, or kept on PUT).
 * `amount` is in minor units of `amountCurrency` (the request's currency, else the default).
 */
export interface PaymentInput {
  readonly paidToUserId: number;
  readonly paidByUserId: number | null;
  readonly amount: Cents;
  readonly amountCurrency: string;
  readonly date: string | null;
  readonly currency: string | null;
  readonly groupId: number | null;
}

export function validatePaymentInput(
  input: unknown,
  defaultCurrency = 'USD',
): ValidationResult<PaymentInput> {
  const body = asRecord(input);
  const c = new IssueCollector();
  const named = readOptionalCurrency(body.currency);
  const amountCurrency = (named.ok ? named.value : null) ?? defaultCurrency;
  const paidToUserId = c.take(
    ['paidToUserId'],
    readId(body.paidToUserId, PAYMENT_MESSAGES.recipient),
  );
  const paidByUserId = c.take(
    ['paidByUserId'],
    readOptionalId(body.paidByUserId, PAYMENT_MESSAGES.payer),
  );
  const amount = c.take(['amount'], readPositiveAmount(body.amount, amountCurrency));
  const date = c.take(['date'], readOptionalDate(body.date));
  const currency = c.take(['currency'], named);
  const groupId = c.take(['groupId'], readOptionalId(body.groupId, PAYMENT_MESSAGES.groupId));
  if (c.ok && paidByUserId !== null && paidByUserId === paidToUserId) {
    c.add(['paidToUserId'], PAYMENT_MESSAGES.samePerson);
  }
  return c.result(() => ({
    paidToUserId: paidToUserId ?? 0,
    paidByUserId: paidByUserId ?? null,
    amount: amount ?? (0 as Cents),
    amountCurrency,
    date: date ?? null,
    currency: currency ?? null,
    groupId: groupId ?? null,
  }));
}

export const paymentInputSchema = schemaFromValidator((input) => validatePaymentInput(input));

export type SettleDirection = 'I_PAID' | 'THEY_PAID';

export interface SettleInput {
  readonly otherUserId: number;
  readonly direction: SettleDirection;
  readonly amount: Cents;
  readonly date: string | null;
  /** Defaults to USD. */
  readonly currency: string;
}

function readDirection(input: unknown): FieldRead<SettleDirection> {
  const text = typeof input === 'string' ? input.trim().toUpperCase() : '';
  return text === 'I_PAID' || text === 'THEY_PAID'
    ? fieldOk(text)
    : fieldError(PAYMENT_MESSAGES.direction);
}

export function validateSettleInput(input: unknown): ValidationResult<SettleInput> {
  const body = asRecord(input);
  const c = new IssueCollector();
  const otherUserId = c.take(
    ['otherUserId'],
    readId(body.otherUserId, PAYMENT_MESSAGES.settleInvalid),
  );
  const direction = c.take(['direction'], readDirection(body.direction));
  const named = readOptionalCurrency(body.currency);
  const amount = c.take(
    ['amount'],
    readPositiveAmountWith(
      body.amount,
      PAYMENT_MESSAGES.settleInvalid,
      (named.ok ? named.value : null) ?? DEFAULT_CURRENCY,
    ),
  );
  const date = c.take(['date'], readOptionalDate(body.date));
  const currency = c.take(['currency'], named);
  return c.result(() => ({
    otherUserId: otherUserId ?? 0,
    direction: direction ?? 'I_PAID',
    amount: amount ?? (0 as Cents),
    date: date ?? null,
    currency: currency ?? DEFAULT_CURRENCY,
  }));
}

export const settleInputSchema = schemaFromValidator(validateSettleInput);
