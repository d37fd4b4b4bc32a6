// Routes of the friendships module (docs/api.md §4.2). Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { friendRequestSchema, pathIdSchema } from '@evenly/core';
import { errorResponses } from '../../http/error-body.js';
import type { AppServices } from '../../composition/app-services.js';
import { friendshipOut, friendshipSchema } from './friendship.mapper.js';

const noBody = z.undefined().describe('No body');
const idParams = z.object({ id: pathIdSchema('Friendship') });

/** Routes that need a bearer token (registered in the protected scope). */
export async function friendshipsRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Friendships'];
  const friendships = services.friendships;

  r.get(
    '/api/friendships/friends',
    {
      schema: {
        tags,
        summary: 'Accepted friends with the balance with each',
        response: { 200: z.array(friendshipSchema), ...errorResponses(401) },
      },
    },
    async (request) => (await friendships.friends(request.user.id)).map(friendshipOut),
  );

  r.get(
    '/api/friendships/requests/incoming',
    {
      schema: {
        tags,
        summary: 'Pending friend requests sent to the caller, newest first',
        response: { 200: z.array(friendshipSchema), ...errorResponses(401) },
      },
    },
    async (request) => (await friendships.pending(request.user.id, 'INCOMING')).map(friendshipOut),
  );

  r.get(
    '/api/friendships/requests/outgoing',
    {
      schema: {
        tags,
        summary: 'Pending friend requests sent by the caller, newest first',
        response: { 200: z.array(friendshipSchema), ...errorResponses(401) },
      },
    },
    async (request) => (await friendships.pending(request.user.id, 'OUTGOING')).map(friendshipOut),
  );

  r.post(
    '/api/friendships/requests',
    {
      schema: {
        tags,
        summary:
          'Send a friend request (201), accept theirs (201), or invite an unknown address (202)',
        body: friendRequestSchema,
        response: {
          201: friendshipSchema,
          202: noBody.describe('Invitation e-mail sent; no body'),
          ...errorResponses(400, 401, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const result = await friendships.request(request.user.id, request.body);
      if (result.kind === 'invited') return reply.code(202).send(undefined);
      return reply.code(201).send(friendshipOut(result.friendship));
    },
  );

  r.put(
    '/api/friendships/requests/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accept a friend request (recipient only)',
        params: idParams,
        response: { 200: friendshipSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => friendshipOut(await friendships.accept(request.user.id, request.params.id)),
  );

  r.put(
    '/api/friendships/requests/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a friend request (recipient only); the request is deleted',
        params: idParams,
        response: { 204: noBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await friendships.reject(request.user.id, request.params.id);
      return reply.code(204).send(undefined);
    },
  );

  r.delete(
    '/api/friendships/:id',
    {
      schema: {
        tags,
        summary: 'Cancel or decline a request, or remove a friend (no outstanding balance)',
        params: idParams,
        response: { 204: noBody, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await friendships.remove(request.user.id, request.params.id);
      return reply.code(204).send(undefined);
    },
  );
}
