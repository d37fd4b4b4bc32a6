// Request body parsing per docs/api.md §1.1 and §1.8:
// - application/json: malformed or not UTF-8 → 400 INVALID_JSON; an empty body is "no body",
//   not an error.
// - any other type: consumed and ignored; routes that expect a JSON body answer 415.
// - routes with a body schema see `{}` for an absent body, so each field gets its own message;
//   a body that is JSON but not an object (null, an array, a number…) is a 400.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  InvalidJsonError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../errors/app-errors.js';
import { decodeUtf8, isJsonObject, MSG_BODY_NOT_OBJECT, parseJson } from '../http/json-body.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** True when the body had a Content-Type no parser understands. */
    unsupportedBody: boolean;
  }
  interface FastifyContextConfig {
    /** Routes that parse their own body (multipart) skip the JSON-only checks. */
    rawBody?: boolean;
    /** Routes whose JSON body is an array (PUT /notification-settings) rather than an object. */
    arrayBody?: boolean;
  }
}

export const JSON_BODY_LIMIT = 1024 * 1024;

async function bodyParsers(app: FastifyInstance): Promise<void> {
  app.decorateRequest('unsupportedBody', false);
  app.removeContentTypeParser(['application/json', 'text/plain']);

  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT },
    (_request, body, done) => {
      // parseAs 'buffer' always gives a Buffer; the type allows a string for parseAs 'string'.
      const text = typeof body === 'string' ? body : decodeUtf8(body);
      if (text === null) {
        done(new InvalidJsonError(), undefined);
        return;
      }
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      try {
        done(null, parseJson(text));
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
    // `undefined` is an absent or empty body; a literal `null` was sent and is not an object.
    if (request.body === undefined) request.body = {};
    else if (request.routeOptions.config.arrayBody === true && Array.isArray(request.body)) return;
    else if (!isJsonObject(request.body)) throw new ValidationError(MSG_BODY_NOT_OBJECT);
  });
}

export default fp(bodyParsers, { name: 'body-parsers' });
