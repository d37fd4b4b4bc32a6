// The administrator check of the admin route scope (app.ts): an onRequest hook that runs after
// the bearer-token hook of the enclosing protected scope, so an anonymous call is a 401 and a
// signed-in person who is not an administrator gets 403 NOT_ADMIN, before any validation.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from './authentication.js';
import { NotAdminError } from '../modules/admin/admin-errors.js';

export function createRequireAdmin(isAdmin: (user: AuthUser) => Promise<boolean>) {
  return async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (!(await isAdmin(request.user))) throw new NotAdminError();
  };
}
