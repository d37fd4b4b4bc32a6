// Bearer-token authentication for protected routes. Registered as an onRequest hook on the
// protected scope, so a route is protected unless it is deliberately placed outside it.
//
// The one home of what a personal API token may do (issue #34 point 4): a READ token only GET
// and HEAD; no token, READ or READ_WRITE, a route whose OpenAPI security is `SESSION_ONLY`
// (managing API tokens, the password, the e-mail address, deleting the account), so a leaked
// token cannot make itself more tokens or take the account over.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MESSAGE_BAD_TOKEN,
  MESSAGE_NO_TOKEN,
  SessionRequiredError,
  TokenReadOnlyError,
  UnauthenticatedError,
} from '../errors/app-errors.js';
import type { AuthUser, Authentication } from '../modules/auth/auth-user.js';
import type { Authenticator } from '../modules/auth/authenticator.js';

export type { AuthUser, Authentication };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every protected route. */
    user: AuthUser;
    /** How the request signed in (session or API token, with its scope); every protected route. */
    auth: Authentication;
  }
}

/** OpenAPI security scheme names (plugins/openapi.ts). */
export const SESSION_SCHEME = 'bearerAuth';
export const API_TOKEN_SCHEME = 'apiToken';

/** Route `schema.security` of a route only a session may use: API tokens get a 403. */
export const SESSION_ONLY: Record<string, string[]>[] = [{ [SESSION_SCHEME]: [] }];

const READ_METHODS = new Set(['GET', 'HEAD']);

/** Extracts the token from `Authorization: Bearer <token>`; undefined when absent. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

/** Whether the route's declared security leaves API tokens out. */
function sessionOnly(request: FastifyRequest): boolean {
  const security = request.routeOptions.schema?.security;
  return security !== undefined && !security.some((s) => API_TOKEN_SCHEME in s);
}

/** 403 when an API token may not make this request. */
function checkTokenRights(request: FastifyRequest, auth: Authentication): void {
  if (auth.kind !== 'token') return;
  if (sessionOnly(request)) throw new SessionRequiredError();
  if (auth.scope === 'READ' && !READ_METHODS.has(request.method)) throw new TokenReadOnlyError();
}

export function createAuthenticate(authenticator: Authenticator) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (token === undefined) throw new UnauthenticatedError(MESSAGE_NO_TOKEN);
    const auth = await authenticator.authenticate(token);
    if (auth === null) throw new UnauthenticatedError(MESSAGE_BAD_TOKEN);
    checkTokenRights(request, auth);
    request.user = auth.user;
    request.auth = auth;
  };
}
