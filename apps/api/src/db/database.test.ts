// The embedded database opens with small shared buffers: PGlite keeps them in its WebAssembly
// memory, which counts in full in the server's memory (issue #15's scanning budget).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './database.js';

describe('embedded database', () => {
  it('runs with 32 MB of shared buffers instead of PGlite’s 128 MB', async () => {
    const handle = await openDatabase({ databaseUrl: null, pgliteDir: null });
    try {
      const [row] = await queryRows<{ shared_buffers: string }>(
        handle.db,
        sql`show shared_buffers`,
      );
      expect(row?.shared_buffers).toBe('32MB');
    } finally {
      await handle.close();
    }
  });
});
