// Account routes (docs/api.md §4.1). Thin: validate, rate-limit, call the service, map the result.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  emailOnlySchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from '@evenly/core';
import { SUPPORTED_LOCALES } from '@evenly/core';
import { requestLocale } from '../../i18n/index.js';
import { SESSION_ONLY } from '../../plugins/authentication.js';
import { errorResponses } from '../../http/error-body.js';
import { MAIL_TICKET_PATTERN, MAIL_TICKET_STATES } from '../../mail/mail-ticket.js';
import { sendMessage } from '../../http/message-response.js';
import type { RateLimiter, RateRule } from '../rate-limit/index.js';
import type { AuthService, LoginResult } from './auth.service.js';

const MINUTE = 60;

const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
const loginResponseSchema = z.object({
  token: z.string(),
  type: z.literal('Bearer'),
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
/** The invite path a verification link carries back to the first sign-in (issue #31 point 3). */
const nextField = z
  .string()
  .max(300)
  .optional()
  .meta({
    description:
      'The group invite link or friend link path the person came from (`/join/{token}` or ' +
      '`/add-friend/{token}`); the verification link carries it as `&next=` so that the first ' +
      'sign-in returns there. Any other value is ignored.',
    example: '/join/Xr4kP9wQ2mZ7tB1vN8sL5cHd',
  });

/** The response header carrying the mail ticket (see GET /api/auth/mail-status/{ticket}). */
const MAIL_TICKET_HEADER = 'Mail-Ticket';
const MAIL_TICKET_NOTE =
  ' The `Mail-Ticket` response header holds a ticket with which ' +
  "`GET /api/auth/mail-status/{ticket}` tells how the e-mail's delivery goes.";

const mailStatusSchema = z
  .object({
    state: z.enum(MAIL_TICKET_STATES).meta({
      description:
        '`pending`: not tried yet; `sent`: handed to the mail server; `retrying`: a try failed, ' +
        'the server tries again later; `failed`: every try failed, the server gave up.',
    }),
  })
  .meta({ example: { state: 'retrying' } });

const messageRoute = {
  200: z.string().describe('The sentence, as text/plain (or JSON {message}, §1.7)'),
};

function mapLogin(result: LoginResult): z.infer<typeof loginResponseSchema> {
  return { ...result, expiresAt: result.expiresAt.toISOString() };
}

/** The e-mail a request names, for per-(IP, e-mail) limits; read before validation. */
function rawEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : '';
}

function ipAndEmailRules(name: string, request: FastifyRequest): RateRule[] {
  return [
    {
      key: `${name}:ip-email:${request.ip}:${rawEmail(request)}`,
      limit: 10,
      windowSeconds: MINUTE,
    },
    { key: `${name}:ip:${request.ip}`, limit: 30, windowSeconds: MINUTE },
  ];
}

function ipRules(name: string, request: FastifyRequest): RateRule[] {
  return [{ key: `${name}:ip:${request.ip}`, limit: 30, windowSeconds: MINUTE }];
}

export interface AuthRoutesOptions {
  auth: AuthService;
  rateLimiter: RateLimiter;
}

/** Public account routes: no token needed. */
export async function publicAuthRoutes(
  app: FastifyInstance,
  { auth, rateLimiter }: AuthRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Accounts'];

  r.post(
    '/api/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account; a verification e-mail is sent',
        security: [],
        description:
          'Under REGISTRATION=invite, an `inviteToken` (a group invite link or friend link token) admits the sign-up; so does a pending invitation to the address. 403 REGISTRATION_INVITE_ONLY / REGISTRATION_CLOSED otherwise. 403 PASSWORD_SIGN_IN_OFF under OIDC_ONLY.' +
          MAIL_TICKET_NOTE +
          ' (No header when the server does not require e-mail verification.)',
        body: registerSchema.extend({
          inviteToken: z
            .string()
            .max(200)
            .optional()
            .meta({ description: 'A group invite link token or a friend link token' }),
          next: nextField,
          locale: z.enum(SUPPORTED_LOCALES).nullable().optional().meta({
            description:
              "The person's language (issue #32), stored as their account's language: the verification e-mail and every later e-mail and push are written in it. Absent or null: the best match of the Accept-Language header (stored too), English when the header names none of ours.",
            example: 'de',
          }),
        }),
        response: { 201: userSchema, ...errorResponses(400, 403, 409, 413, 415, 429) },
      },
      preValidation: (request) => rateLimiter.hit(ipAndEmailRules('register', request)),
    },
    async (request, reply) => {
      const locale = request.body.locale ?? requestLocale(request.headers['accept-language']);
      const { mailTicket, ...user } = await auth.register({ ...request.body, locale });
      if (mailTicket !== null) reply.header(MAIL_TICKET_HEADER, mailTicket);
      return reply.code(201).send({ ...user, createdAt: user.createdAt.toISOString() });
    },
  );

  r.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Exchange e-mail and password for a bearer token',
        description: '403 PASSWORD_SIGN_IN_OFF under OIDC_ONLY (sign in with the provider).',
        security: [],
        body: loginSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
      preValidation: (request) => rateLimiter.hit(ipAndEmailRules('login', request)),
    },
    async (request) => mapLogin(await auth.login(request.body)),
  );

  r.get(
    '/api/auth/verify',
    {
      schema: {
        tags,
        summary: 'Verify an e-mail address with the link token',
        security: [],
        querystring: z.object({ token: z.string().optional() }),
        response: { ...messageRoute, ...errorResponses(400, 429) },
      },
      preValidation: (request) => rateLimiter.hit(ipRules('verify', request)),
    },
    async (request, reply) =>
      sendMessage(request, reply, await auth.verifyEmail(request.query.token)),
  );

  r.post(
    '/api/auth/resend-verification',
    {
      schema: {
        tags,
        summary: 'Send a new verification e-mail (neutral answer)',
        description: `The same answer whether or not the address has an account.${MAIL_TICKET_NOTE}`,
        security: [],
        body: emailOnlySchema.extend({ next: nextField }),
        response: { ...messageRoute, ...errorResponses(400, 413, 415, 429) },
      },
      preValidation: (request) => rateLimiter.hit(ipAndEmailRules('resend', request)),
    },
    async (request, reply) => {
      const { message, mailTicket } = await auth.resendVerification({
        ...request.body,
        locale: requestLocale(request.headers['accept-language']),
      });
      return sendMessage(request, reply.header(MAIL_TICKET_HEADER, mailTicket), message);
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Send a password reset link (neutral answer)',
        description: `The same answer whether or not the address has an account. The e-mail is written in the account's language, or else the Accept-Language header's.${MAIL_TICKET_NOTE}`,
        security: [],
        body: emailOnlySchema,
        response: { ...messageRoute, ...errorResponses(400, 403, 413, 415, 429) },
      },
      preValidation: (request) => rateLimiter.hit(ipAndEmailRules('forgot', request)),
    },
    async (request, reply) => {
      const { message, mailTicket } = await auth.forgotPassword({
        ...request.body,
        locale: requestLocale(request.headers['accept-language']),
      });
      return sendMessage(request, reply.header(MAIL_TICKET_HEADER, mailTicket), message);
    },
  );

  r.get(
    '/api/auth/mail-status/:ticket',
    {
      schema: {
        tags,
        summary: 'How the e-mail of a mail ticket is doing',
        description:
          'The ticket comes in the `Mail-Ticket` header of register, resend-verification and ' +
          'forgot-password. A ticket reads the same whether or not its address has an account; ' +
          'one the server does not know (its mail went out long ago) reads `sent`.',
        security: [],
        params: z.object({
          ticket: z.string().regex(MAIL_TICKET_PATTERN, 'Invalid mail ticket.').meta({
            description: 'The ticket from the `Mail-Ticket` response header',
            example: 'q3Xv9TbN0wLk2mPz8RcY4hJd6sFa1GeU',
          }),
        }),
        response: { 200: mailStatusSchema, ...errorResponses(400, 429) },
      },
      // A page polls while it waits, backing off: a generous limit.
      preValidation: (request) =>
        rateLimiter.hit([
          { key: `mail-status:ip:${request.ip}`, limit: 60, windowSeconds: MINUTE },
        ]),
    },
    async (request) => ({ state: await auth.mailStatus(request.params.ticket) }),
  );

  r.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link token',
        security: [],
        body: resetPasswordSchema,
        response: { ...messageRoute, ...errorResponses(400, 403, 413, 415, 429) },
      },
      preValidation: (request) => rateLimiter.hit(ipRules('reset', request)),
    },
    async (request, reply) => sendMessage(request, reply, await auth.resetPassword(request.body)),
  );
}

/** Account routes for the signed-in user. */
export async function protectedAuthRoutes(
  app: FastifyInstance,
  { auth, rateLimiter }: AuthRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Accounts'];

  r.post(
    '/api/auth/change-password',
    {
      schema: {
        tags,
        summary: 'Change the password; every earlier token stops working',
        description: 'API tokens end too. Not with an API token (403 SESSION_REQUIRED).',
        security: SESSION_ONLY,
        body: changePasswordSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
      preValidation: (request) =>
        rateLimiter.hit([
          { key: `change-password:user:${request.user.id}`, limit: 30, windowSeconds: MINUTE },
        ]),
    },
    async (request) => mapLogin(await auth.changePassword(request.user.id, request.body)),
  );
}
