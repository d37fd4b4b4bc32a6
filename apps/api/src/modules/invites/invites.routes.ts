// Routes of a group's invite link (issue #12). Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asRecord, IssueCollector, pathIdSchema, schemaFromValidator } from '@evenly/core';
import type { Message, ValidationResult } from '@evenly/core';
import { errorResponses } from '../../http/error-body.js';
import { iso, userOut, userSchema } from '../../http/mappers.js';
import type { RateLimiter } from '../rate-limit/index.js';
import type { AppServices } from '../../composition/app-services.js';
import { groupMemberSchema, groupOut, groupSchema } from '../groups/index.js';
import { acceptSchema } from '../guests/index.js';
import { canonicalJson, idempotencyScope, sendOutcome } from '../idempotency/index.js';
import type { InviteLinkView } from './invite-link.service.js';

/** The API's own rule (no form sends it wrong), so not in a catalog: the English is the text. */
export const MSG_EXPIRES_IN_DAYS: Message = {
  id: 'invites.expiresInDays',
  message: 'expiresInDays must be a whole number of days from 1 to 365.',
};

function validateCreateLink(input: unknown): ValidationResult<{ expiresInDays: number | null }> {
  const body = asRecord(input);
  const c = new IssueCollector();
  const raw = body.expiresInDays;
  let days: number | null = null;
  if (raw !== undefined && raw !== null) {
    if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= 365) days = raw;
    else c.add(['expiresInDays'], MSG_EXPIRES_IN_DAYS);
  }
  return c.result(() => ({ expiresInDays: days }));
}

const createLinkSchema = schemaFromValidator(validateCreateLink);

export const inviteLinkSchema = z
  .object({
    token: z.string(),
    url: z.string().meta({ description: '{APP_URL}/join/{token}' }),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    createdBy: userSchema,
  })
  .meta({ id: 'InviteLink' });

function linkOut(l: InviteLinkView): z.infer<typeof inviteLinkSchema> {
  return {
    token: l.token,
    url: l.url,
    createdAt: iso(l.createdAt),
    expiresAt: l.expiresAt === null ? null : iso(l.expiresAt),
    createdBy: userOut(l.createdBy),
  };
}

const memberOut = (m: {
  id: number;
  name: string;
  email: string | null;
  guest: boolean;
  avatarUrl: string | null;
}) => ({
  ...userOut(m),
  guest: m.guest,
  avatarUrl: m.avatarUrl,
});

const invitePreviewSchema = z
  .object({
    group: z.object({
      id: z.number().int(),
      name: z.string(),
      coverEmoji: z.string().nullable(),
      coverColor: z.string().nullable(),
      members: z.array(groupMemberSchema),
    }),
    guests: z.array(groupMemberSchema),
    proposedGuestId: z
      .number()
      .int()
      .nullable()
      .meta({
        description:
          "The guest in `guests` added with the caller's verified address (probably the caller), " +
          'or null; the join page proposes it, the caller still confirms.',
        example: 42,
      }),
    invitedBy: userSchema,
    expiresAt: z.string().nullable(),
    alreadyMember: z.boolean(),
  })
  .meta({ id: 'InvitePreview' });

const tokenParams = z.object({ token: z.string() });
const groupParams = z.object({ id: pathIdSchema('Group') });
const noBody = z.undefined().describe('No body');

/** Routes that need a bearer token (registered in the protected scope). */
export async function invitesRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Invite links'];
  const links = services.inviteLinks;

  r.get(
    '/api/groups/:id/invite-link',
    {
      schema: {
        tags,
        summary: "The group's current invite link, or null (members only)",
        params: groupParams,
        response: {
          200: z.object({ inviteLink: inviteLinkSchema.nullable() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const link = await links.get(request.user.id, request.params.id);
      return { inviteLink: link === null ? null : linkOut(link) };
    },
  );

  r.post(
    '/api/groups/:id/invite-link',
    {
      schema: {
        tags,
        summary: 'A new invite link; the previous one stops working (members only)',
        description: 'Body { expiresInDays?: 1–365 | null }. Honours Idempotency-Key.',
        params: groupParams,
        body: createLinkSchema.optional(),
        response: { 201: inviteLinkSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const respond = (l: InviteLinkView) => linkOut(l);
      const days = request.body?.expiresInDays ?? null;
      const key = idempotencyScope(
        request,
        'POST /api/groups/{id}/invite-link',
        () => [String(request.params.id), canonicalJson({ expiresInDays: days })],
        201,
        respond,
      );
      const outcome = await links.create(request.user.id, request.params.id, days, key);
      return sendOutcome(reply, outcome, 201, respond);
    },
  );

  r.delete(
    '/api/groups/:id/invite-link',
    {
      schema: {
        tags,
        summary: "Revoke the group's invite link (members only)",
        params: groupParams,
        response: { 204: noBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await links.revoke(request.user.id, request.params.id);
      return reply.code(204).send(undefined);
    },
  );

  r.get(
    '/api/invites/:token',
    {
      schema: {
        tags,
        summary: 'What an invite link leads to: the group, its guests, who invited',
        description:
          '`guests` lists the guests the caller may claim: those added without an address, and ' +
          "those added with the caller's verified address. Until the caller is a member " +
          '(`alreadyMember`), every `email` in the preview is null: names, not addresses.',
        params: tokenParams,
        response: { 200: invitePreviewSchema, ...errorResponses(400, 401, 404, 410) },
      },
    },
    async (request) => {
      const p = await links.preview(request.user.id, request.params.token);
      return {
        group: { ...p.group, members: p.group.members.map(memberOut) },
        guests: p.guests.map(memberOut),
        proposedGuestId: p.proposedGuestId,
        invitedBy: userOut(p.invitedBy),
        expiresAt: p.expiresAt === null ? null : iso(p.expiresAt),
        alreadyMember: p.alreadyMember,
      };
    },
  );

  r.post(
    '/api/invites/:token/accept',
    {
      schema: {
        tags,
        summary: 'Join the group, or with claimGuestId claim one of its guests',
        description:
          'A guest added without an address may be claimed by anyone with the link; one added ' +
          'with an address only by the person whose verified address it is (else 403 ' +
          'NOT_YOUR_GUEST).',
        params: tokenParams,
        body: acceptSchema.optional(),
        response: { 200: groupSchema, ...errorResponses(400, 401, 403, 404, 410, 413, 415) },
      },
    },
    async (request) =>
      groupOut(
        await links.accept(
          request.user.id,
          request.params.token,
          request.body?.claimGuestId ?? null,
        ),
      ),
  );
}

/** The signed-out join page's view of a link (public, rate-limited per address). */
export async function publicInvitesRoutes(
  app: FastifyInstance,
  { services, rateLimiter }: { services: AppServices; rateLimiter: RateLimiter },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/invites/:token/public',
    {
      preValidation: (request) =>
        rateLimiter.hit([{ key: `invite:ip:${request.ip}`, limit: 30, windowSeconds: 60 }]),
      schema: {
        tags: ['Invite links'],
        summary: "An invite link's group and inviter names, for the signed-out join page",
        params: tokenParams,
        response: {
          200: z.object({ groupName: z.string(), invitedByName: z.string() }),
          ...errorResponses(400, 404, 410, 429),
        },
      },
    },
    async (request) => services.inviteLinks.publicPreview(request.params.token),
  );
}
