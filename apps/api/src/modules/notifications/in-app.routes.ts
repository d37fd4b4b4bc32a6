// Routes of in-app notifications (issue #11): the caller's list, unread count, marking read.
// Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitSchema, nextPageHeaders } from '../../http/cursor.js';
import { errorResponses } from '../../http/error-body.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ActivityRow } from '../activity/index.js';
import { activityItemSchema, activityOut } from '../activity/index.js';
import {
  MARK_READ_MAX_IDS,
  NOTIFICATIONS_DEFAULT_LIMIT,
  NOTIFICATIONS_MAX_LIMIT,
} from './in-app.service.js';

const tags = ['Notifications'];
const noBody = z.undefined().describe('No body');

export const notificationSchema = activityItemSchema
  .extend({
    type: z.string().meta({
      description:
        'An activity type (§4.8) or a notification-only kind: `friend_request` (no group, ' +
        'ids null, description "{actor} sent you a friend request"), `reminder`.',
    }),
    read: z.boolean().meta({ description: 'Whether the caller has read it.' }),
  })
  .meta({
    id: 'Notification',
    example: {
      id: 901,
      type: 'expense_added',
      createdAt: '2026-11-20T18:04:05.123Z',
      actor: { id: 1, name: 'Ann', email: 'ann@example.com' },
      groupId: 7,
      group: { id: 7, name: 'Lisbon trip' },
      expenseId: 42,
      paymentId: null,
      commentId: null,
      description: 'Dinner',
      amount: 90,
      currency: 'USD',
      myShare: -30,
      category: 'dining_out',
      read: false,
    },
  });

function notificationOut(row: ActivityRow): z.infer<typeof notificationSchema> {
  return { ...activityOut(row), read: row.read };
}

const unreadSchema = z
  .object({
    count: z.number().int().meta({ description: 'Unread notifications, at most 1000.' }),
  })
  .meta({ id: 'UnreadNotifications', example: { count: 3 } });

const idSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const markReadSchema = z
  .object({
    ids: z
      .array(idSchema)
      .min(1, 'Choose the notifications to mark as read.')
      .max(MARK_READ_MAX_IDS, `At most ${MARK_READ_MAX_IDS} notifications at a time.`),
  })
  .meta({ id: 'MarkNotificationsRead', example: { ids: [901, 899] } });

/** Routes that need a bearer token (registered in the protected scope). */
export async function inAppNotificationRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'The caller’s notifications (other people’s actions), newest first (paged, §1.9)',
        querystring: z.object({
          limit: limitSchema(NOTIFICATIONS_MAX_LIMIT, NOTIFICATIONS_DEFAULT_LIMIT),
          before: z.string().optional(),
        }),
        response: { 200: z.array(notificationSchema), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { limit, before } = request.query;
      const page = await services.inbox.list(request.user.id, limit, before);
      void reply.headers(nextPageHeaders('/api/notifications', limit, page.nextCursor));
      return page.items.map(notificationOut);
    },
  );

  r.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags,
        summary: 'How many of the caller’s notifications are unread (at most 1000)',
        response: { 200: unreadSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ count: await services.inbox.unreadCount(request.user.id) }),
  );

  r.post(
    '/api/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark notifications read (ids that are not the caller’s are ignored)',
        body: markReadSchema,
        response: { 204: noBody, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      await services.inbox.markRead(request.user.id, request.body.ids);
      return reply.code(204).send(undefined);
    },
  );

  r.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark every notification of the caller read',
        response: { 204: noBody, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await services.inbox.markAllRead(request.user.id);
      return reply.code(204).send(undefined);
    },
  );
}
