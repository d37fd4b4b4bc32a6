// Routes of the profile module (API plan §B): Me, name, picture, e-mail change, account deletion,
// the public picture route, the public e-mail confirmation and the public server configuration.
// Thin: validate, call the service, map the result.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  emailField,
  messageText,
  pathIdSchema,
  SUPPORTED_LOCALES,
} from '@evenly/core';
import { UnsupportedMediaTypeError, ValidationError } from '../../errors/app-errors.js';
import { errorResponses } from '../../http/error-body.js';
import { sendMessage } from '../../http/message-response.js';
import { SESSION_ONLY } from '../../plugins/authentication.js';
import { MSG_ONE_FILE } from '../../plugins/error-handler.js';
import type { RateLimiter } from '../rate-limit/index.js';
import type { AppServices } from '../../composition/app-services.js';
import type { AppConfig } from '../../config/config.js';
import { AVATAR_CONTENT_TYPE, MAX_AVATAR_BYTES } from './avatar-image.js';
import type { MeView, UploadedPicture } from './profile.service.js';

const MINUTE = 60;

export const meSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    createdAt: z.string(),
    emailVerified: z.boolean(),
    homeCurrency: z.string().nullable().meta({
      description:
        'Preferred currency: balance summaries add an approximate total in it (latest cached rates).',
    }),
    locale: z.enum(SUPPORTED_LOCALES).nullable().meta({
      description:
        'The language of the app, e-mails and push notifications; null = follow the browser (Accept-Language).',
    }),
    timeZone: z.string().nullable().meta({
      description:
        'IANA time zone (the web app sets it from the browser; editable): the daily digest goes out at 08:00 in it. null = UTC.',
    }),
    avatarUrl: z.string().nullable().meta({
      description: 'Signed link of the profile picture (256×256 WebP); null = initials.',
    }),
    pendingEmail: z.string().nullable().meta({
      description: 'The new address of a change waiting for its confirmation link; null = none.',
    }),
    isAdmin: z.boolean().meta({
      description: 'An administrator of this server (ADMIN_EMAILS or made one): the admin area.',
    }),
    canClaimAdmin: z.boolean().meta({
      description:
        'The only account of a new server without an administrator: POST /api/auth/me/claim-admin.',
    }),
  })
  .meta({
    id: 'Me',
    example: {
      id: 1,
      name: 'Ann',
      email: 'ann@example.com',
      createdAt: '2026-01-01T10:00:00.000Z',
      emailVerified: true,
      homeCurrency: null,
      locale: 'de',
      timeZone: 'Europe/Berlin',
      avatarUrl: '/api/users/1/avatar?v=1&sig=AbCdEfGhIjKlMnOpQrStUv',
      pendingEmail: null,
      isAdmin: false,
      canClaimAdmin: false,
    },
  });
type MeOut = z.infer<typeof meSchema>;

export function meOut(me: MeView): MeOut {
  return { ...me, createdAt: me.createdAt.toISOString() };
}

const messageRoute = {
  200: z.string().describe('The sentence, as text/plain (or JSON {message}, §1.7)'),
};

const changeEmailSchema = z
  .object({
    newEmail: emailField(AUTH_MESSAGES.emailInvalid),
    currentPassword: z
      .string({ error: messageText(AUTH_MESSAGES.currentPasswordRequired) })
      .min(1, { error: messageText(AUTH_MESSAGES.currentPasswordRequired) })
      .max(1000, { error: messageText(AUTH_MESSAGES.passwordTooLong) }),
  })
  .meta({
    id: 'ChangeEmailRequest',
    example: { newEmail: 'ann@example.org', currentPassword: 'secret123' },
  });

const deleteAccountSchema = z
  .object({
    password: z
      .string({ error: messageText(AUTH_MESSAGES.currentPasswordRequired) })
      .min(1, { error: messageText(AUTH_MESSAGES.currentPasswordRequired) })
      .max(1000, { error: messageText(AUTH_MESSAGES.passwordTooLong) }),
    confirmOutstanding: z.boolean().optional(),
  })
  .meta({ id: 'DeleteAccountRequest', example: { password: 'secret123' } });

