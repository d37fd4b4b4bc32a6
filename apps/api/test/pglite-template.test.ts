// Issue #35 point 5: a new installation's first start unpacks the build's empty embedded
// database (src/db/pglite-template.ts) instead of running initdb, which took the server to
// 770–830 MB resident (three WebAssembly PostgreSQL instances at once) against a 700 MB budget
// for the whole process tree.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/database.js';
import { runMigrations } from '../src/db/migrate.js';
import { PGLITE_START_PARAMS } from '../src/db/pglite-params.js';
import {
  pgliteTemplateIsCurrent,
  readPgliteTemplate,
  writePgliteTemplate,
} from '../src/db/pglite-template.js';
import { assertServerBuilt, startServer, stopServer } from './support/server-process.js';
import { testDbKind } from './support/test-database.js';

/** An empty cluster with one table that initdb never makes: proof a database came from it. */
async function markedTemplate(): Promise<Blob> {
  const db = await PGlite.create({ startParams: PGLITE_START_PARAMS });
  try {
    await db.exec(
      'create table made_from_template (id int); insert into made_from_template values (7)',
    );
    return await db.dumpDataDir('gzip');
  } finally {
    await db.close();
  }
}

describe.runIf(testDbKind() === 'pglite')('the embedded database template', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'evenly-pglite-template-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('is written with a stamp of the PGlite that made it, and refused under another stamp', async () => {
    const file = path.join(folder, 'template.tar.gz');
    expect(pgliteTemplateIsCurrent(file)).toBe(false);
    const bytes = await writePgliteTemplate(file);
    expect(bytes).toBeGreaterThan(1_000_000);
    expect(existsSync(`${file}.part`)).toBe(false);
    expect(pgliteTemplateIsCurrent(file)).toBe(true);
    expect((await readPgliteTemplate(file))?.size).toBe(bytes);

    // A template from another PGlite (an upgrade without a rebuild) is not used.
    await writeFile(`${file}.stamp`, 'another-pglite\n');
    expect(pgliteTemplateIsCurrent(file)).toBe(false);
    expect(await readPgliteTemplate(file)).toBeNull();
  });

  it('a new database is unpacked from it, migrated, and opens again with its data', async () => {
    const dataDir = path.join(folder, 'db');
    // What a start stopped half-way could leave: a folder without PG_VERSION.
    await mkdir(path.join(dataDir, 'base'), { recursive: true });
    await writeFile(path.join(dataDir, 'base', 'half-written'), 'x');

    const template = await markedTemplate();
    const first = await openDatabase({
      databaseUrl: null,
      pgliteDir: dataDir,
      pgliteTemplate: template,
    });
    try {
      await runMigrations(first);
      const marks = await queryRows<{ id: number }>(
        first.db,
        sql`select id from made_from_template`,
      );
      expect(marks).toEqual([{ id: 7 }]);
      await first.db.execute(
        sql`insert into users (name, email, password_hash) values ('Ann', 'ann@example.com', 'x')`,
      );
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'base', 'half-written'))).toBe(false);
    expect(existsSync(`${dataDir}.new`)).toBe(false);
    expect(await readdir(folder)).not.toContain('db.new');

    const again = await openDatabase({
      databaseUrl: null,
      pgliteDir: dataDir,
      pgliteTemplate: null,
    });
    try {
      const users = await queryRows<{ email: string }>(again.db, sql`select email from users`);
      expect(users).toEqual([{ email: 'ann@example.com' }]);
    } finally {
      await again.close();
    }
  });

  it('the built server starts on a new DATA_DIR from it, within the memory budget', async () => {
    assertServerBuilt();
    const dataDir = path.join(folder, 'server-data');
    const server = await startServer({
      DATA_DIR: dataDir,
      REQUIRE_EMAIL_VERIFICATION: 'false',
      FX_RATES_URL: '',
      LOG_LEVEL: 'warn',
    });
    try {
      const pid = server.child.pid;
      if (pid === undefined) throw new Error('no server pid');
      expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);
      const highWaterMb =
        Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
      // With initdb the process peaked at 770–830 MB; unpacked from the template, about 350–400.
      expect(highWaterMb).toBeLessThan(600);
      expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    } finally {
      await stopServer(server);
    }
  });
});
