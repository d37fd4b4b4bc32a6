// Routes of the friend-link module (API plan §B). Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-body.js';
import { userSchema } from '../../http/mappers.js';
import type { AppServices } from '../../composition/app-services.js';
import { friendshipOut, friendshipSchema } from '../friendships/index.js';

const friendLinkSchema = z.object({ token: z.string(), url: z.string() }).meta({
  id: 'FriendLink',
  example: {
    token: 'q3Jx9v2LmN0pR4sT6uW8yZa1',
    url: 'https://evenly.example.com/add-friend/q3Jx9v2LmN0pR4sT6uW8yZa1',
  },
});

const previewSchema = z
  .object({
    user: userSchema.extend({ avatarUrl: z.string().nullable() }),
    self: z.boolean(),
    alreadyFriends: z.boolean(),
  })
  .meta({ id: 'FriendLinkPreview' });

const tokenParams = z.object({
  token: z.string().max(200).describe('The friend link token'),
});

/** Routes that need a bearer token (registered in the protected scope). */
export async function friendLinksRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Friendships'];
  const links = services.friendLinks;

  r.get(
    '/api/friend-link',
    {
      schema: {
        tags,
        summary: 'The caller\u2019s "add me as a friend" link (made on the first call)',
        response: { 200: friendLinkSchema, ...errorResponses(401) },
      },
    },
    async (request) => links.current(request.user.id),
  );

  r.post(
    '/api/friend-link',
    {
      schema: {
        tags,
        summary: 'A new friend link; the old one stops working',
        response: { 201: friendLinkSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => reply.code(201).send(await links.replace(request.user.id)),
  );

  r.get(
    '/api/friend-link/:token',
    {
      schema: {
        tags,
        summary: 'Whose friend link this is',
        params: tokenParams,
        response: { 200: previewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => links.preview(request.user.id, request.params.token),
  );

  r.post(
    '/api/friend-link/:token/accept',
    {
      schema: {
        tags,
        summary: 'Become friends with the link\u2019s owner (201; 200 when already friends)',
        params: tokenParams,
        response: {
          200: friendshipSchema,
          201: friendshipSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const result = await links.accept(request.user.id, request.params.token);
      return reply.code(result.created ? 201 : 200).send(friendshipOut(result.friendship));
    },
  );
}
