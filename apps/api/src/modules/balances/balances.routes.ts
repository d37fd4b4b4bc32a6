// Routes of the balances module (docs/api.md §4.7). Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@evenly/core';
import { errorResponses } from '../../http/error-body.js';
import { money, userOut, userSchema } from '../../http/mappers.js';
import type { AppServices } from '../../composition/app-services.js';
import type { BalanceLineData } from './balance-reader.js';
import type { FriendEntry, PersonEntry } from './balance.service.js';

export const balanceLineSchema = z
  .object({ otherUser: userSchema, netAmount: z.number(), currency: z.string() })
  .meta({ id: 'BalanceLine' });

export function balanceLineOut(line: BalanceLineData): z.infer<typeof balanceLineSchema> {
  return {
    otherUser: userOut(line.otherUser),
    netAmount: money(line.netCents, line.currency),
    currency: line.currency,
  };
}

const currencyTotalsSchema = z.object({
  currency: z.string(),
  totalOwedToUser: z.number(),
  totalOwedByUser: z.number(),
});
const missingSchema = z.array(z.string()).meta({
  description: 'Currencies left out: no cached rate into the home currency yet.',
});

const overallSchema = currencyTotalsSchema
  .extend({
    byCurrency: z.array(currencyTotalsSchema),
    approximate: z
      .object({
        currency: z.string(),
        totalOwedToUser: z.number(),
        totalOwedByUser: z.number(),
        missingCurrencies: missingSchema,
      })
      .optional()
      .meta({
        description:
          "Every currency converted into the caller's homeCurrency at the latest cached rates: approximate, for display beside the exact figures; absent without a home currency.",
        example: {
          currency: 'EUR',
          totalOwedToUser: 81.4,
          totalOwedByUser: 12.5,
          missingCurrencies: [],
        },
      }),
  })
  .meta({ id: 'OverallBalance' });

const friendBalanceSchema = z
  .object({
    otherUser: userSchema,
    netBalance: z.number(),
    nonGroupBalance: z.number(),
    currency: z.string(),
    byCurrency: z.array(
      z.object({ currency: z.string(), netBalance: z.number(), nonGroupBalance: z.number() }),
    ),
    groups: z.array(
      z.object({
        group: z.object({ id: z.number().int(), name: z.string() }),
        netAmount: z.number(),
        currency: z.string(),
      }),
    ),
    approximate: z
      .object({ currency: z.string(), netBalance: z.number(), missingCurrencies: missingSchema })
      .optional()
      .meta({
        description:
          "The net over every currency in the caller's homeCurrency at the latest cached rates (approximate); absent without a home currency.",
      }),
  })
  .meta({ id: 'FriendBalance' });

const personBalanceSchema = friendBalanceSchema
  .extend({
    isFriend: z.boolean().meta({
      description:
        'An accepted friend; false for someone the caller shares (or shared) only a group with, guests included.',
    }),
  })
  .meta({
    id: 'PersonBalance',
    example: {
      otherUser: { id: 7, name: 'Daniela', email: 'daniela@example.com' },
      netBalance: -7.7,
      nonGroupBalance: 0,
      currency: 'EUR',
      byCurrency: [{ currency: 'EUR', netBalance: -7.7, nonGroupBalance: 0 }],
      groups: [{ group: { id: 3, name: 'Lisbon trip' }, netAmount: -7.7, currency: 'EUR' }],
      isFriend: false,
    },
  });

function personOut(e: PersonEntry): z.infer<typeof personBalanceSchema> {
  return { ...friendOut(e), isFriend: e.isFriend };
}

function friendOut(e: FriendEntry): z.infer<typeof friendBalanceSchema> {
  return {
    otherUser: userOut(e.otherUser),
    netBalance: money(e.netCents, e.currency),
    nonGroupBalance: money(e.nonGroupCents, e.currency),
    currency: e.currency,
    byCurrency: e.byCurrency.map((c) => ({
      currency: c.currency,
      netBalance: money(c.netCents, c.currency),
      nonGroupBalance: money(c.nonGroupCents, c.currency),
    })),
    groups: e.groups.map((g) => ({
      group: { id: g.groupId, name: g.groupName },
      netAmount: money(g.netCents, g.currency),
      currency: g.currency,
    })),
    ...(e.approximate === null
      ? {}
      : {
          approximate: {
            currency: e.approximate.currency,
            netBalance: money(e.approximate.cents, e.approximate.currency),
            missingCurrencies: e.approximate.missing,
          },
        }),
  };
}

/** Routes that need a bearer token (registered in the protected scope). */
export async function balancesRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Balances'];

  r.get(
    '/api/balances/overall',
    {
      schema: {
        tags,
        summary: 'What the caller is owed and owes overall (primary currency + byCurrency)',
        response: { 200: overallSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const s = await services.balances.overall(request.user.id);
      return {
        currency: s.currency,
        totalOwedToUser: money(s.totalOwedToUser, s.currency),
        totalOwedByUser: money(s.totalOwedByUser, s.currency),
        byCurrency: s.byCurrency.map((c) => ({
          currency: c.currency,
          totalOwedToUser: money(c.totalOwedToUser, c.currency),
          totalOwedByUser: money(c.totalOwedByUser, c.currency),
        })),
        ...(s.approximate === null
          ? {}
          : {
              approximate: {
                currency: s.approximate.currency,
                totalOwedToUser: money(s.approximate.cents, s.approximate.currency),
                totalOwedByUser: money(s.approximate.owedBy, s.approximate.currency),
                missingCurrencies: s.approximate.missing,
              },
            }),
      };
    },
  );

  r.get(
    '/api/balances/group/:id',
    {
      schema: {
        tags,
        summary: "The caller's balance lines in a group (members only)",
        params: z.object({ id: pathIdSchema('Group') }),
        response: { 200: z.array(balanceLineSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      (await services.balances.groupBalance(request.params.id, request.user.id)).map(
        balanceLineOut,
      ),
  );

  r.get(
    '/api/balances/friends',
    {
      schema: {
        tags,
        summary: 'The balance with every accepted friend, with the shared groups behind it',
        response: { 200: z.array(friendBalanceSchema), ...errorResponses(401) },
      },
    },
    async (request) => (await services.balances.friends(request.user.id)).map(friendOut),
  );

  r.get(
    '/api/balances/people',
    {
      schema: {
        tags,
        summary:
          'Everyone the caller has a non-zero balance with, friends or not; the nets add up to /balances/overall',
        response: { 200: z.array(personBalanceSchema), ...errorResponses(401) },
      },
    },
    async (request) => (await services.balances.people(request.user.id)).map(personOut),
  );
}
