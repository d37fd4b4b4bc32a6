// A database handle whose drizzle instance reports every statement it runs, on the same
// connection(s) as the original: tests compare the statements two requests execute.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { DatabaseHandle, Db } from '../../src/db/database.js';
import { transactionsOf } from '../../src/db/database.js';
import * as schema from '../../src/db/schema.js';

export interface LoggedQuery {
  sql: string;
  params: unknown[];
}

export function withQueryLog(
  handle: DatabaseHandle,
  onQuery: (query: LoggedQuery) => void,
): DatabaseHandle {
  const logger = { logQuery: (sql: string, params: unknown[]) => onQuery({ sql, params }) };
  let db: Db;
  if (handle.pglite !== null) {
    db = drizzlePglite({ client: handle.pglite, schema, logger }) as unknown as Db;
  } else if (handle.pool !== null) {
    db = drizzlePg({ client: handle.pool, schema, logger }) as unknown as Db;
  } else {
    throw new Error('no database client');
  }
  return { ...handle, db, transaction: transactionsOf(db, handle.pool) };
}

/** What the change feed's timers run beside a request, and the token check: not the route's own. */
const NOT_THE_ROUTE = /evenly_stamp_changes|\bfrom changes where pos > |"tokenVersion" from users/;

/** The app's job worker, paused while a request's statements are recorded. */
export interface BackgroundJobs {
  pause(): Promise<void>;
  resume(): void;
}

/**
 * Records statements for createTestContext's `onQuery`; `during(request)` gives what that
 * request ran itself (to hold a route to its round trips).
 */
export function statementRecorder(): {
  onQuery: (query: LoggedQuery) => void;
  during<T>(
    request: () => Promise<T>,
    jobs?: BackgroundJobs,
  ): Promise<{ result: T; statements: LoggedQuery[] }>;
} {
  let log: LoggedQuery[] | null = null;
  return {
    onQuery: (query) => log?.push(query),
    async during(request, jobs) {
      // A job queued earlier (a mail, a notification) may run just then on a slow machine: its
      // statements are not the route's, so the worker waits until the request has answered.
      await jobs?.pause();
      log = [];
      try {
        const result = await request();
        return { result, statements: log.filter((q) => !NOT_THE_ROUTE.test(q.sql)) };
      } finally {
        log = null;
        jobs?.resume();
      }
    },
  };
}
