// Routes of spending reports (issue #14 point 3). Thin: validate, call the service, map cents to
// decimal numbers of each currency.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryIdSchema,
  categoryLabel,
  pathIdSchema,
  readOptionalCurrency,
  readOptionalDate,
} from '@evenly/core';
import type { IssuePath, Message } from '@evenly/core';
import { issuesError } from '../../errors/app-errors.js';
import { errorResponses } from '../../http/error-body.js';
import { money } from '../../http/mappers.js';
import type { AppServices } from '../../composition/app-services.js';
import type { CurrencyReport, MemberLine } from './reports.service.js';

const tags = ['Reports'];

const categoryLineSchema = z.object({
  category: categoryIdSchema,
  label: z.string(),
  amount: z.number(),
  count: z.number().int().meta({ description: 'Expenses summed.' }),
});
const monthLineSchema = z.object({
  month: z.string().meta({ description: 'YYYY-MM (the expenses’ dates).', example: '2026-11' }),
  amount: z.number(),
});

const currencyReportShape = {
  currency: z.string(),
  total: z.number(),
  byCategory: z.array(categoryLineSchema).meta({ description: 'Largest first.' }),
  byMonth: z
    .array(monthLineSchema)
    .meta({ description: 'Oldest first; months without expenses are left out.' }),
};

const groupReportSchema = z
  .object({
    groupId: z.number().int(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    currencies: z.array(
      z.object({
        ...currencyReportShape,
        members: z
          .array(
            z.object({
              user: z.object({ id: z.number().int(), name: z.string() }),
              paid: z.number(),
              share: z.number(),
            }),
          )
          .meta({ description: 'Everyone who paid or has a share (former members too).' }),
      }),
    ),
  })
  .meta({
    id: 'GroupReport',
    example: {
      groupId: 7,
      from: null,
      to: null,
      currencies: [
        {
          currency: 'EUR',
          total: 412.5,
          byCategory: [
            { category: 'groceries', label: 'Groceries', amount: 250, count: 6 },
            { category: 'dining_out', label: 'Dining out', amount: 162.5, count: 2 },
          ],
          byMonth: [
            { month: '2026-10', amount: 180 },
            { month: '2026-11', amount: 232.5 },
          ],
          members: [
            { user: { id: 1, name: 'Ann' }, paid: 300, share: 206.25 },
            { user: { id: 2, name: 'Bea' }, paid: 112.5, share: 206.25 },
          ],
        },
      ],
    },
  });

const myReportSchema = z
  .object({
    from: z.string().nullable(),
    to: z.string().nullable(),
    currencies: z.array(z.object(currencyReportShape)),
  })
  .meta({
    id: 'MyReport',
    example: {
      from: '2026-01-01',
      to: null,
      currencies: [
        {
          currency: 'EUR',
          total: 206.25,
          byCategory: [{ category: 'groceries', label: 'Groceries', amount: 125, count: 6 }],
          byMonth: [{ month: '2026-11', amount: 206.25 }],
        },
      ],
    },
  });

function currencyOut(r: CurrencyReport) {
  return {
    currency: r.currency,
    total: money(r.totalCents, r.currency),
    byCategory: r.byCategory.map((l) => ({
      category: l.category,
      label: categoryLabel(l.category),
      amount: money(l.cents, r.currency),
      count: l.count,
    })),
    byMonth: r.byMonth.map((m) => ({ month: m.month, amount: money(m.cents, r.currency) })),
  };
}

function memberOut(m: MemberLine, currency: string) {
  return {
    user: { id: m.userId, name: m.name },
    paid: money(m.paidCents, currency),
    share: money(m.shareCents, currency),
  };
}

const dateQuery = z.string().optional().meta({ description: 'YYYY-MM-DD, inclusive.' });

/** from/to (dates, from ≤ to) and, where asked, a currency; 400 VALIDATION_FAILED otherwise. */
export function readRange(
  q: { from?: string; to?: string; currency?: string },
  withCurrency: boolean,
): { from: string | null; to: string | null; currency: string | null } {
  const from = readOptionalDate(q.from);
  const to = readOptionalDate(q.to);
  const currency = readOptionalCurrency(withCurrency ? q.currency : undefined);
  const issues: { path: IssuePath; message: Message | string }[] = [];
  if (!from.ok) issues.push({ path: ['from'], message: from.message });
  if (!to.ok) issues.push({ path: ['to'], message: to.message });
  if (!currency.ok) issues.push({ path: ['currency'], message: currency.message });
  if (from.ok && to.ok && from.value !== null && to.value !== null && from.value > to.value) {
    issues.push({ path: ['to'], message: 'to must be on or after from.' });
  }
  if (issues.length > 0 || !from.ok || !to.ok || !currency.ok) throw issuesError(issues);
  return { from: from.value, to: to.value, currency: currency.value };
}

/** Routes that need a bearer token (registered in the protected scope). */
export async function reportsRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/groups/:id/reports',
    {
      schema: {
        tags,
        summary: "A group's spending: by category, by month, and each person's paid versus share",
        description:
          'Sums of the live expenses of the group (deleted ones do not count), per currency: the currency each expense’s balances are kept in — its own, or the group’s when it was converted on entry. The group’s currency comes first. Current members only (403 NOT_A_MEMBER otherwise).',
        params: z.object({ id: pathIdSchema('Group') }),
        querystring: z.object({ from: dateQuery, to: dateQuery }),
        response: { 200: groupReportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const range = readRange(request.query, false);
      const report = await services.reports.group(request.user.id, request.params.id, range);
      return {
        groupId: report.groupId,
        from: range.from,
        to: range.to,
        currencies: report.currencies.map((c) => ({
          ...currencyOut(c),
          members: c.members.map((m) => memberOut(m, c.currency)),
        })),
      };
    },
  );

  r.get(
    '/api/reports/me',
    {
      schema: {
        tags,
        summary: 'My share of spending: by category and by month, over every group and friend',
        description:
          'The sum of the caller’s shares (splits) of live expenses — in groups, current or left, and between friends — per currency as balances keep it. `currency` keeps one currency only.',
        querystring: z.object({
          from: dateQuery,
          to: dateQuery,
          currency: z.string().optional().meta({ example: 'EUR' }),
        }),
        response: { 200: myReportSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const range = readRange(request.query, true);
      const report = await services.reports.mine(request.user.id, range);
      return { from: range.from, to: range.to, currencies: report.currencies.map(currencyOut) };
    },
  );
}
