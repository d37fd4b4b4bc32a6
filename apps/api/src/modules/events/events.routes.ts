// Routes of the events module (contract §4). Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';

/** Routes that need a bearer token (registered in the protected scope). */
export async function eventsRoutes(
  _app: FastifyInstance,
  _opts: { services: Services },
): Promise<void> {}

/** Public routes: the stream authenticates with a ticket or a bearer token itself. */
export async function publicEventsRoutes(
  _app: FastifyInstance,
  _opts: { services: Services },
): Promise<void> {}
