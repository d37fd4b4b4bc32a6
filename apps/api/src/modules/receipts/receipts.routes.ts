// Routes of the receipts module (docs/api.md §4.9). Thin: validate, call the service, map the result.
// The receipt scan endpoint lives with its own team; only the signed file route is here.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-body.js';
import type { AppServices } from '../../composition/app-services.js';

/** Routes that need a bearer token (registered in the protected scope). */
export async function receiptsRoutes(
  _app: FastifyInstance,
  _opts: { services: AppServices },
): Promise<void> {}

/** Public routes (the signed link is the credential). */
export async function publicReceiptsRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/receipts/files/:key',
    {
      schema: {
        tags: ['Receipts'],
        summary: 'Open a receipt file through its signed, expiring link',
        security: [],
        params: z.object({ key: z.string() }),
        querystring: z.object({
          uid: z.string().optional(),
          exp: z.string().optional(),
          sig: z.string().optional(),
        }),
        response: {
          200: z.any().describe('The receipt file (local storage)'),
          302: z.null().describe('Redirect to a presigned object URL (S3 storage)'),
          ...errorResponses(403, 404),
        },
      },
    },
    async (request, reply) => {
      const result = await services.receipts.openFile({
        key: request.params.key,
        uid: request.query.uid,
        exp: request.query.exp,
        sig: request.query.sig,
      });
      if (result.kind === 'redirect') {
        return reply.code(302).header('location', result.url).send();
      }
      return reply
        .code(200)
        .header('content-type', result.contentType)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(Buffer.from(result.bytes));
    },
  );
}
