// Routes of the admin area (issue #34 point 2), registered in the admin scope (app.ts): every one
// answers 401 without a valid token and 403 NOT_ADMIN to anyone who is not an administrator.
// Thin: validate, call a service, map the result.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@evenly/core';
import type { AppServices } from '../../composition/app-services.js';
import { limitSchema, nextPageHeaders } from '../../http/cursor.js';
import { errorResponses } from '../../http/error-body.js';
import {
  auditOut,
  auditSchema,
  deletePersonSchema,
  healthOut,
  healthSchema,
  instanceSchema,
  personOut,
  personSchema,
  registrationOut,
  registrationSchema,
  setRegistrationSchema,
  testMailSchema,
} from './admin-schemas.js';

const tags = ['Admin'];
const noBody = z.undefined().describe('No body');
const personParams = z.object({ id: pathIdSchema('User') });
const PEOPLE_MAX = 100;
const AUDIT_MAX = 100;

/** Errors every admin route may answer besides its own. */
const guarded = [401, 403] as const;

export async function adminRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const people = services.adminPeople;
  const instance = services.adminInstance;

  r.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Accounts, newest first, whose name or address contains `q` (paged, §1.9)',
        querystring: z.object({
          q: z.string().max(200, 'The search is too long.').optional(),
          limit: limitSchema(PEOPLE_MAX, 50),
          before: z.string().optional(),
        }),
        response: { 200: z.array(personSchema), ...errorResponses(400, ...guarded) },
      },
    },
    async (request, reply) => {
      const { q, limit, before } = request.query;
      const page = await people.list(q ?? '', limit, before);
      const next = nextPageHeaders('/api/admin/users', limit, page.nextCursor);
      // The next page's link keeps the search.
      if (next.link !== undefined && q !== undefined) {
        next.link = next.link.replace('?limit=', `?q=${encodeURIComponent(q)}&limit=`);
      }
      void reply.headers(next);
      return page.items.map(personOut);
    },
  );

  const personAction = (
    suffix: string,
    summary: string,
    run: (
      actor: Parameters<typeof people.disable>[0],
      id: number,
    ) => ReturnType<typeof people.disable>,
    conflicts: string,
  ): void => {
    r.post(
      `/api/admin/users/:id/${suffix}`,
      {
        schema: {
          tags,
          summary,
          description: conflicts,
          params: personParams,
          response: { 200: personSchema, ...errorResponses(400, ...guarded, 404, 409) },
        },
      },
      async (request) => personOut(await run(request.user, request.params.id)),
    );
  };
  personAction(
    'disable',
    'Disable an account: it cannot sign in and every session of it ends at once',
    (actor, id) => people.disable(actor, id),
    '409 SELF_ACTION for oneself, CONFIGURED_ADMIN for an ADMIN_EMAILS administrator.',
  );
  personAction(
    'enable',
    'Enable a disabled account again',
    (actor, id) => people.enable(actor, id),
    'Enabling an enabled account changes nothing.',
  );
  personAction(
    'resend-verification',
    'Send a new verification link to an unverified address',
    (actor, id) => people.resendVerification(actor, id),
    '409 ALREADY_VERIFIED when the address is verified.',
  );
  personAction(
    'make-admin',
    'Make the person an administrator',
    (actor, id) => people.makeAdmin(actor, id),
    'Making an administrator again changes nothing.',
  );
  personAction(
    'remove-admin',
    'Remove the administrator role given in the admin area',
    (actor, id) => people.removeAdmin(actor, id),
    '409 CONFIGURED_ADMIN for an ADMIN_EMAILS administrator, LAST_ADMIN for the last one removing themselves.',
  );

  r.delete(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Delete an account by the account-deletion rules (§B, DELETE /api/auth/me)',
        description:
          '409 OUTSTANDING_BALANCE unless confirmOutstanding, SELF_ACTION for oneself, CONFIGURED_ADMIN for an ADMIN_EMAILS administrator.',
        params: personParams,
        body: deletePersonSchema.optional(),
        response: { 204: noBody, ...errorResponses(400, ...guarded, 404, 409) },
      },
    },
    async (request, reply) => {
      await people.delete(
        request.user,
        request.params.id,
        request.body?.confirmOutstanding === true,
      );
      return reply.code(204).send(undefined);
    },
  );

  r.get(
    '/api/admin/settings/registration',
    {
      schema: {
        tags,
        summary: 'Who may create an account now, and the REGISTRATION default',
        response: { 200: registrationSchema, ...errorResponses(...guarded) },
      },
    },
    async () => registrationOut(await services.admin.registration()),
  );

  r.put(
    '/api/admin/settings/registration',
    {
      schema: {
        tags,
        summary: 'Set who may create an account (every process, from the next sign-up on)',
        body: setRegistrationSchema,
        response: { 200: registrationSchema, ...errorResponses(400, ...guarded, 413, 415) },
      },
    },
    async (request) =>
      registrationOut(await services.admin.setRegistration(request.user, request.body.value)),
  );

  r.get(
    '/api/admin/instance',
    {
      schema: {
        tags,
        summary: 'The instance: people, groups, expenses, database and receipt storage sizes',
        response: { 200: instanceSchema, ...errorResponses(...guarded) },
      },
    },
    async () => instance.figures(),
  );

  r.get(
    '/api/admin/health',
    {
      schema: {
        tags,
        summary: 'Job backlog, failed jobs, e-mails that failed, push failures (newest 50 each)',
        response: { 200: healthSchema, ...errorResponses(...guarded) },
      },
    },
    async () => healthOut(await instance.health()),
  );

  r.post(
    '/api/admin/jobs/:id/retry',
    {
      schema: {
        tags,
        summary: 'Run a failed job again (due now, attempts counted afresh)',
        params: z.object({ id: pathIdSchema('Job') }),
        response: { 204: noBody, ...errorResponses(400, ...guarded, 404) },
      },
    },
    async (request, reply) => {
      await instance.retryJob(request.user, request.params.id);
      return reply.code(204).send(undefined);
    },
  );

  r.post(
    '/api/admin/test-email',
    {
      schema: {
        tags,
        summary: "Send a test e-mail to the administrator's own address now",
        description: "200 either way: `sent` false with the mail server's answer in `error`.",
        response: { 200: testMailSchema, ...errorResponses(...guarded) },
      },
    },
    async (request) => instance.sendTestMail(request.user),
  );

  r.get(
    '/api/admin/backup',
    {
      schema: {
        tags,
        summary: 'Download a backup of the whole instance now (as `npm run backup` writes)',
        description:
          'A gzip stream (application/gzip) of the database and every receipt file, read in one snapshot; restore it with `npm run restore`.',
        response: {
          200: z.any().meta({ description: 'The backup file (application/gzip)' }),
          ...errorResponses(...guarded),
        },
      },
    },
    async (request, reply) => {
      await instance.noteBackup(request.user);
      const stamp = new Date().toISOString().slice(0, 10);
      const out = new PassThrough();
      instance.writeBackup(out).catch((error: unknown) => {
        request.log.error({ err: error }, 'backup download failed');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="evenly-${stamp}.evenly-backup.gz"`)
        .header('cache-control', 'no-store')
        .send(out);
    },
  );

  r.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log of admin actions, newest first (paged, §1.9)',
        querystring: z.object({
          limit: limitSchema(AUDIT_MAX, 50),
          before: z.string().optional(),
        }),
        response: { 200: z.array(auditSchema), ...errorResponses(400, ...guarded) },
      },
    },
    async (request, reply) => {
      const { limit, before } = request.query;
      const page = await services.admin.auditLog(limit, before);
      void reply.headers(nextPageHeaders('/api/admin/audit', limit, page.nextCursor));
      return page.items.map(auditOut);
    },
  );
}

/** The first account's claim: a protected route, since it is for someone not yet an admin. */
export async function adminClaimRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/auth/me/claim-admin',
    {
      schema: {
        tags,
        summary: 'Become the administrator of a new server (its only account, once ever)',
        description:
          '409 CLAIM_UNAVAILABLE when ADMIN_EMAILS names anyone, the server has another account or an administrator, or the claim was made before.',
        response: { 204: noBody, ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      await services.admin.claim(request.user);
      return reply.code(204).send(undefined);
    },
  );
}
