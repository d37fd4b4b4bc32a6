// Issue #35 point 5: the server gives the C heap that starting freed back to the system before it
// serves (src/process/release-freed-memory.ts). glibc keeps freed blocks resident below any block
// still in use; opening or creating the embedded database and building the routes left 65–77 MB
// of them in the process for its whole life.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onGlibc } from '../src/process/release-freed-memory.js';
import { assertServerBuilt, startServer, stopServer } from './support/server-process.js';
import { testDbKind } from './support/test-database.js';

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024;
}

describe.runIf(testDbKind() === 'pglite' && onGlibc())('memory after starting', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'evenly-startup-memory-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('the first start (database created) gives freed memory back before serving', async () => {
    assertServerBuilt();
    const server = await startServer({
      DATA_DIR: path.join(folder, 'data'),
      REQUIRE_EMAIL_VERIFICATION: 'false',
      FX_RATES_URL: '',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    });
    try {
      const pid = server.child.pid;
      if (pid === undefined) throw new Error('no server pid');
      expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);
      const line = server
        .stdout()
        .split('\n')
        .find((l) => l.includes('"freedMb"'));
      expect(line, 'the start-up log reports the memory given back').toBeDefined();
      const freedMb = (JSON.parse(line ?? '{}') as { freedMb?: number }).freedMb ?? 0;
      // Measured 65–77 MB; the process now sits that far below its high-water mark.
      expect(freedMb).toBeGreaterThanOrEqual(20);
      expect(statusMb(pid, 'VmRSS')).toBeLessThan(statusMb(pid, 'VmHWM') - 20);
    } finally {
      await stopServer(server);
    }
  });
});
