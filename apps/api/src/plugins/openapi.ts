// OpenAPI 3.1 generated from the routes' zod schemas: /api/openapi.json and a docs UI at /api/docs.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

async function openapi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Evenly API',
        version: '1.0.0',
        description:
          'Shared-expense tracker API. Amounts are JSON numbers in major units with at most 2 decimals; ' +
          'every error is a JSON body with status, error, code and message.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { deepLinking: true },
  });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, async () =>
    app.swagger(),
  );
}

export default fp(openapi, { name: 'openapi' });
