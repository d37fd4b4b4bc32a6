// The contract's error body (§1.6), as a zod schema for OpenAPI and a builder.
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';

export const errorBodySchema = z
  .object({
    status: z.number().int(),
    error: z.string(),
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Generic code per status, used when an error names no code of its own. */
export const GENERIC_CODES: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNREADABLE_RECEIPT',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  503: 'NOT_READY',
};

/** Human sentences for errors raised by the framework itself rather than by our code. */
export const GENERIC_MESSAGES: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Please log in to continue.',
  403: 'You are not allowed to do this.',
  404: 'Not found.',
  405: 'Not found.',
  406: 'The requested response format is not available.',
  408: 'The request took too long. Please try again.',
  409: 'The request conflicts with the current state.',
  411: 'The request needs a Content-Length header.',
  413: 'The request body is too large.',
  414: 'The request URL is too long.',
  415: 'Content-Type must be application/json.',
  431: 'The request headers are too large.',
  500: 'Something went wrong on our side. Please try again.',
  503: 'The service is not available right now. Please try again.',
};

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

export function buildErrorBody(
  status: number,
  code: string,
  message: string,
  requestId: string | undefined,
  details?: { field: string; message: string }[],
): ErrorBody {
  const body: ErrorBody = { status, error: reasonPhrase(status), code, message };
  if (details !== undefined && details.length > 0) body.details = details;
  if (requestId !== undefined) body.requestId = requestId;
  return body;
}

/** Standard error responses for route schemas: one entry per status a route can answer. */
export function errorResponses(...statuses: number[]): Record<number, typeof errorBodySchema> {
  const out: Record<number, typeof errorBodySchema> = {};
  for (const s of statuses) out[s] = errorBodySchema;
  return out;
}

/** An error response whose OpenAPI entry shows an example body (the route's own code and text). */
export function errorExample(status: number, code: string, message: string) {
  return errorBodySchema.meta({
    example: buildErrorBody(status, code, message, 'req-8f3a2c'),
  });
}
