// The last synced data kept per person (offline/persistCache.ts), on fake-indexeddb.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { kvGet, resetOfflineDbForTests } from './db';
import { cacheKey, clearCache, persistCache, restoreCache } from './persistCache';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetOfflineDbForTests();
});

/** Waits for the (debounced) write; the deadline only turns a hang into a failure. */
async function saved(userId: number): Promise<void> {
  await vi.waitFor(async () => expect(await kvGet(cacheKey(userId))).toBeDefined(), {
    timeout: 60_000,
  });
}

describe('persisted query cache', () => {
  it('keeps groups, balances and activity per person, and nothing else', async () => {
    const client = new QueryClient();
    const stop = persistCache(client, 7);
    client.setQueryData(['groups'], [{ id: 1, name: 'Lisbon' }]);
    client.setQueryData(['balances', 'overall'], { totalOwedToUser: 12.5 });
    client.setQueryData(['activity'], [{ id: 9 }]);
    client.setQueryData(['fx', 'USD', 'EUR'], { rate: '0.9' });
    await saved(7);
    stop();

    const next = new QueryClient();
    expect(await restoreCache(next, 7)).toBe(true);
    expect(next.getQueryData(['groups'])).toEqual([{ id: 1, name: 'Lisbon' }]);
    expect(next.getQueryData(['balances', 'overall'])).toEqual({ totalOwedToUser: 12.5 });
    expect(next.getQueryData(['activity'])).toEqual([{ id: 9 }]);
    expect(next.getQueryData(['fx', 'USD', 'EUR'])).toBeUndefined();
    // Another person on the same device sees none of it.
    const other = new QueryClient();
    expect(await restoreCache(other, 8)).toBe(false);
    expect(other.getQueryData(['groups'])).toBeUndefined();
  });

  it('forgets a person’s data when asked (sign-out)', async () => {
    const client = new QueryClient();
    const stop = persistCache(client, 7);
    client.setQueryData(['groups'], [{ id: 1 }]);
    await saved(7);
    stop();
    await clearCache(7);
    expect(await restoreCache(new QueryClient(), 7)).toBe(false);
  });
});
