// Routes of the events module (docs/api.md §4.10): tickets, and the text/event-stream itself.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-body.js';
import { iso } from '../../http/mappers.js';
import { bearerToken } from '../../plugins/authentication.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ChangeEvent, StreamSink } from './event-hub.js';

export const PING_INTERVAL_MS = 25_000;

/** Last-Event-ID as a feed position; anything else is treated as absent. */
function readLastEventId(raw: string | string[] | undefined): number | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !/^[0-9]{1,15}$/.test(value)) return null;
  return Number(value);
}
/** A client that stops reading is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Routes that need a bearer token (registered in the protected scope). */
export async function eventsRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/events/ticket',
    {
      schema: {
        tags: ['Events'],
        summary:
          'A 60-second ticket for opening the event stream (EventSource cannot send headers)',
        response: {
          201: z.object({ ticket: z.string(), expiresAt: z.string() }),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      const t = await services.events.issueTicket(request.user.id);
      return reply.code(201).send({ ticket: t.ticket, expiresAt: iso(t.expiresAt) });
    },
  );
}

/** Public routes: the stream authenticates with a ticket or a bearer token itself. */
export async function publicEventsRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    services.events.endStreams();
  });

  r.get(
    '/api/events',
    {
      schema: {
        tags: ['Events'],
        summary: 'Server-sent change events for the signed-in user (ticket or bearer token)',
        description:
          'Each event carries its position in the change feed as its SSE `id`. A client that ' +
          'reconnects with `Last-Event-ID` (header, or the `lastEventId` query parameter for a ' +
          'new EventSource) first gets the changes it missed; when that cannot be done exactly ' +
          '(too far behind, or older than the 24 hours the server keeps) it gets an ' +
          '`event: reset` and must refetch what it shows.',
        security: [{ bearerAuth: [] }, {}],
        querystring: z.object({
          ticket: z.string().optional(),
          lastEventId: z.string().optional(),
        }),
        response: {
          200: z.string().describe('text/event-stream: `event: change` with JSON data'),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      const user = await services.events.authenticateStream(
        request.query.ticket,
        bearerToken(request),
      );
      const hub = services.events;
      const lastEventId = readLastEventId(
        request.headers['last-event-id'] ?? request.query.lastEventId,
      );
      const res = reply.raw;
      reply.hijack();
      let open = true;
      let ping: NodeJS.Timeout | null = null;
      let unsubscribe: (() => void) | null = null;
      const finish = () => {
        if (!open) return;
        open = false;
        if (ping !== null) clearInterval(ping);
        unsubscribe?.();
        if (!res.writableEnded) res.end();
      };
      const write = (chunk: string) => {
        if (!open) return;
        if (res.writableLength > MAX_BUFFERED_BYTES) {
          request.log.warn('event stream client is not reading; closing it');
          finish();
          res.destroy();
          return;
        }
        res.write(chunk);
      };
      const sink: StreamSink = {
        send: (event: ChangeEvent) =>
          write(
            `id: ${event.pos}\nevent: change\ndata: ${JSON.stringify({
              entity: event.entity,
              action: event.action,
              id: event.id,
              groupId: event.groupId,
              at: event.at,
            })}\n\n`,
          ),
        reset: () => write(`id: ${hub.position}\nevent: reset\ndata: {}\n\n`),
        end: finish,
      };
      res.on('close', finish);
      res.on('error', finish);

      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      const stop = await hub.subscribe(user.id, sink, lastEventId);
      if (open) unsubscribe = stop;
      else stop();
      ping = setInterval(() => write(': ping\n\n'), PING_INTERVAL_MS);
      ping.unref();
    },
  );
}
