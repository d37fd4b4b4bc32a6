// Request body parsing per contract §1.1 and §1.8:
// - application/json: malformed → 400 INVALID_JSON; an empty body is "no body", not an error.
// - any other type: consumed and ignored; routes that expect a JSON body answer 415.
// - routes with a body schema see `{}` for an absent body, so each field gets its own message.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { InvalidJsonError, UnsupportedMediaTypeError } from '../errors/app-errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** True when the body had a Content-Type no parser understands. */
    unsupportedBody: boolean;
  }
  interface FastifyContextConfig {
    /** Routes that parse their own body (multipart) skip the JSON-only checks. */
    rawBody?: boolean;
  }
}

export const JSON_BODY_LIMIT = 1024 * 1024;

async function bodyParsers(app: FastifyInstance): Promise<void> {
  app.decorateRequest('unsupportedBody', false);
  app.removeContentTypeParser(['application/json', 'text/plain']);

  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      try {
        // PostgreSQL text cannot hold NUL characters; they carry no meaning in any field.
        done(
          null,
          JSON.parse(text, (_key, value: unknown) =>
            typeof value === 'string' && value.includes('\u0000')
              ? value.replaceAll('\u0000', '')
              : value,
          ) as unknown,
        );
      } catch {
        done(new InvalidJsonError(), undefined);
      }
    },
  );

  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT },
    (request, body, done) => {
      request.unsupportedBody = body.length > 0 || request.headers['content-type'] !== undefined;
      done(null, undefined);
    },
  );

  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    if (schema?.body === undefined || request.routeOptions.config.rawBody === true) return;
    if (request.unsupportedBody || request.isMultipart()) throw new UnsupportedMediaTypeError();
    if (request.body === undefined || request.body === null) request.body = {};
  });
}

export default fp(bodyParsers, { name: 'body-parsers' });
