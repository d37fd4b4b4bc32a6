import { describe, expect, it } from 'vitest';
import { isConnectionError, isRetryableTransactionError, rootMessage } from './errors.js';

/** What PGlite rejects with once its backend has called exit() (emscripten's ExitStatus). */
function exitStatus(status: number): object {
  return { name: 'ExitStatus', message: `Program terminated with exit(${status})`, status };
}

describe('what a database error means', () => {
  it('treats a stopped embedded backend as the database being unreachable (503)', () => {
    expect(isConnectionError(exitStatus(1))).toBe(true);
    // drizzle wraps it with the query
    expect(isConnectionError(new Error('Failed query: select 1', { cause: exitStatus(1) }))).toBe(
      true,
    );
    expect(isRetryableTransactionError(exitStatus(1))).toBe(false);
    // the log says why
    expect(rootMessage(new Error('Failed query', { cause: exitStatus(1) }))).toBe(
      'Program terminated with exit(1)',
    );
  });

  it('does not mistake other errors for it', () => {
    expect(isConnectionError({ name: 'ExitStatus' })).toBe(false);
    expect(isConnectionError(new Error('syntax error at or near "selec"'))).toBe(false);
    expect(isConnectionError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(
      false,
    );
  });
});
