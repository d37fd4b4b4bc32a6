// OpenID Connect sign-in routes (docs/api.md "Single sign-on"). Thin: the browser's round trip
// (start, callback) answers redirects; the web app exchanges the one-time code for a session.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-body.js';
import type { RouteDeps } from '../../http/route-modules.js';
import { OIDC_CALLBACK_PATH } from './oidc.service.js';

const MINUTE = 60;
/** Holds the state the browser started with, for the callback only, for the provider's round trip. */
const STATE_COOKIE = 'evenly_oidc_state';
const STATE_COOKIE_SECONDS = 10 * 60;

const sessionResponseSchema = z
  .object({
    token: z.string(),
    type: z.literal('Bearer'),
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    expiresAt: z.string(),
    next: z
      .string()
      .nullable()
      .meta({ description: 'The invite path the sign-in started from, to go back to; or null' }),
  })
  .meta({
    example: {
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      type: 'Bearer',
      id: 1,
      name: 'Ann Smith',
      email: 'ann@example.com',
      expiresAt: '2026-12-06T10:00:00.000Z',
      next: null,
    },
  });

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** `path`: the callback's path as the browser sees it (under BASE_PATH). */
function stateCookie(value: string, maxAge: number, secure: boolean, path: string): string {
  // SameSite=Lax: sent on the provider's top-level redirect back, never on cross-site requests.
  return (
    `${STATE_COOKIE}=${encodeURIComponent(value)}; Path=${path}; Max-Age=${maxAge}; ` +
    `HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
  );
}

function ipRule(name: string, request: FastifyRequest) {
  return [{ key: `${name}:ip:${request.ip}`, limit: 30, windowSeconds: MINUTE }];
}

/** Public routes: no token needed (they are how one gets a token). */
export async function oidcRoutes(
  app: FastifyInstance,
  { services, config, rateLimiter }: RouteDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Accounts'];
  const oidc = services.oidc;
  const secure = config.appUrl.startsWith('https:');
  const cookiePath = `${config.basePath}${OIDC_CALLBACK_PATH}`;
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  r.get(
    '/api/auth/oidc/start',
    {
      schema: {
        tags,
        summary: 'Sign in with the OpenID Connect provider: redirects the browser there',
        description:
          'A browser navigation, not an API call: answers 302 to the provider (PKCE S256, state, ' +
          'nonce) and sets an httpOnly cookie holding the state for the callback. When the ' +
          'provider cannot be reached, 302 to `/login?oidc_error=OIDC_PROVIDER_UNAVAILABLE`. ' +
          '404 OIDC_NOT_CONFIGURED without OIDC_ISSUER.',
        security: [],
        querystring: z.object({
          next: z.string().max(300).optional().meta({
            description: 'An invite path (`/join/{token}`, `/add-friend/{token}`) to return to',
            example: '/join/Xr4kP9wQ2mZ7tB1vN8sL5cHd',
          }),
        }),
        response: errorResponses(400, 404, 429),
      },
      preValidation: (request) => rateLimiter.hit(ipRule('oidc-start', request)),
    },
    async (request, reply) => {
      const started = await oidc.start(request.query.next);
      noStore(reply);
      if (started.state !== null) {
        reply.header(
          'set-cookie',
          stateCookie(started.state, STATE_COOKIE_SECONDS, secure, cookiePath),
        );
      }
      return reply.redirect(started.redirect, 302);
    },
  );

  r.get(
    OIDC_CALLBACK_PATH,
    {
      schema: {
        tags,
        summary: "The provider's redirect back (the redirect URI to register with the provider)",
        description:
          'Checks the state against the cookie and the stored sign-in, exchanges the code (PKCE), ' +
          'checks the ID token and its nonce, then finds, links or creates the account. Answers ' +
          '302 to `/signin/oidc?code=…` (a one-time code for POST /api/auth/oidc/session), or to ' +
          '`/login?oidc_error=CODE` (OIDC_STATE_REFUSED, OIDC_CANCELLED, OIDC_FAILED, ' +
          'OIDC_PROVIDER_UNAVAILABLE, OIDC_NO_EMAIL, OIDC_EMAIL_UNVERIFIED, ' +
          'OIDC_REGISTRATION_CLOSED, OIDC_REGISTRATION_INVITE_ONLY).',
        security: [],
        querystring: z.looseObject({
          code: z.string().max(2000).optional(),
          state: z.string().max(500).optional(),
          iss: z.string().max(2000).optional(),
          error: z.string().max(200).optional(),
          error_description: z.string().max(2000).optional(),
        }),
        response: errorResponses(400, 404, 429),
      },
      preValidation: (request) => rateLimiter.hit(ipRule('oidc-callback', request)),
    },
    async (request, reply) => {
      const rawQuery = request.url.includes('?')
        ? request.url.slice(request.url.indexOf('?') + 1)
        : '';
      const redirect = await oidc.callback(
        request.query,
        rawQuery,
        cookieValue(request, STATE_COOKIE),
      );
      noStore(reply);
      reply.header('set-cookie', stateCookie('', 0, secure, cookiePath));
      return reply.redirect(redirect, 302);
    },
  );

  r.post(
    '/api/auth/oidc/session',
    {
      schema: {
        tags,
        summary: 'Exchange the one-time code of a finished sign-in for a bearer token',
        description:
          "The code comes from the callback's redirect to `/signin/oidc`; it works once, for " +
          'two minutes. 400 OIDC_CODE_INVALID otherwise.',
        security: [],
        body: z.object({
          code: z
            .string({ error: 'The sign-in code is missing.' })
            .min(1, { error: 'The sign-in code is missing.' })
            .max(200, { error: 'The sign-in code is not valid.' })
            .meta({ example: 'p0Ql9xYbJ3vN2mK8sT5wR1cD7fG4hE6a' }),
        }),
        response: { 200: sessionResponseSchema, ...errorResponses(400, 404, 413, 415, 429) },
      },
      preValidation: (request) => rateLimiter.hit(ipRule('oidc-session', request)),
    },
    async (request, reply) => {
      const session = await oidc.exchange(request.body.code);
      noStore(reply);
      return { ...session, expiresAt: session.expiresAt.toISOString() };
    },
  );
}
