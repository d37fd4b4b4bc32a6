// Series JSON (issue #11): the summary every Expense carries, and the Series resource.
import { SPLIT_TYPES, asRecord, isSplitType, toCategoryId, toId } from '@evenly/core';
import type { SplitType } from '@evenly/core';
import { z } from 'zod';
import { userOut, userSchema } from '../../http/mappers.js';
import { seriesSummarySchema } from '../expenses/index.js';
import { summaryOf } from './series.repository.js';
import { categorySchema } from '../categories/index.js';
import type { SeriesView } from './series.service.js';

export const seriesSchema = seriesSummarySchema
  .extend({
    groupId: z.number().int().nullable(),
    createdBy: userSchema,
    template: z.object({
      description: z.string(),
      amount: z.number(),
      currency: z.string(),
      splitType: z.enum(SPLIT_TYPES),
      payers: z.array(z.object({ userId: z.number().int(), amountPaid: z.number() })),
      splits: z.array(z.object({ userId: z.number().int(), value: z.number().nullable() })),
      notes: z.string().nullable(),
      category: categorySchema.meta({ description: 'Every occurrence gets this category.' }),
    }),
  })
  .meta({
    id: 'Series',
    example: {
      id: 5,
      groupId: 7,
      frequency: 'MONTHLY',
      timeZone: 'Europe/Lisbon',
      startDate: '2026-01-31',
      endDate: null,
      endCount: 12,
      nextDate: '2026-03-31',
      ended: false,
      createdBy: { id: 1, name: 'Ann', email: 'ann@example.com' },
      template: {
        description: 'Rent',
        amount: 900,
        currency: 'EUR',
        splitType: 'EQUAL',
        payers: [{ userId: 1, amountPaid: 900 }],
        splits: [
          { userId: 1, value: null },
          { userId: 2, value: null },
        ],
        notes: null,
        category: 'rent',
      },
    },
  });
export type SeriesOut = z.infer<typeof seriesSchema>;

/** The template keeps the body as posted, where the validator also took " equal "; say it as §4.4 does. */
function splitTypeOf(v: unknown): SplitType {
  const text = typeof v === 'string' ? v.trim().toUpperCase() : '';
  return isSplitType(text) ? text : 'EQUAL';
}

function num(v: unknown): number {
  const n = typeof v === 'string' ? Number(v.trim()) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) ? n : 0;
}

export function seriesOut(v: SeriesView): SeriesOut {
  const t = asRecord(v.row.template);
  const currency = typeof t.currency === 'string' ? t.currency : 'USD';
  const list = (x: unknown) => (Array.isArray(x) ? x.map(asRecord) : []);
  return {
    ...summaryOf(v.row),
    groupId: v.row.groupId,
    createdBy: userOut(v.createdBy),
    template: {
      description: typeof t.description === 'string' ? t.description.trim() : '',
      amount: num(t.amount),
      currency,
      splitType: splitTypeOf(t.splitType),
      payers: list(t.payers).map((p) => ({
        userId: toId(p.userId) ?? 0,
        amountPaid: num(p.amountPaid),
      })),
      splits: list(t.splits).map((s) => ({
        userId: toId(s.userId) ?? 0,
        value: s.value === undefined || s.value === null || s.value === '' ? null : num(s.value),
      })),
      notes: typeof t.notes === 'string' && t.notes.trim() !== '' ? t.notes.trim() : null,
      category: toCategoryId(
        typeof t.category === 'string' ? t.category.trim().toLowerCase() : null,
      ),
    },
  };
}
