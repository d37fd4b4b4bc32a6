// The four message responses (docs/api.md §1.7): text/plain by default and whenever Accept
// lists text/plain or */*; JSON `{ message }` only when Accept asks for JSON and nothing else.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export const messageBodySchema = z.object({ message: z.string() });

export function wantsJsonMessage(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const types = accept.split(',').map((part) => (part.split(';')[0] ?? '').trim().toLowerCase());
  return (
    types.includes('application/json') && !types.includes('text/plain') && !types.includes('*/*')
  );
}

export function sendMessage(
  request: FastifyRequest,
  reply: FastifyReply,
  sentence: string,
  status: 200 | 202 = 200,
) {
  if (wantsJsonMessage(request.headers.accept)) {
    return reply
      .code(status)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ message: sentence }));
  }
  return reply.code(status).type('text/plain; charset=utf-8').send(sentence);
}
