// The `jobs` table. Every statement is one autocommit statement (or part of the caller's
// transaction for `insertJob`): no transaction stays open while a job runs. Times are the
// database's clock, so processes on different hosts agree on leases and backoff.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/database.js';
import { jobs } from '../db/schema.js';
import { run, statement } from '../db/statements.js';

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  /** 1 for the first attempt. */
  attempt: number;
  /** The lease holder written at claim; every later statement about this run checks it. */
  lease: string;
}

export async function insertJob(
  db: Db,
  kind: string,
  payload: unknown,
  runAfter: Date | null,
): Promise<void> {
  await db.insert(jobs).values({ kind, payload, ...(runAfter === null ? {} : { runAfter }) });
}

/** Adds one job of `kind` per payload, due now, in one statement. */
export async function insertJobs(
  db: Db,
  kind: string,
  payloads: readonly unknown[],
): Promise<void> {
  if (payloads.length === 0) return;
  await db.insert(jobs).values(payloads.map((payload) => ({ kind, payload })));
}

// Asked for on every change the feed delivers (the notifier's follow job), so named: parsed and
// planned once per connection. $2 null = due now.
const insertUnlessWaiting = statement<{ added: number }>(
  'jobs.insert-unless-waiting',
  `insert into jobs (kind, payload, run_after)
   select $1::text, '{}'::jsonb, coalesce($2::timestamptz, now())
    where not exists (select 1 from jobs
                       where kind = $1::text and locked_by is null
                         and failed_at is null and run_after <= coalesce($2::timestamptz, now()))
   returning 1 as added`,
);

/**
 * Adds a payload-less job unless one of its kind is already waiting (not running, not given up):
 * `runAfter` null = due now, and then a waiting job due later does not count. True when it added
 * one (false: the waiting job's own wake-up already went out).
 */
export async function insertJobUnlessWaiting(
  db: Db,
  type: { kind: string },
  runAfter: Date | null,
): Promise<boolean> {
  const rows = await run(db, insertUnlessWaiting, [type.kind, runAfter?.toISOString() ?? null]);
  return rows.length > 0;
}

// The oldest due job of a known kind that nobody holds a live lease on. SKIP LOCKED lets
// concurrent claimers pass over a row another one is taking at this moment instead of waiting.
const claim = statement<{ id: number | string; kind: string; payload: unknown; attempts: number }>(
  'jobs.claim',
  `update jobs
      set attempts = attempts + 1, locked_by = $2::text,
          locked_until = now() + $3::int * interval '1 millisecond'
    where id = (
      select id from jobs
       where failed_at is null and run_after <= now()
         and (locked_until is null or locked_until <= now())
         and kind = any($1::text[])
       order by run_after, id
       limit 1
       for update skip locked)
   returning id, kind, payload, attempts`,
);

/** Takes a lease on the next due job of one of `kinds`; null when none is due. */
export async function claimJob(
  db: Db,
  kinds: readonly string[],
  lease: string,
  leaseMs: number,
): Promise<ClaimedJob | null> {
  if (kinds.length === 0) return null;
  const [row] = await run(db, claim, [kinds, lease, Math.ceil(leaseMs)]);
  if (row === undefined) return null;
  // bigint ids come back as text from `pg`.
  return { id: Number(row.id), kind: row.kind, payload: row.payload, attempt: row.attempts, lease };
}

const renew = statement<{ id: number }>(
  'jobs.renew',
  `update jobs set locked_until = now() + $3::int * interval '1 millisecond'
    where id = $1 and locked_by = $2::text returning 1 as id`,
);

/** Extends a running job's lease; false when the lease was lost (it expired and was taken). */
export async function renewLease(db: Db, job: ClaimedJob, leaseMs: number): Promise<boolean> {
  return (await run(db, renew, [job.id, job.lease, Math.ceil(leaseMs)])).length === 1;
}

