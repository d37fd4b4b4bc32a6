// The one place where errors become HTTP responses: every error, whatever raised it, leaves
// as the contract's JSON error body (§1.6). 5xx bodies never carry internals.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorCode, isConnectionError, rootMessage } from '../db/errors.js';
import { AppError, MESSAGE_DATABASE_DOWN, NotReadyError } from '../errors/app-errors.js';
import {
  buildErrorBody,
  GENERIC_CODES,
  GENERIC_MESSAGES,
  INTERNAL_MESSAGE,
} from '../http/error-body.js';

export const MSG_ONE_FILE = 'Please upload one file only.';

/** Fastify's own error codes that we answer with a contract error of our choosing. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Content-Type must be application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'The request body does not match its Content-Length.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Content-Type must be application/json.',
  },
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'The request URL is not valid.',
  },
  // A path parameter longer than the router's maxParamLength: no id or key is that long.
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'The request URL is not valid.',
  },
  FST_ERR_ASYNC_CONSTRAINT: {
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'The request is not valid.',
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The file is too large. The maximum size is 10 MB.',
  },
  FST_PARTS_LIMIT: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large.',
  },
  FST_FILES_LIMIT: {
    status: 400,
    code: 'VALIDATION_FAILED',
    message: MSG_ONE_FILE,
  },
  FST_FIELDS_LIMIT: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large.',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request as multipart/form-data.',
  },
  // A multipart field declared as application/json whose text is not JSON (406 upstream).
  FST_INVALID_JSON_FIELD_ERROR: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'A form field declared as JSON is not valid JSON.',
  },
};

export const MSG_MALFORMED_MULTIPART = 'The multipart body is malformed.';

/**
 * busboy (inside @fastify/multipart) reports a malformed multipart body with plain `Error`s that
 * carry no code: no boundary in the Content-Type, a body that ends before its closing boundary
 * (also what a boundary that does not match the body looks like), and a boundary too long for its
 * search buffer. They surface from `request.parts()` and from reading a file part, in whichever
 * route reads multipart, so they are recognised here by busboy's own messages.
 */
const MULTIPART_PARSE_ERRORS: readonly RegExp[] = [
  /^Multipart: Boundary not found$/,
  /^Unexpected end of multipart data$/,
  /^(Part|Preamble) terminated early due to unexpected end of multipart data$/,
  /^The needle cannot have a length bigger than 256\.$/,
];

export const MSG_BODY_CUT_SHORT = 'The request body ended before it was complete.';

function isMultipartParseError(error: FastifyError | Error): boolean {
  if ((error as FastifyError).code !== undefined) return false;
  return MULTIPART_PARSE_ERRORS.some((re) => re.test(error.message));
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  details?: { field: string; message: string }[],
): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(buildErrorBody(status, code, message, String(reply.request.id), details));
}

/** The client closed its connection while its body was being read (Node's "aborted"). */
function clientWentAway(error: Error, request: FastifyRequest): boolean {
  return (
    request.raw.readableAborted &&
    errorCode(error) === 'ECONNRESET' &&
    rootMessage(error) === 'aborted'
  );
}

function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  // Not the database's ECONNRESET: the client's. Nobody is left to read the answer.
  if (!(error instanceof AppError) && clientWentAway(error, request)) {
    request.log.info('the client closed the connection before its request body ended');
    return sendError(reply, 400, 'VALIDATION_FAILED', MSG_BODY_CUT_SHORT);
  }
  if (!(error instanceof AppError) && isConnectionError(error)) {
    // The database went away under this request (restart, failover, network): not a bug of
    // ours but a passing fault, so 503 with Retry-After rather than 500.
    request.log.warn(
      { code: errorCode(error), reason: rootMessage(error) },
      'database unreachable: answering 503',
    );
    error = new NotReadyError(MESSAGE_DATABASE_DOWN);
  }
  if (error instanceof AppError) {
    // 503s are passing conditions (database away, scanner busy), logged where they arise.
    if (error.status >= 500 && error.status !== 503) {
      request.log.error({ err: error }, 'request failed');
    }
    for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value);
    return sendError(reply, error.status, error.code, error.message, error.details);
  }

  const fastifyCode = (error as FastifyError).code;
  const known = fastifyCode === undefined ? undefined : FRAMEWORK_ERRORS[fastifyCode];
  if (known !== undefined) return sendError(reply, known.status, known.code, known.message);
  if (isMultipartParseError(error)) {
    request.log.info({ err: error }, 'malformed multipart body');
    return sendError(reply, 400, 'VALIDATION_FAILED', MSG_MALFORMED_MULTIPART);
  }

  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error from the framework');
    return sendError(
      reply,
      status,
      GENERIC_CODES[status] ?? 'VALIDATION_FAILED',
      GENERIC_MESSAGES[status] ?? 'The request is not valid.',
    );
  }

  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 500, 'INTERNAL', INTERNAL_MESSAGE);
}

/**
 * Fastify's `frameworkErrors` option: errors the router meets before any route or hook runs (a
 * URL that does not decode, an over-long path parameter). Without it Fastify answers with a body
 * of its own; with it they get the contract's body and the request id like every other error.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  void reply.header('X-Request-Id', request.id);
  return handleError(error, request, reply);
}

async function errorHandler(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(handleError);
}

export default fp(errorHandler, { name: 'error-handler' });
