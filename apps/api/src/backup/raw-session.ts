// Raw SQL on one session of either database, returning rows as arrays: the backup reads a
// consistent snapshot through it and the restore loads rows through it, in one transaction each.
import type { DatabaseHandle } from '../db/database.js';

export interface RawSession {
  rows(text: string, params?: readonly unknown[]): Promise<unknown[][]>;
}

type Mode = 'snapshot' | 'write';

/**
 * Runs `fn` in one transaction on one session: `snapshot` is REPEATABLE READ READ ONLY on
 * PostgreSQL (every statement sees the same committed state while other processes keep
 * writing); on PGlite, whose one session runs one transaction at a time, any transaction is a
 * snapshot (the server's other queries wait for it). Committed when `fn` resolves.
 */
export async function inTransaction<T>(
  handle: DatabaseHandle,
  mode: Mode,
  fn: (session: RawSession) => Promise<T>,
): Promise<T> {
  if (handle.pool !== null) {
    const client = await handle.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(
        mode === 'snapshot' ? 'begin isolation level repeatable read, read only' : 'begin',
      );
      try {
        const result = await fn({
          async rows(text, params = []) {
            const res = await client.query({ text, values: [...params], rowMode: 'array' });
            return res.rows as unknown[][];
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((e: unknown) => {
          broken = e instanceof Error ? e : new Error(String(e));
        });
        throw error;
      }
    } finally {
      client.release(broken);
    }
  }
  const pglite = handle.pglite;
  if (pglite === null) throw new Error('database handle has neither pool nor PGlite');
  return pglite.transaction(async (tx) =>
    fn({
      async rows(text, params = []) {
        const res = await tx.query<unknown[]>(text, [...params], { rowMode: 'array' });
        return res.rows;
      },
    }),
  );
}
