// React views of the outbox and of the connection, for the lists and the status bar.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getStoredUser } from '../lib/storage';
import { listOutbox, onOutboxChange } from './outbox';
import type { StoredOutboxItem } from './outboxTypes';
import { getSyncStatus, onSyncStatus, type SyncStatus } from './sync';

/** The signed-in person's outbox, kept current (this tab, other tabs, the service worker). */
export function useOutboxItems(): StoredOutboxItem[] {
  const [items, setItems] = useState<StoredOutboxItem[]>([]);
  useEffect(() => {
    const user = getStoredUser();
    if (user === null) return;
    let live = true;
    const load = () => {
      listOutbox(user.id).then(
        (next) => {
          if (live) setItems(next);
        },
        () => undefined,
      );
    };
    load();
    const stop = onOutboxChange(load);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return items;
}

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(onSyncStatus, getSyncStatus, getSyncStatus);
}

/** navigator.onLine, following the online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener('online', notify);
      window.addEventListener('offline', notify);
      return () => {
        window.removeEventListener('online', notify);
        window.removeEventListener('offline', notify);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}
