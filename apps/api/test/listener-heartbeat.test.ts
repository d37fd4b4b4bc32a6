// A LISTEN connection that dies without a word (a network cut or a failover behind a proxy: no
// FIN, no error, nothing) is noticed by the listener's heartbeat within seconds and replaced, so
// doorbells arrive again. A TCP proxy that stops forwarding stands in for the broken network.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { openDatabase } from '../src/db/database.js';
import { DatabaseListener } from '../src/db/listener.js';
import type { TcpProxy } from './support/tcp-proxy.js';
import { startTcpProxy } from './support/tcp-proxy.js';
import type { TestDatabase } from './support/test-database.js';
import { createTestDatabase, testDbKind } from './support/test-database.js';

describe.runIf(testDbKind() === 'postgres')('the LISTEN connection on a half-open link', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let viaProxy: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    proxy = await startTcpProxy(database.url ?? '');
    viaProxy = await openDatabase({ databaseUrl: proxy.url, pgliteDir: null, poolSize: 1 });
  });
  afterAll(async () => {
    await viaProxy.close().catch(() => undefined);
    await proxy.close();
    await database.close();
  });

  it('is detected by the heartbeat, replaced, and notifications flow again', async () => {
    const states: string[] = [];
    const received: string[] = [];
    // A short beat, so that the frozen link is noticed within seconds. On a busy machine a
    // healthy heartbeat may still miss its deadline and the connection be replaced: the test
    // then only takes longer, as every doorbell below is rung until it is heard.
    const listener = new DatabaseListener(viaProxy, pino({ level: 'silent' }), null, {
      heartbeatMs: 200,
      heartbeatTimeoutMs: 1_000,
    });
    listener.on('evenly_heartbeat_test', (payload) => received.push(payload));
    listener.onState({
      connected: () => states.push('connected'),
      disconnected: () => states.push('disconnected'),
    });
    await listener.start();
    expect(listener.connected).toBe(true);
    /** Rings until heard: a doorbell rung while the connection is being replaced is lost. */
    const heard = async (payload: string) => {
      await until(async () => {
        await database.handle.pool?.query(`select pg_notify('evenly_heartbeat_test', $1)`, [
          payload,
        ]);
        return received.includes(payload);
      });
    };
    await heard('before');

    // The link goes silent: no error, no close — only the heartbeat can tell.
    proxy.freeze();
    await until(async () => !listener.connected);
    expect(states).toContain('disconnected');

    // The network comes back: a new connection, and notifications arrive again.
    proxy.thaw();
    await until(async () => listener.connected);
    await heard('after');
    await listener.close();
  });
});

/** Polls `check`; the deadline only turns a hang into a failure. */
async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
