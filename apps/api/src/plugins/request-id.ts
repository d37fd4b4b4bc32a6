// Request ids (docs/api.md §1.12): an incoming X-Request-Id of ≤ 64 safe characters is kept,
// otherwise one is generated; every response carries it and every log line names it.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Generated ids (`req-` + 12 hex digits): 6 drawn at random once per process, then a 6-digit
 * counter (16.7 million ids before it wraps), so ids differ across processes without drawing
 * random bytes on every request.
 */
const PROCESS_PREFIX = `req-${randomBytes(3).toString('hex')}`;
const COUNTER_SPAN = 0x1000000;
let counter = randomBytes(3).readUIntBE(0, 3);

export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && SAFE_ID.test(incoming)) return incoming;
  counter = (counter + 1) % COUNTER_SPAN;
  return PROCESS_PREFIX + counter.toString(16).padStart(6, '0');
}

async function requestId(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id);
    done();
  });
}

export default fp(requestId, { name: 'request-id' });
