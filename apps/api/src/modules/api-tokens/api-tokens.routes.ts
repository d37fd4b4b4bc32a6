// Routes of personal API tokens (issue #34 point 4, docs/api.md §4.1). Thin: validate, call the
// service, map the rows. Every route is SESSION_ONLY: a token cannot manage tokens.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@evenly/core';
import { errorResponses } from '../../http/error-body.js';
import { iso } from '../../http/mappers.js';
import { SESSION_ONLY } from '../../plugins/authentication.js';
import type { AppServices } from '../../composition/app-services.js';
import { canonicalJson, idempotencyScope, sendOutcome } from '../idempotency/index.js';
import type { ApiTokenRow } from './api-tokens.repository.js';
import type { CreatedToken } from './api-token.service.js';
import { MAX_TOKEN_NAME_LENGTH, MAX_TOKENS_PER_PERSON } from './api-token.service.js';

const tags = ['API tokens'];
const noBody = z.undefined().describe('No body');

const example = {
  id: 7,
  name: 'Monthly export script',
  scope: 'READ' as const,
  hint: 'evy_3q2-',
  createdAt: '2026-11-29T10:15:00.000Z',
  expiresAt: '2027-02-27T10:15:00.000Z',
  lastUsedAt: '2026-11-29T11:02:41.318Z',
};

const scopeSchema = z.enum(['READ', 'READ_WRITE']).meta({
  description:
    'READ: GET and HEAD only (anything else is 403 TOKEN_READ_ONLY). READ_WRITE: what the person may do, except managing API tokens, the password, the e-mail address or deleting the account (403 SESSION_REQUIRED).',
});

const apiTokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scope: scopeSchema,
    hint: z.string().meta({ description: 'The token’s first characters, to tell tokens apart.' }),
    createdAt: z.string(),
    expiresAt: z.string().nullable().meta({ description: 'Null: never expires.' }),
    lastUsedAt: z.string().nullable().meta({
      description: 'Last request made with it (recorded at most about once a minute); null: never.',
    }),
  })
  .meta({ id: 'ApiToken', example });

const createdApiTokenSchema = apiTokenSchema
  .extend({
    token: z.string().nullable().meta({
      description:
        'The secret, shown this once: send it as `Authorization: Bearer <token>`. Only its hash is kept, so a replayed answer (same Idempotency-Key) has null here: revoke that token and make another.',
    }),
  })
  .meta({
    id: 'CreatedApiToken',
    example: {
      ...example,
      lastUsedAt: null,
      token: 'evy_3q2-7wFhZk0x9N1u4aQb6YcR8tLm5pVsJdE2gHiKoWn',
    },
  });

const createBodySchema = z
  .object({
    name: z.string().meta({ description: `1–${String(MAX_TOKEN_NAME_LENGTH)} characters.` }),
    scope: scopeSchema,
    expiresAt: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'ISO 8601 date and time in the future; null or absent: never.' }),
  })
  .meta({
    id: 'ApiTokenRequest',
    example: {
      name: 'Monthly export script',
      scope: 'READ',
      expiresAt: '2027-02-27T10:15:00.000Z',
    },
  });

function tokenOut(row: ApiTokenRow): z.infer<typeof apiTokenSchema> {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    createdAt: iso(row.createdAt),
    expiresAt: row.expiresAt === null ? null : iso(row.expiresAt),
    lastUsedAt: row.lastUsedAt === null ? null : iso(row.lastUsedAt),
  };
}

/** The answer to the creating request: the only place the secret ever appears. */
const createdOut = (made: CreatedToken) => ({ ...tokenOut(made.row), token: made.token });
/** The answer kept for an Idempotency-Key replay: everything but the secret. */
const storedOut = (made: CreatedToken) => ({ ...tokenOut(made.row), token: null });

/** Routes that need a bearer token (registered in the protected scope); sessions only. */
export async function apiTokensRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/auth/tokens',
    {
      schema: {
        tags,
        summary: 'My personal API tokens, oldest first',
        description: `At most ${String(MAX_TOKENS_PER_PERSON)}, so not paged. Never the secrets. Not with an API token (403 SESSION_REQUIRED).`,
        security: SESSION_ONLY,
        response: { 200: z.array(apiTokenSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => (await services.apiTokens.list(request.user.id)).map(tokenOut),
  );

  r.post(
    '/api/auth/tokens',
    {
      schema: {
        tags,
        summary: 'Make a personal API token; the secret is in this answer only',
        description: `Name 1–${String(MAX_TOKEN_NAME_LENGTH)} characters, READ or READ_WRITE, an optional expiry; at most ${String(MAX_TOKENS_PER_PERSON)} tokens (400). Honours \`Idempotency-Key\` (§1.10), but a replay cannot show the secret again (\`token\` is null). Changing or resetting the password ends every API token. Not with an API token (403 SESSION_REQUIRED).`,
        security: SESSION_ONLY,
        body: createBodySchema,
        response: {
          201: createdApiTokenSchema,
          ...errorResponses(400, 401, 403, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const key = idempotencyScope(
        request,
        'POST /api/auth/tokens',
        () => [canonicalJson(request.body)],
        201,
        storedOut,
      );
      const outcome = await services.apiTokens.create(request.user.id, request.body, key);
      return sendOutcome(reply, outcome, 201, createdOut);
    },
  );

  r.delete(
    '/api/auth/tokens/:id',
    {
      schema: {
        tags,
        summary: 'Revoke one of my API tokens; it stops working at once',
        description:
          'In every server process, from the next request on. 404 for a token that is not the caller’s. Not with an API token (403 SESSION_REQUIRED).',
        security: SESSION_ONLY,
        params: z.object({ id: pathIdSchema('API token') }),
        response: { 204: noBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await services.apiTokens.revoke(request.user.id, request.params.id);
      return reply.code(204).send(undefined);
    },
  );
}
