// Routes of the guests module (issue #12): people without accounts in a group, claiming them and
// merging them into a member. Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@evenly/core';
import { errorResponses } from '../../http/error-body.js';
import { money, userOut, userSchema } from '../../http/mappers.js';
import type { AppServices } from '../../composition/app-services.js';
import type { GroupView } from '../groups/index.js';
import { groupOut, groupSchema } from '../groups/index.js';
import { canonicalJson, idempotencyScope, sendOutcome } from '../idempotency/index.js';
import { claimSchema, guestCreateSchema, guestPatchSchema, mergeSchema } from './guest-request.js';

export const groupCoverSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  coverEmoji: z.string().nullable(),
  coverColor: z.string().nullable(),
});

const claimableSchema = z
  .object({
    guest: userSchema,
    group: groupCoverSchema,
    addedBy: userSchema.nullable(),
    balance: z.object({
      net: z.number().meta({ description: "The guest's group net; + = others owe them." }),
      currency: z.string(),
    }),
  })
  .meta({ id: 'ClaimableGuest' });

/** Routes that need a bearer token (registered in the protected scope). */
export async function guestsRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Guests'];

  r.post(
    '/api/groups/:id/guests',
    {
      schema: {
        tags,
        summary: 'Add a person without an account by name (members only)',
        description:
          "Body { name, email? }. An accepted friend's address adds that friend as an ordinary member instead. Honours Idempotency-Key.",
        params: z.object({ id: pathIdSchema('Group') }),
        body: guestCreateSchema,
        response: { 201: groupSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const respond = (g: GroupView) => groupOut(g);
      const key = idempotencyScope(
        request,
        'POST /api/groups/{id}/guests',
        () => [String(request.params.id), canonicalJson(request.body)],
        201,
        respond,
      );
      const outcome = await services.guests.add(
        request.user.id,
        request.params.id,
        request.body,
        key,
      );
      return sendOutcome(reply, outcome, 201, respond);
    },
  );

  r.patch(
    '/api/groups/:id/guests/:userId',
    {
      schema: {
        tags,
        summary: 'Rename a guest or change their address (members only)',
        params: z.object({ id: pathIdSchema('Group'), userId: pathIdSchema('User') }),
        body: guestPatchSchema,
        response: { 200: groupSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) =>
      groupOut(
        await services.guests.patch(
          request.user.id,
          request.params.id,
          request.params.userId,
          request.body,
        ),
      ),
  );

  r.post(
    '/api/groups/:id/guests/:guestId/merge',
    {
      schema: {
        tags,
        summary: 'Merge a guest into a member: their entries and balances become the member’s',
        params: z.object({ id: pathIdSchema('Group'), guestId: pathIdSchema('User') }),
        body: mergeSchema,
        response: { 200: groupSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) =>
      groupOut(
        await services.guests.merge(
          request.user.id,
          request.params.id,
          request.params.guestId,
          request.body.intoUserId,
        ),
      ),
  );

  r.get(
    '/api/guests/claimable',
    {
      schema: {
        tags,
        summary: "Unclaimed guests added with the caller's verified address",
        response: { 200: z.array(claimableSchema), ...errorResponses(401) },
      },
    },
    async (request) =>
      (await services.guests.claimable(request.user.id)).map((c) => ({
        guest: userOut(c.guest),
        group: c.group,
        addedBy: c.addedBy === null ? null : userOut(c.addedBy),
        balance: {
          net: money(c.balance.netCents, c.balance.currency),
          currency: c.balance.currency,
        },
      })),
  );

  r.post(
    '/api/guests/:guestId/claim',
    {
      schema: {
        tags,
        summary: 'Claim a guest: become a member and take over their entries and balances',
        description:
          "Allowed with the caller's verified address being the guest's, or, for a guest added without an address, with `inviteToken`, a live invite link of the guest's group.",
        params: z.object({ guestId: pathIdSchema('User') }),
        body: claimSchema.optional(),
        response: { 200: groupSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) =>
      groupOut(
        await services.guests.claim(
          request.user.id,
          request.params.guestId,
          request.body?.inviteToken ?? null,
        ),
      ),
  );
}
