// Bearer-token authentication for protected routes. Registered as an onRequest hook on the
// protected scope, so a route is protected unless it is deliberately placed outside it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { MESSAGE_BAD_TOKEN, MESSAGE_NO_TOKEN, UnauthenticatedError } from '../errors/app-errors.js';
import type { JwtService } from '../modules/auth/jwt.js';
import { findUserById } from '../modules/auth/users.repository.js';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
}

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

export function createAuthenticate(db: Db, jwt: JwtService) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (token === undefined) throw new UnauthenticatedError(MESSAGE_NO_TOKEN);
    const user = await userForToken(db, jwt, token);
    if (user === null) throw new UnauthenticatedError(MESSAGE_BAD_TOKEN);
    request.user = user;
  };
}

/** The user a token belongs to, or null when the token is bad, expired or superseded. */
export async function userForToken(
  db: Db,
  jwt: JwtService,
  token: string,
): Promise<AuthUser | null> {
  if (token === '' || token.length > 4096) return null;
  const claims = await jwt.verify(token);
  if (claims === null) return null;
  const row = await findUserById(db, claims.userId);
  if (row === undefined || row.tokenVersion !== claims.tokenVersion) return null;
  return { id: row.id, name: row.name, email: row.email };
}
