// Routes of the comments module (docs/api.md §4.6). Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathIdSchema } from '@evenly/core';
import { z } from 'zod';
import { errorResponses } from '../../http/error-body.js';
import { iso, userOut, userSchema } from '../../http/mappers.js';
import type { AppServices } from '../../composition/app-services.js';
import { canonicalJson, idempotencyScope, sendOutcome } from '../idempotency/index.js';
import type { CommentView } from './comments.repository.js';

const commentSchema = z
  .object({
    id: z.number().int(),
    content: z.string(),
    createdAt: z.string(),
    author: userSchema,
    expenseId: z.number().int(),
  })
  .meta({ id: 'Comment' });

function commentOut(c: CommentView): z.infer<typeof commentSchema> {
  return {
    id: c.id,
    content: c.content,
    createdAt: iso(c.createdAt),
    author: userOut(c.author),
    expenseId: c.expenseId,
  };
}

/** Routes that need a bearer token (registered in the protected scope). */
export async function commentsRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Comments'];
  const expenseParams = z.object({ id: pathIdSchema('Expense') });

  r.get(
    '/api/expenses/:id/comments',
    {
      schema: {
        tags,
        summary: 'Comments of an expense, oldest first',
        params: expenseParams,
        response: { 200: z.array(commentSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      (await services.comments.list(request.user.id, request.params.id)).map(commentOut),
  );

  r.post(
    '/api/expenses/:id/comments',
    {
      schema: {
        tags,
        summary: 'Add a comment to an expense',
        description:
          'Honours `Idempotency-Key` (§1.10) like POST /expenses: a comment sent again under the same key (its answer was lost, e.g. written offline and sent when back online) replays the stored answer and adds nothing. Example: { "content": "Thanks!" } with `Idempotency-Key: 3f0c9a52-…`.',
        params: expenseParams,
        body: z.unknown().describe('{ content: string (1–2000) }'),
        response: { 201: commentSchema, ...errorResponses(400, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const key = idempotencyScope(
        request,
        `POST /api/expenses/${String(id)}/comments`,
        () => [canonicalJson(request.body ?? null)],
        201,
        commentOut,
      );
      const outcome = await services.comments.add(request.user.id, id, request.body, key);
      return sendOutcome(reply, outcome, 201, commentOut);
    },
  );

  r.delete(
    '/api/comments/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of your comments',
        params: z.object({ id: pathIdSchema('Comment') }),
        response: { 204: z.null(), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      await services.comments.remove(request.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
