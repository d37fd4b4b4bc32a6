// Request validation with zod: our own validator compiler, so that every failure becomes a
// ValidationError whose message is the first problem and whose details list all of them.
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import type { ErrorDetail } from '../errors/app-errors.js';
import { ValidationError } from '../errors/app-errors.js';

/** ['payers', 1, 'amountPaid'] → 'payers[1].amountPaid' */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

export function zodErrorToValidationError(error: z.ZodError): ValidationError {
  const details: ErrorDetail[] = error.issues.map((issue) => ({
    field: fieldPath(issue.path),
    // A body of the wrong shape as a whole (an array, a string) has no field to blame.
    message:
      issue.path.length === 0 && issue.code === 'invalid_type'
        ? 'The request body must be a JSON object.'
        : issue.message,
  }));
  const first = details[0]?.message ?? 'The request is not valid.';
  return new ValidationError(first, details);
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: zodErrorToValidationError(result.error) };
  };
