// Fails when src/db/schema.ts and the committed migrations differ: drizzle-kit generates into
// a scratch copy of the migrations folder, and must find nothing to generate.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { testDbKind } from './support/test-database.js';

const run = promisify(execFile);
const apiDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.resolve(apiDir, '../..');

describe.runIf(testDbKind() === 'pglite')('schema and migrations', () => {
  it('has every schema change committed as a migration', async () => {
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'evenly-drizzle-'));
    try {
      const out = path.join(scratch, 'drizzle');
      await cp(path.join(apiDir, 'drizzle'), out, { recursive: true });
      const before = await readdir(out);
      const config = path.join(scratch, 'drizzle.config.json');
      await writeFile(
        config,
        // drizzle-kit wants paths relative to its working directory.
        JSON.stringify({
          dialect: 'postgresql',
          schema: path.relative(scratch, path.join(apiDir, 'src/db/schema.ts')),
          out: './drizzle',
        }),
      );
      const bin = path.join(repoRoot, 'node_modules/.bin/drizzle-kit');
      const { stdout, stderr } = await run(bin, ['generate', '--config', config], { cwd: scratch });
      expect(stderr).not.toMatch(/error/i);
      const after = await readdir(out);
      expect(after, `drizzle-kit generated a migration:\n${stdout}`).toEqual(before);
      expect(stdout).toContain('No schema changes');
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
