// POST /api/reminders (issue #11): remind someone who owes the caller.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reminderRequestSchema } from '@evenly/core';
import { z } from 'zod';
import { errorResponses } from '../../http/error-body.js';
import { money, userSchema } from '../../http/mappers.js';
import type { AppServices } from '../../composition/app-services.js';

const reminderSchema = z
  .object({
    user: userSchema,
    groupId: z.number().int().nullable(),
    amount: z.number().meta({ description: 'What they owe the caller', example: 42.5 }),
    currency: z.string().meta({ example: 'EUR' }),
  })
  .meta({
    id: 'Reminder',
    example: {
      user: { id: 12, name: 'Ann', email: 'ann@example.com' },
      groupId: 7,
      amount: 42.5,
      currency: 'EUR',
    },
  });

export async function remindersRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/reminders',
    {
      schema: {
        tags: ['Notifications'],
        summary: 'Remind someone who owes you (in a group, or overall); once a day per person',
        description:
          'Notifies them by their REMINDER settings (e-mail, push) and in the app. 400 when they owe the caller nothing; 429 with Retry-After after one reminder to the same person that day (UTC). A retry of a request that went through answers 429, so no Idempotency-Key is needed.',
        body: reminderRequestSchema,
        response: { 201: reminderSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const sent = await services.reminders.remind(request.user.id, {
        userId: request.body.userId,
        groupId: request.body.groupId ?? null,
      });
      void reply.code(201);
      return {
        user: sent.user,
        groupId: sent.groupId,
        amount: money(sent.amountCents, sent.currency),
        currency: sent.currency,
      };
    },
  );
}
