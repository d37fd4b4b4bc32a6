// Bearer-token authentication for protected routes. Registered as an onRequest hook on the
// protected scope, so a route is protected unless it is deliberately placed outside it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGE_BAD_TOKEN, MESSAGE_NO_TOKEN, UnauthenticatedError } from '../errors/app-errors.js';
import type { AuthUser } from '../modules/auth/auth-user.js';
import type { Authenticator } from '../modules/auth/authenticator.js';

export type { AuthUser };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every protected route. */
    user: AuthUser;
  }
}

/** Extracts the token from `Authorization: Bearer <token>`; undefined when absent. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

export function createAuthenticate(authenticator: Authenticator) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (token === undefined) throw new UnauthenticatedError(MESSAGE_NO_TOKEN);
    const user = await authenticator.userForToken(token);
    if (user === null) throw new UnauthenticatedError(MESSAGE_BAD_TOKEN);
    request.user = user;
  };
}