const PARTS_OPTIONS = {
  throwFileSizeLimit: false,
  limits: { fileSize: MAX_AVATAR_BYTES, files: 1 },
} as unknown as Parameters<FastifyRequest['parts']>[0];

/** The `file` part of a multipart body (other fields are ignored); null when there is none. */
async function readPicture(request: FastifyRequest): Promise<UploadedPicture | null> {
  if (!request.isMultipart()) {
    throw new UnsupportedMediaTypeError('Send the picture as multipart/form-data.');
  }
  let picture: UploadedPicture | null = null;
  let files = 0;
  for await (const part of request.parts(PARTS_OPTIONS)) {
    if (part.type !== 'file') continue;
    files += 1;
    if (files > 1) throw new ValidationError(MSG_ONE_FILE);
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.fieldname === 'file') {
      picture = { bytes: Buffer.concat(chunks), truncated: part.file.truncated };
    }
  }
  return picture;
}

export interface ProfileRoutesOptions {
  services: AppServices;
  rateLimiter: RateLimiter;
}

/** Routes for the signed-in user (registered in the protected scope). */
export async function profileRoutes(
  app: FastifyInstance,
  { services, rateLimiter }: ProfileRoutesOptions,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Accounts'];
  const profile = services.profile;

  r.get(
    '/api/auth/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: meSchema, ...errorResponses(401) },
      },
    },
    async (request) => meOut(await profile.me(request.user.id)),
  );

  r.patch(
    '/api/auth/me',
    {
      schema: {
        tags,
        summary: "Change the signed-in user's name or settings",
        description:
          'Request: any of { "name": "Ann" (1–100 characters), "homeCurrency": "EUR" (an ISO 4217 code, or null to clear), "locale": "de" (one of en, de, fr, es, it, pt-BR, nl, pl, tr, ja, zh-CN, ar, or null to follow the browser), "timeZone": "Europe/Berlin" (an IANA name, or null for UTC) }. 200 → Me.',
        body: z
          .unknown()
          .describe(
            '{ name?: string, homeCurrency?: string | null, locale?: string | null, timeZone?: string | null }',
          ),
        response: { 200: meSchema, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) => meOut(await profile.update(request.user.id, request.body)),
  );

  r.post(
    '/api/auth/change-email',
    {
      schema: {
        tags,
        summary: 'Ask to change the sign-in address; a confirmation link goes to the new one',
        description: 'Not with an API token (403 SESSION_REQUIRED).',
        security: SESSION_ONLY,
        body: changeEmailSchema,
        response: {
          202: z.string().describe('The sentence, as text/plain (or JSON {message}, §1.7)'),
          ...errorResponses(400, 401, 403, 409, 413, 415, 429),
        },
      },
      preValidation: (request) =>
        rateLimiter.hit([
          { key: `change-email:user:${request.user.id}`, limit: 10, windowSeconds: MINUTE },
        ]),
    },
    async (request, reply) =>
      sendMessage(
        request,
        reply,
        await profile.requestEmailChange(request.user.id, request.body),
        202,
      ),
  );

  r.put(
    '/api/auth/me/avatar',
    {
      config: { rawBody: true },
      schema: {
        tags,
        summary: 'Upload a profile picture (multipart/form-data, file part `file`)',
        description:
          'JPEG, PNG, WebP, HEIC/HEIF or GIF up to 5 MB; stored as a 256×256 WebP. 200 → Me.',
        response: { 200: meSchema, ...errorResponses(400, 401, 413, 415, 429, 503) },
      },
      preValidation: (request) =>
        rateLimiter.hit([
          { key: `avatar:user:${request.user.id}`, limit: 20, windowSeconds: MINUTE },
        ]),
    },
    async (request) => meOut(await profile.setPicture(request.user.id, await readPicture(request))),
  );

  r.delete(
    '/api/auth/me/avatar',
    {
      schema: {
        tags,
        summary: 'Remove the profile picture (initials again)',
        response: { 200: meSchema, ...errorResponses(401) },
      },
    },
    async (request) => meOut(await profile.removePicture(request.user.id)),
  );

  r.delete(
    '/api/auth/me',
    {
      schema: {
        tags,
        summary: 'Delete the account; shared history stays under "Deleted user"',
        description:
          '409 OUTSTANDING_BALANCE while balances are outstanding, unless `confirmOutstanding` is true. Not with an API token (403 SESSION_REQUIRED).',
        security: SESSION_ONLY,
        body: deleteAccountSchema,
        response: {
          204: z.undefined().describe('No body'),
          ...errorResponses(400, 401, 403, 409, 413, 415, 429),
        },
      },
      preValidation: (request) =>
        rateLimiter.hit([
          { key: `delete-account:user:${request.user.id}`, limit: 10, windowSeconds: MINUTE },
        ]),
    },
    async (request, reply) => {
      await services.accountDeletion.delete(request.user.id, request.body);
      return reply.code(204).send(undefined);
    },
  );
}

/** Public routes: the picture link (its signature is the credential), confirm-email, config. */
export async function publicProfileRoutes(
  app: FastifyInstance,
  { services, rateLimiter, config }: ProfileRoutesOptions & { config: AppConfig },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users/:id/avatar',
    {
      config: { public: true },
      schema: {
        tags: ['Accounts'],
        summary: 'A profile picture through its signed link',
        security: [],
        params: z.object({ id: pathIdSchema('User') }),
        querystring: z.object({ v: z.string().optional(), sig: z.string().optional() }),
        response: {
          200: z.any().describe('The picture (image/webp)'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const bytes = await services.profile.picture(
        request.params.id,
        request.query.v,
        request.query.sig,
      );
      return reply
        .code(200)
        .header('content-type', AVATAR_CONTENT_TYPE)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(bytes);
    },
  );

  r.post(
    '/api/auth/confirm-email',
    {
      config: { public: true },
      schema: {
        tags: ['Accounts'],
        summary: 'Confirm a change of e-mail address with the link token',
        security: [],
        body: z.object({
          token: z
            .string({ error: 'The confirmation link is invalid or has expired.' })
            .max(200, { error: 'The confirmation link is invalid or has expired.' }),
        }),
        response: { ...messageRoute, ...errorResponses(400, 409, 413, 415, 429) },
      },
      preValidation: (request) =>
        rateLimiter.hit([
          { key: `confirm-email:ip:${request.ip}`, limit: 30, windowSeconds: MINUTE },
        ]),
    },
    async (request, reply) =>
      sendMessage(request, reply, await services.profile.confirmEmailChange(request.body.token)),
  );

  r.get(
    '/api/config',
    {
      config: { public: true },
      schema: {
        tags: ['Server'],
        summary: "The server's public settings: sign-up policy, sign-in methods, support address",
        security: [],
        response: {
          200: z
            .object({
              registration: z.enum(['open', 'invite', 'closed']),
              supportUrl: z.string().nullable(),
              oidc: z
                .object({ name: z.string() })
                .nullable()
                .meta({
                  description:
                    'Sign-in with an OpenID Connect provider (OIDC_ISSUER): the button says ' +
                    '"Sign in with {name}" and opens GET /api/auth/oidc/start; null = none',
                }),
              passwordSignIn: z.boolean().meta({
                description: 'False under OIDC_ONLY: no password sign-in, sign-up or reset',
              }),
            })
            .meta({
              id: 'ServerConfig',
              example: {
                registration: 'open',
                supportUrl: 'mailto:help@example.com',
                oidc: { name: 'Keycloak' },
                passwordSignIn: true,
              },
            }),
        },
      },
    },
    async () => ({
      // The mode an administrator chose at run time, else REGISTRATION (modules/admin).
      registration: await services.admin.registrationPolicy(),
      supportUrl: config.supportUrl,
      oidc: config.oidc === null ? null : { name: config.oidc.name },
      passwordSignIn: config.oidc?.only !== true,
    }),
  );
}
