// Routes of the balances module (contract §4). Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';

/** Routes that need a bearer token (registered in the protected scope). */
export async function balancesRoutes(
  _app: FastifyInstance,
  _opts: { services: Services },
): Promise<void> {}
