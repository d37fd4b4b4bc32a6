// Expense and Payment JSON (docs/api.md §3) and the list helpers shared by the ledger routes.
import { z } from 'zod';
import { ValidationError } from '../../errors/app-errors.js';
import { iso, money, userOut, userSchema } from '../../http/mappers.js';
import type { PaymentView } from '../payments/index.js';
import type { ExpenseView } from './expense.repository.js';
import { seriesSummaryOut, seriesSummarySchema } from './series-summary.mapper.js';
import { categorySchema } from '../categories/index.js';

const rateSourceSchema = z.enum(['SERVICE', 'MANUAL', 'CHARGED']);

/** How a payment entered in another currency was converted into its group's currency. */
export const paymentConversionSchema = z
  .object({
    currency: z.string().meta({ description: 'The group currency balances are kept in.' }),
    amount: z.number().meta({ description: 'The amount in that currency.' }),
    exchangeRate: z.number().meta({
      description: 'Units of `currency` per one unit of the entered currency.',
    }),
    exchangeRateText: z.string().meta({ description: 'The same rate as an exact decimal.' }),
    rateSource: rateSourceSchema.meta({
      description:
        'SERVICE: the rate service for `rateDate`; MANUAL: typed; CHARGED: derived from the amount the bank charged.',
    }),
    rateDate: z.string().nullable(),
  })
  .meta({
    id: 'Conversion',
    example: {
      currency: 'EUR',
      amount: 62.5,
      exchangeRate: 0.00625,
      exchangeRateText: '0.00625',
      rateSource: 'SERVICE',
      rateDate: '2026-11-20',
    },
  });

/** An expense's conversion, with each payer's and each split's converted amount. */
export const expenseConversionSchema = paymentConversionSchema
  .extend({
    payers: z.array(z.object({ userId: z.number().int(), amountPaid: z.number() })),
    splits: z.array(z.object({ userId: z.number().int(), amountOwed: z.number() })),
  })
  .meta({ id: 'ExpenseConversion' });

/** One item of an expense split by item (issue #31 point 2). */
export const expenseItemSchema = z
  .object({
    description: z.string(),
    amount: z.number().meta({
      description:
        "The line's total in the expense's `currency` (as entered, also when converted); negative for a discount.",
    }),
    users: z.array(userSchema).meta({
      description: 'Who had it, in the order sent; they share it equally.',
    }),
  })
  .meta({
    id: 'ExpenseItem',
    example: {
      description: 'Wine',
      amount: 20,
      users: [
        { id: 1, name: 'Ann', email: 'ann@example.com' },
        { id: 5, name: 'Bea', email: 'bea@example.com' },
      ],
    },
  });

export const expenseSchema = z
  .object({
    type: z.literal('expense'),
    id: z.number().int(),
    description: z.string(),
    category: categorySchema,
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
    conversion: expenseConversionSchema.nullable().meta({
      description:
        'Set when the expense was entered in another currency than its group keeps balances in: `amount`, `currency`, payers and splits are as entered, this is what the balances use.',
    }),
    series: seriesSummarySchema.nullable().meta({
      description: 'The recurring series this expense is an occurrence of; null otherwise.',
    }),
    occurrenceDate: z.string().nullable().meta({
      description:
        'YYYY-MM-DD: the series date this occurrence was created for (kept when its date is edited); null outside a series.',
    }),
    items: z.array(expenseItemSchema).meta({
      description:
        'The receipt items and who had each when the expense was split by item, in the order sent; empty otherwise. The EXACT split is what they give: each item shared equally, the rest of the amount (tax, service, rounding) spread in proportion to what each person had.',
    }),
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
    conversion: paymentConversionSchema.nullable(),
    exchangeId: z.number().int().nullable().meta({
      description: 'The two payments of a currency exchange share this id; null otherwise.',
    }),
  })
  .meta({ id: 'Payment' });
export type PaymentOut = z.infer<typeof paymentSchema>;

/** Signs a receipt link for the caller (null when there is no receipt). */
export type ReceiptLinker = (key: string) => string;

function conversionOf(
  o: { rate: string; source: 'SERVICE' | 'MANUAL' | 'CHARGED'; rateDate: string | null },
  currency: string,
  amountCents: number,
) {
  return {
    currency,
    amount: money(amountCents, currency),
    exchangeRate: Number(o.rate),
    exchangeRateText: o.rate,
    rateSource: o.source,
    rateDate: o.rateDate,
  };
}

export function expenseOut(v: ExpenseView, link: ReceiptLinker): ExpenseOut {
  // Converted: the top level shows what was entered; `conversion` what the balances use.
  const o = v.original;
  const cur = o?.currency ?? v.currency;
  return {
    type: 'expense',
    id: v.id,
    description: v.description,
    category: v.category,
    amount: money(o?.amountCents ?? v.amountCents, cur),
    currency: cur,
    date: v.date,
    createdAt: iso(v.createdAt),
    updatedAt: iso(v.updatedAt),
    groupId: v.groupId,
    splitType: v.splitType,
    payers: v.payers.map((p, i) => ({
      user: userOut(p.user),
      amountPaid: money(o?.payerCents[i] ?? p.amountPaidCents, cur),
    })),
    splits: v.splits.map((s, i) => ({
      splitId: s.splitId,
      owedBy: userOut(s.owedBy),
      amountOwed: money(o?.splitCents[i] ?? s.owedCents, cur),
      value: s.value === null ? null : Number(s.value),
    })),
    notes: v.notes,
    receiptUrl: v.receiptKey === null ? null : link(v.receiptKey),
    commentCount: v.commentCount,
    createdBy: userOut(v.createdBy),
    conversion:
      o === null
        ? null
        : {
            ...conversionOf(o, v.currency, v.amountCents),
            payers: v.payers.map((p) => ({
              userId: p.user.id,
              amountPaid: money(p.amountPaidCents, v.currency),
            })),
            splits: v.splits.map((s) => ({
              userId: s.owedBy.id,
              amountOwed: money(s.owedCents, v.currency),
            })),
          },
    series: v.series === null ? null : seriesSummaryOut(v.series),
    occurrenceDate: v.occurrenceDate,
    items: v.items.map((i) => ({
      description: i.description,
      amount: money(i.amountCents, cur),
      users: i.users.map(userOut),
    })),
  };
}

export function paymentOut(v: PaymentView): PaymentOut {
  const o = v.original;
  return {
    type: 'payment',
    id: v.id,
    amount: money(o?.amountCents ?? v.amountCents, o?.currency ?? v.currency),
    currency: o?.currency ?? v.currency,
    date: v.date,
    createdAt: iso(v.createdAt),
    updatedAt: iso(v.updatedAt),
    groupId: v.groupId,
    paidBy: userOut(v.paidBy),
    paidTo: userOut(v.paidTo),
    summary: `${v.paidBy.name} paid ${v.paidTo.name}`,
    createdBy: userOut(v.createdBy),
    conversion: o === null ? null : conversionOf(o, v.currency, v.amountCents),
    exchangeId: v.exchangeId,
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
