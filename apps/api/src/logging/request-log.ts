// On a terminal, one line per answered request (`GET /api/groups 200 12 ms`) instead of
// Fastify's two JSON objects per request. The query string is left out: it can carry tokens.
import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Polled by load balancers and start scripts, and static files: only at debug level. */
function isBackground(pathname: string): boolean {
  return !pathname.startsWith('/api/') || pathname === '/api/health' || pathname === '/api/ready';
}

export class TerminalRequestLog extends LogController {
  override incomingRequest(): void {
    // The completed line says it all.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const pathname = request.url.split('?', 1)[0] ?? request.url;
    const line = `${request.method} ${pathname} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) request.log.error({ err: error }, line);
    else if (isBackground(pathname)) request.log.debug(line);
    else request.log.info(line);
  }
}
