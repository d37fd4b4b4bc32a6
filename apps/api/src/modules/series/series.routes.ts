// Routes of recurring expense series (issue #11). Thin: validate, call the service, map.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathIdSchema } from '@evenly/core';
import { z } from 'zod';
import { errorResponses } from '../../http/error-body.js';
import type { AppServices } from '../../composition/app-services.js';
import { seriesOut, seriesSchema } from './series.mapper.js';

export async function seriesRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Recurring expenses'];
  const idParams = z.object({ id: pathIdSchema('Series') });

  r.get(
    '/api/series/my',
    {
      schema: {
        tags,
        summary: 'Active series the caller takes part in (creator, payer or in the split)',
        response: { 200: z.array(seriesSchema), ...errorResponses() },
      },
    },
    async (request) => (await services.series.listMine(request.user.id)).map(seriesOut),
  );

  r.get(
    '/api/series/:id',
    {
      schema: {
        tags,
        summary: 'One recurring series with its template',
        params: idParams,
        response: { 200: seriesSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => seriesOut(await services.series.get(request.user.id, request.params.id)),
  );

  r.get(
    '/api/groups/:id/series',
    {
      schema: {
        tags,
        summary: 'Active recurring series of a group',
        params: z.object({ id: pathIdSchema('Group') }),
        response: { 200: z.array(seriesSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      (await services.series.listGroup(request.user.id, request.params.id)).map(seriesOut),
  );

  r.post(
    '/api/series/:id/skip',
    {
      schema: {
        tags,
        summary: 'Skip an upcoming occurrence: it is never created',
        params: idParams,
        body: z
          .object({ date: z.unknown() })
          .meta({ example: { date: '2026-03-31' }, description: 'date: YYYY-MM-DD' }),
        response: { 200: seriesSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      seriesOut(await services.series.skip(request.user.id, request.params.id, request.body.date)),
  );

  r.post(
    '/api/series/:id/end',
    {
      schema: {
        tags,
        summary: 'End a series: no more occurrences; the existing ones stay',
        params: idParams,
        response: { 200: seriesSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => seriesOut(await services.series.end(request.user.id, request.params.id)),
  );
}
