// When a failed job runs again: exponential backoff with a cap, plus up to 20 % random spread so
// that jobs failing together (a mail server down) do not all come back at the same moment.

export interface BackoffOptions {
  /** Delay after the first failed attempt. */
  baseMs: number;
  /** Upper bound of the delay before the spread. */
  maxMs: number;
}

/** Delay before the attempt after failed attempt number `attempt` (1-based). */
export function retryDelayMs(
  attempt: number,
  { baseMs, maxMs }: BackoffOptions,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (1 + 0.2 * random()));
}

/** Keeps an error message short enough for a log line and the `last_error` column. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}
