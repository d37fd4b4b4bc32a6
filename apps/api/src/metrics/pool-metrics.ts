// Connection-pool figures of the PostgreSQL pool (pg.Pool): its size, idle and waiting counts
// read at scrape time, and how long each checkout waited for a connection. The embedded database
// (PGlite) has one in-process session and no pool, so none of these exist there.
import type pg from 'pg';
import { Gauge, Histogram } from 'prom-client';
import type { Registry } from 'prom-client';

type AcquireObserver = (seconds: number) => void;
type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;
type Connect = (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;

/** The observers of each pool whose `connect` has been wrapped (one wrapper per pool). */
const observersOf = new WeakMap<pg.Pool, Set<AcquireObserver>>();

/**
 * Calls `observe` with the seconds every `pool.connect` took, until the returned function is
 * called. Wraps the pool's own `connect`, through which pg-pool also checks out a connection for
 * `pool.query`, so plain queries and transactions (db/database.ts `transactionsOf`) are both
 * timed. The wait counts from the call to the connection (or the error): queueing behind busy
 * connections plus opening a new one when the pool is not full.
 */
export function observeAcquire(pool: pg.Pool, observe: AcquireObserver): () => void {
  let observers = observersOf.get(pool);
  if (observers === undefined) {
    const set = new Set<AcquireObserver>();
    observers = set;
    observersOf.set(pool, set);
    const connect = (pool.connect as Connect).bind(pool);
    const timed: Connect = (callback) => {
      const started = performance.now();
      const done = () => {
        const seconds = (performance.now() - started) / 1000;
        for (const o of set) o(seconds);
      };
      if (typeof callback === 'function') {
        return connect((err, client, release) => {
          done();
          callback(err, client, release);
        });
      }
      return (connect() as Promise<pg.PoolClient>).then(
        (client) => {
          done();
          return client;
        },
        (error: unknown) => {
          done();
          throw error;
        },
      );
    };
    pool.connect = timed as pg.Pool['connect'];
  }
  const mine = observers;
  mine.add(observe);
  return () => mine.delete(observe);
}

/** Registers the pool's metrics; returns what stops timing its checkouts. */
export function registerPoolMetrics(registry: Registry, pool: pg.Pool): () => void {
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge(
    'evenly_db_pool_connections',
    'Connections the pool holds (idle and checked out).',
    () => pool.totalCount,
  );
  gauge('evenly_db_pool_idle_connections', 'Connections idle in the pool.', () => pool.idleCount);
  gauge(
    'evenly_db_pool_waiting_clients',
    'Checkouts waiting for a connection because every one is in use.',
    () => pool.waitingCount,
  );
  gauge(
    'evenly_db_pool_max_connections',
    'Largest number of connections the pool opens.',
    () => pool.options.max ?? 10,
  );
  const wait = new Histogram({
    name: 'evenly_db_pool_acquire_seconds',
    help: 'Time to get a connection from the pool, including opening one.',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return observeAcquire(pool, (seconds) => wait.observe(seconds));
}
