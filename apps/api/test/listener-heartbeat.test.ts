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
    const listener = new DatabaseListener(viaProxy, pino({ level: 'silent' }), null, {
      heartbeatMs: 200,
      heartbeatTimeoutMs: 300,
    });
    listener.on('evenly_heartbeat_test', (payload) => received.push(payload));
    listener.onState({
      connected: () => states.push('connected'),
      disconnected: () => states.push('disconnected'),
    });
    await listener.start();
    expect(listener.connected).toBe(true);
    const notify = (payload: string) =>
      database.handle.pool?.query(`select pg_notify('evenly_heartbeat_test', $1)`, [payload]);
    await notify('before');
    await until(() => received.includes('before'));

    // The link goes silent: no error, no close — only the heartbeat can tell.
    proxy.freeze();
    await until(() => !listener.connected, 5_000);
    expect(states).toContain('disconnected');

    // The network comes back: a new connection, and notifications arrive again.
    proxy.thaw();
    await until(() => listener.connected, 15_000);
    await notify('after');
    await until(() => received.includes('after'));
    await listener.close();
  });
});

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
