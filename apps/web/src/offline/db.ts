// The offline database (IndexedDB "evenly-offline"), shared by the app and its service worker:
// - `outbox`: writes made offline, in the order they were made (autoincremented `seq`), each
//   with its Idempotency-Key (offline/outbox.ts);
// - `kv`: the signed-in person's last synced query cache (offline/persistCache.ts) and the
//   session the service worker sends the outbox with (Background Sync, src/sw.ts).
// Nothing here imports React or the DOM: the service worker bundles it too.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { OutboxItem } from './outboxTypes';

export const OFFLINE_DB_NAME = 'evenly-offline';
const VERSION = 1;

interface OfflineSchema extends DBSchema {
  outbox: { key: number; value: OutboxItem; indexes: { byUser: number } };
  kv: { key: string; value: unknown };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

let opening: Promise<OfflineDb> | null = null;

/** The database, opened once per page or worker (the same connection serves every caller). */
export function offlineDb(): Promise<OfflineDb> {
  opening ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, VERSION, {
    upgrade(db) {
      const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('byUser', 'userId');
      db.createObjectStore('kv');
    },
    // Another tab opened a newer version: let it upgrade, reconnect next time.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Tests: forget the connection (e.g. after deleting the database). */
export function resetOfflineDbForTests(): void {
  opening = null;
}

export async function kvGet<T>(key: string): Promise<T | undefined> {
  return (await (await offlineDb()).get('kv', key)) as T | undefined;
}

export async function kvSet(key: string, value: unknown): Promise<void> {
  await (await offlineDb()).put('kv', value, key);
}

export async function kvDelete(key: string): Promise<void> {
  await (await offlineDb()).delete('kv', key);
}

/** The session the service worker sends with (Background Sync works with no page open). */
export interface WorkerSession {
  userId: number;
  token: string;
}

export const SESSION_KEY = 'session';
