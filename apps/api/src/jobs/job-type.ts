// What a kind of job is: its name in the `jobs` table and the shape of its payload. Services
// enqueue with the type (the payload is type-checked); the handler is registered separately
// (job-registry.ts), so code that only enqueues does not depend on what the job needs to run.
import type { z } from 'zod';

export interface JobType<P> {
  /** Stored in `jobs.kind`; unique among job types, stable across releases. */
  readonly kind: string;
  /** Checks a payload read back from the database (it may come from an older release). */
  readonly payload: z.ZodType<P>;
  /** Attempts before the job is given up; the worker's default when absent. */
  readonly maxAttempts?: number;
}

export function defineJob<P>(
  kind: string,
  payload: z.ZodType<P>,
  options: { maxAttempts?: number } = {},
): JobType<P> {
  return { kind, payload, ...options };
}

/** Thrown by a handler (or for an unreadable payload) when retrying cannot help. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/**
 * Whether retrying cannot help: a {@link PermanentJobError}, or an error from a layer that does
 * not know the job queue saying so itself with `permanent: true` (the mailer's SmtpFailure when
 * the server refused the recipient for good).
 */
export function isPermanentJobError(error: unknown): boolean {
  if (error instanceof PermanentJobError) return true;
  return error instanceof Error && (error as { permanent?: unknown }).permanent === true;
}
