// Routes of the activity module (docs/api.md §4.8). Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitSchema, nextPageHeaders } from '../../http/cursor.js';
import { errorResponses } from '../../http/error-body.js';
import { iso, money, userOut, userSchema } from '../../http/mappers.js';
import { toCategoryId } from '@evenly/core';
import { categorySchema } from '../categories/index.js';
import type { Services } from '../../services.js';
import type { ActivityRow } from './activity.repository.js';
import { ACTIVITY_DEFAULT_LIMIT, ACTIVITY_MAX_LIMIT } from './activity.service.js';

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
export async function activityRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/activity',
    {
      schema: {
        tags: ['Activity'],
        summary: 'The events the caller received, newest first (paged, §1.9)',
        querystring: z.object({
          limit: limitSchema(ACTIVITY_MAX_LIMIT, ACTIVITY_DEFAULT_LIMIT),
          before: z.string().optional(),
        }),
        response: { 200: z.array(activityItemSchema), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { limit, before } = request.query;
      const page = await services.activity.list(request.user.id, limit, before);
      void reply.headers(nextPageHeaders('/api/activity', limit, page.nextCursor));
      return page.items.map(activityOut);
    },
  );
}
