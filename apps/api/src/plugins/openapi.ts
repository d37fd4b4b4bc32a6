// OpenAPI 3.1 generated from the routes' zod schemas: /api/openapi.json and a docs UI at /api/docs.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_TOKEN_SCHEME, SESSION_SCHEME } from './authentication.js';

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;

/** The entries of `record` in code-unit order of their keys (the same in every locale). */
function byName<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/**
 * The document with its paths and component schemas in name order. Otherwise their order would
 * be the order in which modules happened to load and register routes (modules are found at
 * start, http/route-modules.ts), and the web app's committed types follow this document.
 */
function inNameOrder(document: OpenApiDocument): OpenApiDocument {
  const parts = document as {
    paths?: Record<string, unknown>;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = parts.components?.schemas;
  return {
    ...document,
    ...(parts.paths === undefined ? {} : { paths: byName(parts.paths) }),
    ...(schemas === undefined
      ? {}
      : { components: { ...parts.components, schemas: byName(schemas) } }),
  } as OpenApiDocument;
}

export interface OpenApiOptions {
  /** BASE_PATH ('' at the root): the docs page's links and the document's server carry it. */
  basePath: string;
}

async function openapi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  const { basePath } = options;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      // The paths are /api/...; under a prefix they live at {BASE_PATH}/api/...
      ...(basePath === '' ? {} : { servers: [{ url: basePath }] }),
      info: {
        title: 'Evenly API',
        version: '1.0.0',
        description:
          'Shared-expense tracker API. Amounts are JSON numbers in major units with at most 2 decimals; ' +
          'every error is a JSON body with status, error, code and message.',
      },
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'A session: the token from POST /api/auth/login (or change-password), e.g. `Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiJ9.…`. May do everything the signed-in person may.',
          },
          [API_TOKEN_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'evy_…',
            description:
              'A personal API token (POST /api/auth/tokens), e.g. `Authorization: Bearer evy_3q2-7wFhZk0x9N1u4aQb6YcR8tLm5pVsJdE2gHiKoWn`. A READ token may only GET and HEAD (403 TOKEN_READ_ONLY otherwise); no token may use the routes whose security lists only bearerAuth: managing API tokens, the password, the e-mail address, deleting the account (403 SESSION_REQUIRED).',
          },
        },
      },
      security: [{ [SESSION_SCHEME]: [] }, { [API_TOKEN_SCHEME]: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => inNameOrder(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The page links its files by absolute path: under BASE_PATH they need the prefix.
    ...(basePath === '' ? {} : { indexPrefix: basePath }),
    staticCSP: true,
    uiConfig: { deepLinking: true },
  });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, async () =>
    app.swagger(),
  );
}

export default fp(openapi, { name: 'openapi' });
