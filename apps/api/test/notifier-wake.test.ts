// The notifier's run is asked for on every change the feed delivers: only a request that added a
// run wakes the job workers (a run already waiting was announced when it was added), so a stream
// of writes does not cost every process a claim per change. On a real database (PGlite, and
// PostgreSQL when named).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { ServiceDeps } from '../src/composition/service-deps.js';
import { queryRows } from '../src/db/database.js';
import { insertJobUnlessWaiting } from '../src/jobs/jobs.repository.js';
import { NotificationService } from '../src/modules/notifications/notification.service.js';
import { followActivitiesJob } from '../src/modules/notifications/notification.jobs.js';
import type { TestDatabase } from './support/test-database.js';
import { createTestDatabase } from './support/test-database.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.reset();
});

async function followJobs(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.handle.db,
    sql`select count(*)::int as n from jobs where kind = ${followActivitiesJob.kind}`,
  );
  return row?.n ?? 0;
}

describe('insertJobUnlessWaiting', () => {
  it('adds a job only when none of its kind waits, and says whether it did', async () => {
    const { db } = database.handle;
    expect(await insertJobUnlessWaiting(db, followActivitiesJob, null)).toBe(true);
    expect(await insertJobUnlessWaiting(db, followActivitiesJob, null)).toBe(false);
    expect(await followJobs()).toBe(1);
    // A run being taken (held) does not count as waiting: the change may come after its read.
    await db.execute(
      sql`update jobs set locked_by = 'worker', locked_until = now() + interval '1 minute'`,
    );
    expect(await insertJobUnlessWaiting(db, followActivitiesJob, null)).toBe(true);
    expect(await followJobs()).toBe(2);
  });

  it('counts a job due later only for a request due as late or later', async () => {
    const { db } = database.handle;
    const later = new Date(Date.now() + 60 * 60_000);
    expect(await insertJobUnlessWaiting(db, followActivitiesJob, later)).toBe(true);
    expect(await insertJobUnlessWaiting(db, followActivitiesJob, later)).toBe(false);
    expect(await insertJobUnlessWaiting(db, followActivitiesJob, null)).toBe(true);
  });
});

describe('requestFollow', () => {
  it('wakes the workers only when it added a run', async () => {
    const wake = vi.fn(async () => {});
    // Only what requestFollow and the constructor read.
    const deps = {
      db: database.handle.db,
      database: database.handle,
      jobs: { wake },
      signingSecret: 'test-secret-test-secret-test-secret',
      logger: pino({ level: 'silent' }),
    } as unknown as ServiceDeps;
    const service = new NotificationService(deps);
    await service.requestFollow();
    await service.requestFollow();
    await service.requestFollow();
    expect(await followJobs()).toBe(1);
    expect(wake).toHaveBeenCalledTimes(1);
  });
});
