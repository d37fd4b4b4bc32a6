// The embedded database opens (and is created) with small shared buffers: PGlite keeps them in
// its WebAssembly memory, which counts in full in the server's memory (issue #15's budget).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './database.js';

async function sharedBuffers(pgliteDir: string | null): Promise<string | undefined> {
  const handle = await openDatabase({ databaseUrl: null, pgliteDir });
  try {
    const [row] = await queryRows<{ shared_buffers: string }>(handle.db, sql`show shared_buffers`);
    return row?.shared_buffers;
  } finally {
    await handle.close();
  }
}

describe('embedded database', () => {
  it('runs with 32 MB of shared buffers instead of PGlite’s 128 MB', async () => {
    expect(await sharedBuffers(null)).toBe('32MB');
  });

  it('creates a database on disk and opens it again with them', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'evenly-pglite-'));
    try {
      expect(await sharedBuffers(path.join(dir, 'db'))).toBe('32MB');
      expect(await sharedBuffers(path.join(dir, 'db'))).toBe('32MB');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
