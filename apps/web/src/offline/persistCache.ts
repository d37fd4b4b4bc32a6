// The signed-in person's last synced data (groups, balances, activity, expenses, comments…)
// kept in IndexedDB, so that the app shows it offline and after a reload without a network. One
// snapshot per person (`query-cache:<userId>`), written a moment after the query cache changes,
// read back when the app shell starts, and deleted when that person signs out.
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { kvDelete, kvGet, kvSet } from './db';

/** Bump when cached shapes change incompatibly: older snapshots are then ignored. */
const SNAPSHOT_VERSION = 1;
/** Older snapshots are not shown (nor are queries not used for as long, see GC_TIME_MS). */
export const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Queries stay in memory (and so in the snapshot) this long after their last use. */
const GC_TIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Writes are gathered for this long (ms). */
const WRITE_DELAY_MS = 1_000;

/** First parts of the query keys worth keeping (api/queryKeys.ts). */
const KEPT = new Set([
  'groups',
  'group',
  'balances',
  'friends',
  'friendships',
  'activity',
  'expenses',
  'comments',
  'me',
  'config',
]);

interface Snapshot {
  version: number;
  savedAt: number;
  state: DehydratedState;
}

export function cacheKey(userId: number): string {
  return `query-cache:${String(userId)}`;
}

export function isKeptQueryKey(key: readonly unknown[]): boolean {
  return KEPT.has(String(key[0]));
}

/** Puts the person's last snapshot into the cache (newer data already there wins). */
export async function restoreCache(client: QueryClient, userId: number): Promise<boolean> {
  const snapshot = await kvGet<Snapshot>(cacheKey(userId));
  if (snapshot?.version !== SNAPSHOT_VERSION || Date.now() - snapshot.savedAt > MAX_AGE_MS) {
    return false;
  }
  hydrate(client, snapshot.state);
  return true;
}

/** Keeps the snapshot up to date until the returned stop is called. */
export function persistCache(client: QueryClient, userId: number): () => void {
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, gcTime: GC_TIME_MS } });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const write = () => {
    timer = undefined;
    if (stopped) return;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && isKeptQueryKey(query.queryKey),
    });
    const snapshot: Snapshot = { version: SNAPSHOT_VERSION, savedAt: Date.now(), state };
    void kvSet(cacheKey(userId), snapshot).catch(() => undefined);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!isKeptQueryKey(event.query.queryKey)) return;
    timer ??= setTimeout(write, WRITE_DELAY_MS);
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}

export async function clearCache(userId: number): Promise<void> {
  await kvDelete(cacheKey(userId));
}

/** When the data shown was last fetched from the server (ms), or null when nothing is cached. */
export function lastSyncedAt(client: QueryClient): number | null {
  let latest = 0;
  for (const query of client.getQueryCache().getAll()) {
    if (isKeptQueryKey(query.queryKey)) latest = Math.max(latest, query.state.dataUpdatedAt);
  }
  return latest > 0 ? latest : null;
}
