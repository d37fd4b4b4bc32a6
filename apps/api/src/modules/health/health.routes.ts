// Liveness and readiness (docs/api.md §4.11). Readiness asks the database every time, so it
// recovers by itself when the database comes back.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.js';
import { NotReadyError } from '../../errors/app-errors.js';
import { errorResponses } from '../../http/error-body.js';

export async function healthRoutes(
  app: FastifyInstance,
  { database }: { database: DatabaseHandle },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Operations'];

  r.get(
    '/api/health',
    {
      schema: {
        tags,
        summary: 'The process runs',
        security: [],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  r.get(
    '/api/ready',
    {
      schema: {
        tags,
        summary: 'The database answers',
        security: [],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          ...errorResponses(503),
        },
      },
    },
    async (request) => {
      try {
        await database.ping(2_000);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        throw new NotReadyError();
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
}