const complete = statement<{ id: number }>(
  'jobs.complete',
  `delete from jobs where id = $1 and locked_by = $2::text returning 1 as id`,
);

/** Deletes a finished job; false when its lease was lost meanwhile. */
export async function completeJob(db: Db, job: ClaimedJob): Promise<boolean> {
  return (await run(db, complete, [job.id, job.lease])).length === 1;
}

const retry = statement<{ id: number }>(
  'jobs.retry',
  `update jobs
      set locked_by = null, locked_until = null, last_error = $3::text,
          run_after = now() + $4::int * interval '1 millisecond'
    where id = $1 and locked_by = $2::text returning 1 as id`,
);

/** Records a failed attempt; the job is due again after `delayMs`. */
export async function retryJob(
  db: Db,
  job: ClaimedJob,
  error: string,
  delayMs: number,
): Promise<boolean> {
  return (await run(db, retry, [job.id, job.lease, error, Math.ceil(delayMs)])).length === 1;
}

const giveUp = statement<{ id: number }>(
  'jobs.give-up',
  `update jobs
      set locked_by = null, locked_until = null, last_error = $3::text, failed_at = now()
    where id = $1 and locked_by = $2::text returning 1 as id`,
);

/** Records the last failed attempt: the job stays, never to run again. */
export async function giveUpJob(db: Db, job: ClaimedJob, error: string): Promise<boolean> {
  return (await run(db, giveUp, [job.id, job.lease, error])).length === 1;
}

const release = statement<{ id: number }>(
  'jobs.release',
  `update jobs set locked_by = null, locked_until = null, attempts = attempts - 1
    where id = $1 and locked_by = $2::text returning 1 as id`,
);

/** Hands a job back unfinished (shutdown): due again at once, the attempt not counted. */
export async function releaseJob(db: Db, job: ClaimedJob): Promise<boolean> {
  return (await run(db, release, [job.id, job.lease])).length === 1;
}

const doorbell = statement('jobs.doorbell', `select pg_notify($1, '')`);

/** NOTIFY on the doorbell channel: the other processes' workers look for due jobs at once. */
export async function ringJobDoorbell(db: Db, channel: string): Promise<void> {
  await run(db, doorbell, [channel]);
}

/** count(*) per state: a bigint, so text from `pg`, a number or bigint from PGlite. */
export type JobStateCounts = Record<
  'due' | 'scheduled' | 'running' | 'failed',
  number | string | bigint
>;

/**
 * Jobs by state, in one pass over the table (which holds only unfinished and failed jobs). The
 * states follow {@link claimJob}'s claim statement.
 */
export async function countJobsByState(db: Db): Promise<JobStateCounts | undefined> {
  const [row] = await queryRows<JobStateCounts>(
    db,
    sql`select
          count(*) filter (where failed_at is null and locked_until > now()) as running,
          count(*) filter (where failed_at is null and (locked_until is null or locked_until <= now())
                             and run_after <= now()) as due,
          count(*) filter (where failed_at is null and (locked_until is null or locked_until <= now())
                             and run_after > now()) as scheduled,
          count(*) filter (where failed_at is not null) as failed
        from jobs`,
  );
  return row;
}

/** Where a ticketed job stands (mail tickets, mail/mail-ticket.ts). */
export interface TicketedJob {
  failed: boolean;
  lastError: string | null;
}

/**
 * The job whose payload carries `ticket` (a hash) in its `ticket` field; undefined when there is
 * none, which is also the case once the job finished (finished jobs are deleted). The table
 * holds only unfinished and failed jobs, so no index is needed for this look-up.
 */
export async function findTicketedJob(db: Db, ticket: string): Promise<TicketedJob | undefined> {
  const [row] = await queryRows<{ failed: boolean; last_error: string | null }>(
    db,
    sql`select failed_at is not null as failed, last_error from jobs
         where payload->>'ticket' = ${ticket} order by id limit 1`,
  );
  return row === undefined ? undefined : { failed: row.failed, lastError: row.last_error };
}
