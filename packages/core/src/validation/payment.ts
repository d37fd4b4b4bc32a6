// Payment and settle-up request bodies (contract §4.5).
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
  recipient: 'Please select a recipient.',
  payer: 'Please select a valid payer.',
  groupId: 'Invalid Group ID.',
  samePerson: 'The payer and the recipient must be different people.',
  settleInvalid: 'Please select a friend and enter a valid positive amount.',
  direction: 'Direction must be I_PAID or THEY_PAID.',
} as const;

/** A validated payment request. `paidByUserId` null = not given (the caller, or kept on PUT). */
export interface PaymentInput {
  readonly paidToUserId: number;
  readonly paidByUserId: number | null;
  readonly amount: Cents;
  readonly date: string | null;
  readonly currency: string | null;
  readonly groupId: number | null;
}

export function validatePaymentInput(input: unknown): ValidationResult<PaymentInput> {
  const body = asRecord(input);
  const c = new IssueCollector();
  const paidToUserId = c.take(
    ['paidToUserId'],
    readId(body.paidToUserId, PAYMENT_MESSAGES.recipient),
  );
  const paidByUserId = c.take(
    ['paidByUserId'],
    readOptionalId(body.paidByUserId, PAYMENT_MESSAGES.payer),
  );
  const amount = c.take(['amount'], readPositiveAmount(body.amount));
  const date = c.take(['date'], readOptionalDate(body.date));
  const currency = c.take(['currency'], readOptionalCurrency(body.currency));
  const groupId = c.take(['groupId'], readOptionalId(body.groupId, PAYMENT_MESSAGES.groupId));
  if (c.ok && paidByUserId !== null && paidByUserId === paidToUserId) {
    c.add(['paidToUserId'], PAYMENT_MESSAGES.samePerson);
  }
  return c.result(() => ({
    paidToUserId: paidToUserId ?? 0,
    paidByUserId: paidByUserId ?? null,
    amount: amount ?? (0 as Cents),
    date: date ?? null,
    currency: currency ?? null,
    groupId: groupId ?? null,
  }));
}

export const paymentInputSchema = schemaFromValidator(validatePaymentInput);

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
  const amount = c.take(
    ['amount'],
    readPositiveAmountWith(body.amount, PAYMENT_MESSAGES.settleInvalid),
  );
  const date = c.take(['date'], readOptionalDate(body.date));
  const currency = c.take(['currency'], readOptionalCurrency(body.currency));
  return c.result(() => ({
    otherUserId: otherUserId ?? 0,
    direction: direction ?? 'I_PAID',
    amount: amount ?? (0 as Cents),
    date: date ?? null,
    currency: currency ?? DEFAULT_CURRENCY,
  }));
}

export const settleInputSchema = schemaFromValidator(validateSettleInput);
