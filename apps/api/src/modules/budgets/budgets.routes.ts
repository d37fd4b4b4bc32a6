// Routes of budgets (issue #14 point 4). Thin: validate, call the service, map cents to decimals.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { budgetPercent, categoryIdSchema, categoryLabel, toCategoryId } from '@evenly/core';
import { errorResponses } from '../../http/error-body.js';
import { money } from '../../http/mappers.js';
import type { AppServices } from '../../composition/app-services.js';
import type { BudgetRow } from './budgets.repository.js';

const tags = ['Budgets'];
const noBody = z.undefined().describe('No body');

const budgetSchema = z
  .object({
    category: categoryIdSchema,
    label: z.string(),
    amount: z.number().meta({ description: 'The monthly budget.' }),
    currency: z.string(),
    spent: z.number().meta({
      description:
        'The caller’s share this month of live expenses in this category and currency (other currencies do not count).',
    }),
    percent: z.number().int().meta({ description: 'spent / amount, whole percent (floored).' }),
    status: z.enum(['UNDER', 'NEAR', 'OVER']).meta({
      description: 'NEAR from 80 %, OVER from 100 % — where the alerts fire.',
    }),
  })
  .meta({
    id: 'Budget',
    example: {
      category: 'dining_out',
      label: 'Dining out',
      amount: 200,
      currency: 'EUR',
      spent: 164.5,
      percent: 82,
      status: 'NEAR',
    },
  });

const budgetListSchema = z
  .object({
    month: z.string().meta({ description: 'The month spent is counted in (YYYY-MM, UTC).' }),
    budgets: z.array(budgetSchema),
  })
  .meta({
    id: 'BudgetList',
    example: {
      month: '2026-11',
      budgets: [
        {
          category: 'dining_out',
          label: 'Dining out',
          amount: 200,
          currency: 'EUR',
          spent: 164.5,
          percent: 82,
          status: 'NEAR',
        },
      ],
    },
  });

const budgetBodySchema = z
  .object({
    amount: z.union([z.number(), z.string()]).meta({ description: 'Monthly amount, > 0.' }),
    currency: z.string().meta({ description: 'ISO 4217; only expenses in it count.' }),
  })
  .meta({ id: 'BudgetRequest', example: { amount: 200, currency: 'EUR' } });

function budgetOut(b: BudgetRow): z.infer<typeof budgetSchema> {
  const percent = budgetPercent(b.spentCents, b.amountCents);
  const category = toCategoryId(b.category);
  return {
    category,
    label: categoryLabel(category),
    amount: money(b.amountCents, b.currency),
    currency: b.currency,
    spent: money(b.spentCents, b.currency),
    percent,
    status: percent >= 100 ? 'OVER' : percent >= 80 ? 'NEAR' : 'UNDER',
  };
}

const categoryParams = z.object({
  category: z
    .string()
    .meta({ description: 'A category id (GET /api/categories).', example: 'dining_out' }),
});

/** Routes that need a bearer token (registered in the protected scope). */
export async function budgetsRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/budgets',
    {
      schema: {
        tags,
        summary: 'My monthly budgets, with this month’s share spent',
        response: { 200: budgetListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const list = await services.budgets.list(request.user.id);
      return { month: list.month, budgets: list.budgets.map(budgetOut) };
    },
  );

  r.put(
    '/api/budgets/:category',
    {
      schema: {
        tags,
        summary: 'Set (create or replace) my monthly budget for a category',
        description:
          'One budget per category, for the caller’s own share. Idempotent (the same body twice leaves one budget): no Idempotency-Key. 201 when created, 200 when replaced. Alerts at 80 % and 100 % (notification kind BUDGET) come from expense writes, once per threshold and month.',
        params: categoryParams,
        body: budgetBodySchema,
        response: { 200: budgetSchema, 201: budgetSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const out = await services.budgets.put(
        request.user.id,
        request.params.category,
        request.body,
      );
      void reply.status(out.created ? 201 : 200);
      return budgetOut(out.budget);
    },
  );

  r.delete(
    '/api/budgets/:category',
    {
      schema: {
        tags,
        summary: 'Remove my budget for a category',
        params: categoryParams,
        response: { 204: noBody, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await services.budgets.remove(request.user.id, request.params.category);
      return reply.code(204).send(undefined);
    },
  );
}
