// Activity JSON: the schema of one activity item and the function that writes it.
import { z } from 'zod';
import { iso, money, userOut, userSchema } from '../../http/mappers.js';
import { toCategoryId } from '@evenly/core';
import { categorySchema } from '../categories/index.js';
import type { ActivityRow } from './activity.repository.js';

export const activityItemSchema = z
  .object({
    id: z.number().int(),
    type: z.string(),
    createdAt: z.string(),
    actor: userSchema,
    groupId: z.number().int().nullable(),
    group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    expenseId: z.number().int().nullable(),
    paymentId: z.number().int().nullable(),
    commentId: z.number().int().nullable(),
    description: z.string(),
    amount: z.number().nullable(),
    currency: z.string().nullable(),
    myShare: z.number(),
    category: categorySchema.nullable().meta({
      description:
        "expense_added, expense_updated, expense_deleted: the expense's category as it was then; budget_alert: the budget's category; null for other types.",
    }),
  })
  .meta({ id: 'Activity' });

export function activityOut(row: ActivityRow): z.infer<typeof activityItemSchema> {
  return {
    id: row.id,
    type: row.type,
    createdAt: iso(row.createdAt),
    actor: userOut(row.actor),
    groupId: row.groupId,
    group: row.groupId === null ? null : { id: row.groupId, name: row.groupName ?? '' },
    expenseId: row.expenseId,
    paymentId: row.paymentId,
    commentId: row.commentId,
    description: row.description,
    amount: row.amountCents === null ? null : money(row.amountCents, row.currency ?? 'USD'),
    currency: row.amountCents === null ? null : row.currency,
    myShare: money(row.myShareCents, row.currency ?? 'USD'),
    category:
      row.type.startsWith('expense_') || row.type === 'budget_alert'
        ? toCategoryId(row.category)
        : null,
  };
}

/** Routes that need a bearer token (registered in the protected scope). */
