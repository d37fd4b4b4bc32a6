import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { observeAcquire } from './pool-metrics.js';

type Callback = (err: Error | undefined, client?: pg.PoolClient) => void;

/** A stand-in for pg.Pool's `connect`: hands out a client (or an error) when told to. */
function fakePool() {
  const waiting: ((err?: Error) => void)[] = [];
  const client = { release() {} } as unknown as pg.PoolClient;
  const pool = {
    connect(callback?: Callback): Promise<pg.PoolClient> | undefined {
      if (callback !== undefined) {
        waiting.push((err) => (err === undefined ? callback(undefined, client) : callback(err)));
        return undefined;
      }
      return new Promise((resolve, reject) =>
        waiting.push((err) => (err === undefined ? resolve(client) : reject(err))),
      );
    },
  };
  return {
    pool: pool as unknown as pg.Pool,
    client,
    settle: (err?: Error) => waiting.shift()?.(err),
  };
}

describe('observeAcquire', () => {
  it('times promise and callback checkouts, failed ones too, until detached', async () => {
    const { pool, client, settle } = fakePool();
    const seen: number[] = [];
    const other: number[] = [];
    const detach = observeAcquire(pool, (s) => seen.push(s));
    observeAcquire(pool, (s) => other.push(s));

    const promised = pool.connect();
    expect(seen).toEqual([]);
    settle();
    expect(await promised).toBe(client);
    expect(seen).toHaveLength(1);

    const viaCallback = new Promise<pg.PoolClient | undefined>((resolve) => {
      void pool.connect((_err: Error | undefined, c: pg.PoolClient | undefined) => resolve(c));
    });
    settle();
    expect(await viaCallback).toBe(client);

    const failing = pool.connect();
    settle(new Error('timeout exceeded when trying to connect'));
    await expect(failing).rejects.toThrow('timeout exceeded');
    expect(seen).toHaveLength(3);
    expect(seen.every((s) => s >= 0 && s < 60)).toBe(true);
    expect(other).toHaveLength(3);

    detach();
    const after = pool.connect();
    settle();
    await after;
    expect(seen).toHaveLength(3);
    expect(other).toHaveLength(4);
  });
});
