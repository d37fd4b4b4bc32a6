// The `series` summary every Expense carries (issue #11) and the `recurrence` a POST /expenses
// body may carry, as JSON. Here, beside the expense, because the expense JSON includes them; the
// series module builds its own Series resource on top (series/series.mapper.ts).
import { FREQUENCIES, MAX_END_COUNT, messageText, RECURRENCE_MESSAGES } from '@evenly/core';
import { z } from 'zod';
import type { SeriesSummary } from './expense-view.js';

export const frequencySchema = z.enum(FREQUENCIES).meta({
  description: 'DAILY, WEEKLY, BIWEEKLY (every 2 weeks), MONTHLY or YEARLY.',
});

/** The `recurrence` a POST /expenses (or PUT ?scope=future) body may carry. */
export const recurrenceSchema = z
  .object({
    frequency: frequencySchema,
    timeZone: z.string().meta({
      description: 'IANA time zone in which each occurrence date begins (from the browser).',
    }),
    endDate: z
      .string()
      .nullable()
      .optional()
      .meta({
        description: `YYYY-MM-DD, inclusive; on or after the first date. ${messageText(RECURRENCE_MESSAGES.endBoth)}`,
      }),
    endCount: z.number().int().min(1).max(MAX_END_COUNT).nullable().optional().meta({
      description: 'Number of occurrences, counting the first.',
    }),
  })
  .meta({
    id: 'Recurrence',
    example: { frequency: 'MONTHLY', timeZone: 'Europe/Lisbon', endDate: null, endCount: 12 },
  });

export const seriesSummarySchema = z
  .object({
    id: z.number().int(),
    frequency: frequencySchema,
    timeZone: z.string(),
    startDate: z.string(),
    endDate: z.string().nullable(),
    endCount: z.number().int().nullable(),
    nextDate: z.string().nullable().meta({
      description: 'The next occurrence the server will create; null once the series has ended.',
    }),
    ended: z.boolean(),
  })
  .meta({
    id: 'SeriesSummary',
    example: {
      id: 5,
      frequency: 'MONTHLY',
      timeZone: 'Europe/Lisbon',
      startDate: '2026-01-31',
      endDate: null,
      endCount: 12,
      nextDate: '2026-03-31',
      ended: false,
    },
  });
export type SeriesSummaryOut = z.infer<typeof seriesSummarySchema>;

export function seriesSummaryOut(s: SeriesSummary): SeriesSummaryOut {
  return { ...s };
}
