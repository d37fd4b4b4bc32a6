// Expense and Payment JSON (contract §3) and the list helpers shared by the ledger routes.
import { z } from 'zod';
import { ValidationError } from '../../errors/app-errors.js';
import { iso, money, userOut, userSchema } from '../../http/mappers.js';
import type { PaymentView } from '../payments/payment.repository.js';
import type { ExpenseView } from './expense.repository.js';

export const expenseSchema = z
  .object({
    type: z.literal('expense'),
    id: z.number().int(),
    description: z.string(),
    amount: z.number(),
    currency: z.string(),
    date: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    groupId: z.number().int().nullable(),
    splitType: z.enum(['EQUAL', 'EXACT', 'PERCENTAGE', 'SHARE']),
    payers: z.array(z.object({ user: userSchema, amountPaid: z.number() })),
    splits: z.array(
      z.object({
        splitId: z.number().int(),
        owedBy: userSchema,
        amountOwed: z.number(),
        value: z.number().nullable(),
      }),
    ),
    notes: z.string().nullable(),
    receiptUrl: z.string().nullable(),
    commentCount: z.number().int(),
    createdBy: userSchema,
  })
  .meta({ id: 'Expense' });
export type ExpenseOut = z.infer<typeof expenseSchema>;

export const paymentSchema = z
  .object({
    type: z.literal('payment'),
    id: z.number().int(),
    amount: z.number(),
    currency: z.string(),
    date: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    groupId: z.number().int().nullable(),
    paidBy: userSchema,
    paidTo: userSchema,
    summary: z.string(),
    createdBy: userSchema,
  })
  .meta({ id: 'Payment' });
export type PaymentOut = z.infer<typeof paymentSchema>;

/** Signs a receipt link for the caller (null when there is no receipt). */
export type ReceiptLinker = (key: string) => string;

export function expenseOut(v: ExpenseView, link: ReceiptLinker): ExpenseOut {
  return {
    type: 'expense',
    id: v.id,
    description: v.description,
    amount: money(v.amountCents),
    currency: v.currency,
    date: v.date,
    createdAt: iso(v.createdAt),
    updatedAt: iso(v.updatedAt),
    groupId: v.groupId,
    splitType: v.splitType,
    payers: v.payers.map((p) => ({ user: userOut(p.user), amountPaid: money(p.amountPaidCents) })),
    splits: v.splits.map((s) => ({
      splitId: s.splitId,
      owedBy: userOut(s.owedBy),
      amountOwed: money(s.owedCents),
      value: s.value === null ? null : Number(s.value),
    })),
    notes: v.notes,
    receiptUrl: v.receiptKey === null ? null : link(v.receiptKey),
    commentCount: v.commentCount,
    createdBy: userOut(v.createdBy),
  };
}

export function paymentOut(v: PaymentView): PaymentOut {
  return {
    type: 'payment',
    id: v.id,
    amount: money(v.amountCents),
    currency: v.currency,
    date: v.date,
    createdAt: iso(v.createdAt),
    updatedAt: iso(v.updatedAt),
    groupId: v.groupId,
    paidBy: userOut(v.paidBy),
    paidTo: userOut(v.paidTo),
    summary: `${v.paidBy.name} paid ${v.paidTo.name}`,
    createdBy: userOut(v.createdBy),
  };
}

export const pageQuerySchema = z.object({
  limit: z.string().optional(),
  before: z.string().optional(),
});

export const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 1000.';

export function readLimit(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 1000;
  const text = raw.trim();
  const n = /^[0-9]{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= 1000)) {
    throw new ValidationError(LIMIT_MESSAGE, [{ field: 'limit', message: LIMIT_MESSAGE }]);
  }
  return n;
}

export function readBefore(raw: string | undefined): string | null {
  return raw === undefined ? null : raw;
}
