// Routes of the activity module (docs/api.md §4.8). Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitSchema, nextPageHeaders } from '../../http/cursor.js';
import { errorResponses } from '../../http/error-body.js';
import type { AppServices } from '../../composition/app-services.js';
import { ACTIVITY_DEFAULT_LIMIT, ACTIVITY_MAX_LIMIT } from './activity.service.js';
import { activityItemSchema, activityOut } from './activity.mapper.js';

export async function activityRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
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
