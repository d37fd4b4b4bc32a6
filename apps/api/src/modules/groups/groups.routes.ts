// Routes of the groups module (docs/api.md §4.3). Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addMembersSchema, groupCreateSchema, groupPatchSchema, pathIdSchema } from '@evenly/core';
import { errorResponses } from '../../http/error-body.js';
import { money, userOut } from '../../http/mappers.js';
import type { AppServices } from '../../composition/app-services.js';
import { canonicalJson, idempotencyScope, sendOutcome } from '../idempotency/index.js';
import {
  groupOut,
  groupDetailSchema,
  groupSchema,
  myGroupOut,
  myGroupSchema,
  suggestionSchema,
} from './group.mapper.js';

const noBody = z.undefined().describe('No body');
const groupParams = z.object({ id: pathIdSchema('Group') });
const memberParams = z.object({ id: pathIdSchema('Group'), userId: pathIdSchema('User') });

/** Routes that need a bearer token (registered in the protected scope). */
export async function groupsRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Groups'];
  const groups = services.groups;

  r.post(
    '/api/groups',
    {
      schema: {
        tags,
        summary: 'Create a group; the caller is its creator and first member',
        description:
          'Honours `Idempotency-Key` (§1.10) like POST /expenses: a create sent again under the same key (its answer was lost) replays the stored answer and creates no second group. Example: { "name": "Lisbon trip" } with `Idempotency-Key: 6b1d0c2e-…`.',
        body: groupCreateSchema,
        response: { 201: groupSchema, ...errorResponses(400, 401, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const key = idempotencyScope(
        request,
        'POST /api/groups',
        () => [canonicalJson(request.body)],
        201,
        groupOut,
      );
      const outcome = await groups.create(request.user.id, request.body, key);
      return sendOutcome(reply, outcome, 201, groupOut);
    },
  );

  r.get(
    '/api/groups/my',
    {
      schema: {
        tags,
        summary: "The caller's current groups, newest activity first, with the caller's balance",
        response: { 200: z.array(myGroupSchema), ...errorResponses(401) },
      },
    },
    async (request) => (await groups.listMine(request.user.id)).map(myGroupOut),
  );

  r.get(
    '/api/groups/:id',
    {
      schema: {
        tags,
        summary: 'One group (members only), and whether everyone in it is settled',
        params: groupParams,
        response: { 200: groupDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { group, everyoneSettled } = await groups.detail(request.user.id, request.params.id);
      return { ...groupOut(group), everyoneSettled };
    },
  );

  r.patch(
    '/api/groups/:id',
    {
      schema: {
        tags,
        summary: 'Rename or change settings (members only)',
        params: groupParams,
        body: groupPatchSchema,
        response: { 200: groupSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) =>
      groupOut(await groups.patch(request.user.id, request.params.id, request.body)),
  );

  r.post(
    '/api/groups/:id/members',
    {
      schema: {
        tags,
        summary: 'Add friends by id or e-mail, or invite an unknown address (202)',
        params: groupParams,
        body: addMembersSchema,
        response: {
          200: groupSchema,
          202: noBody.describe('Invitation e-mail sent; no body'),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const result = await groups.addMembers(request.user.id, request.params.id, request.body);
      if (result.kind === 'invited') return reply.code(202).send(undefined);
      return reply.code(200).send(groupOut(result.group));
    },
  );

  r.delete(
    '/api/groups/:id/members/:userId',
    {
      schema: {
        tags,
        summary: 'Leave the group, or remove a member (creator only); must be settled',
        params: memberParams,
        response: { 200: groupSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      groupOut(
        await groups.removeMember(request.user.id, request.params.id, request.params.userId),
      ),
  );

  r.delete(
    '/api/groups/:id',
    {
      schema: {
        tags,
        summary: 'Delete the group with its expenses and payments (creator only, all settled)',
        params: groupParams,
        response: { 204: noBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await groups.delete(request.user.id, request.params.id);
      return reply.code(204).send(undefined);
    },
  );

  r.get(
    '/api/groups/:id/settle-suggestions',
    {
      schema: {
        tags,
        summary: 'The debt-simplification plan of the group (members only)',
        params: groupParams,
        response: { 200: z.array(suggestionSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      (await groups.settleSuggestions(request.user.id, request.params.id)).map((s) => ({
        from: userOut(s.from),
        to: userOut(s.to),
        amount: money(s.amountCents, s.currency),
        currency: s.currency,
      })),
  );
}
