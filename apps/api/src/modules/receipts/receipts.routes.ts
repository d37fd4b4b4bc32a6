// Routes of the receipts module (contract §4). Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';

/** Routes that need a bearer token (registered in the protected scope). */
export async function receiptsRoutes(
  _app: FastifyInstance,
  _opts: { services: Services },
): Promise<void> {}

/** Public routes (the signed link is the credential). */
export async function publicReceiptsRoutes(
  _app: FastifyInstance,
  _opts: { services: Services },
): Promise<void> {}
