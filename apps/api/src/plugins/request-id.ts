// Request ids (contract §1.12): an incoming X-Request-Id of ≤ 64 safe characters is kept,
// otherwise one is generated; every response carries it and every log line names it.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && SAFE_ID.test(incoming)) return incoming;
  return `req-${randomBytes(6).toString('hex')}`;
}

async function requestId(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('X-Request-Id', request.id);
  });
}

export default fp(requestId, { name: 'request-id' });
