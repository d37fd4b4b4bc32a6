// Routes of the notification settings and the one-click unsubscribe (issue #11).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationSettingSchema, notificationSettingsUpdateSchema } from '@evenly/core';
import { z } from 'zod';
import { errorResponses } from '../../http/error-body.js';
import type { AppServices } from '../../composition/app-services.js';
import type { AppConfig } from '../../config/config.js';

const settingsListSchema = z.array(notificationSettingSchema).meta({
  example: [
    { kind: 'GROUP_ADDED', email: 'IMMEDIATE', push: true },
    { kind: 'EXPENSE', email: 'DIGEST', push: true },
    { kind: 'PAYMENT', email: 'DIGEST', push: true },
    { kind: 'COMMENT', email: 'DIGEST', push: true },
    { kind: 'FRIEND_REQUEST', email: 'IMMEDIATE', push: true },
    { kind: 'REMINDER', email: 'IMMEDIATE', push: true },
  ],
});

const unsubscribeQuery = z.object({
  token: z.string().optional().meta({ description: 'The token from the mail’s link' }),
});

const unsubscribedSchema = z
  .object({
    unsubscribed: z.string().meta({ example: 'COMMENT' }),
    message: z.string().meta({ example: 'E-mails for “Comments on my expenses” are now off.' }),
  })
  .meta({ id: 'Unsubscribed' });

/** Routes that need a bearer token. */
export async function notificationSettingsRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Notifications'];
  r.get(
    '/api/notification-settings',
    {
      schema: {
        tags,
        summary: 'The caller’s notification settings, every kind (defaults filled in)',
        response: { 200: settingsListSchema, ...errorResponses(401) },
      },
    },
    async (request) => services.notifications.settings(request.user.id),
  );
  r.put(
    '/api/notification-settings',
    {
      config: { arrayBody: true },
      schema: {
        tags,
        summary: 'Change some or all kinds; answers every kind',
        body: notificationSettingsUpdateSchema,
        response: { 200: settingsListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => services.notifications.updateSettings(request.user.id, request.body),
  );
}

/** The one-click unsubscribe: no sign-in, the signed token is the authority. */
export async function publicNotificationRoutes(
  app: FastifyInstance,
  { services, config }: { services: AppServices; config: Pick<AppConfig, 'basePath'> },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Notifications'];
  r.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: 'One-click unsubscribe (RFC 8058): turns the token’s e-mails off, no sign-in',
        description:
          'Mail clients POST `List-Unsubscribe=One-Click` (form-encoded) here; the body is ignored. An invalid or expired token is a 400.',
        querystring: unsubscribeQuery,
        response: { 200: unsubscribedSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const done = await services.notifications.unsubscribe(request.query.token);
      return { unsubscribed: done.scope, message: done.message };
    },
  );
  // RFC 8058 §3.2: a GET (a link checker, a preview) must not unsubscribe; a person who opens
  // the URL gets the page that explains it and asks for the click.
  r.get(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Sends a browser to the unsubscribe page (a GET never unsubscribes)',
        querystring: unsubscribeQuery,
      },
    },
    async (request, reply) =>
      // The web app's page, under the path prefix (BASE_PATH) when there is one.
      reply.redirect(
        `${config.basePath}/unsubscribe?token=${encodeURIComponent(request.query.token ?? '')}`,
        303,
      ),
  );
}
