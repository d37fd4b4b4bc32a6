// GET /api/fx/rate: the exchange rate the server would use for a conversion (issue #10), so a
// form can show the converted amount while the user types.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exchangeRateToNumber,
  formatExchangeRate,
  readCurrencyCode,
  readOptionalDate,
} from '@evenly/core';
import { z } from 'zod';
import { issuesError } from '../../errors/app-errors.js';
import { errorResponses } from '../../http/error-body.js';
import type { AppServices } from '../../composition/app-services.js';

const rateSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    date: z.string().meta({ description: 'The day asked for (YYYY-MM-DD).' }),
    rate: z.number().meta({ description: 'Units of `to` per one unit of `from`.' }),
    rateText: z.string().meta({ description: 'The same rate as an exact decimal.' }),
    rateDate: z
      .string()
      .meta({ description: 'The day the rate is from (the last business day on or before).' }),
  })
  .meta({
    id: 'ExchangeRate',
    example: {
      from: 'JPY',
      to: 'EUR',
      date: '2026-11-20',
      rate: 0.0062,
      rateText: '0.0062',
      rateDate: '2026-11-20',
    },
  });

const querySchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
  date: z.string().optional(),
});

/** Routes that need a bearer token (registered in the protected scope). */
export async function fxRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/fx/rate',
    {
      schema: {
        tags: ['Currencies'],
        summary: 'The exchange rate between two currencies for a day',
        description:
          'Looked up in the database cache, else asked of the rate service (FX_RATES_URL) and cached for every process. `date` defaults to today (UTC). 503 RATES_UNAVAILABLE when the service cannot be reached and nothing is cached: forms then ask the user for a rate.',
        querystring: querySchema,
        response: { 200: rateSchema, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => {
      const from = readCurrencyCode(request.query.from);
      const to = readCurrencyCode(request.query.to);
      const date = readOptionalDate(request.query.date);
      const issues = [
        ...(from.ok ? [] : [{ path: ['from'], message: from.message }]),
        ...(to.ok ? [] : [{ path: ['to'], message: to.message }]),
        ...(date.ok ? [] : [{ path: ['date'], message: date.message }]),
      ];
      if (!from.ok || !to.ok || !date.ok) throw issuesError(issues);
      const day = date.value ?? new Date().toISOString().slice(0, 10);
      const quote = await services.fx.rateFor(from.value, to.value, day);
      return {
        from: from.value,
        to: to.value,
        date: day,
        rate: exchangeRateToNumber(quote.rate),
        rateText: formatExchangeRate(quote.rate),
        rateDate: quote.rateDate,
      };
    },
  );
}
