// The signed-in shell's offline machinery: sends the outbox (offline/sync.ts) and keeps the last
// synced data on the device (offline/persistCache.ts) for the signed-in person.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onSessionChange } from '../auth/sessionEvents';
import { getToken } from '../lib/storage';
import { clearCache, persistCache, restoreCache } from './persistCache';
import { onOutboxSaved, startOfflineSync } from './sync';

/** Starts the offline machinery for the signed-in person (call once, in the app shell). */
export function useOfflineSupport(userId: number | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    let stopPersist: (() => void) | null = null;
    let stopped = false;
    restoreCache(client, userId)
      .catch(() => false)
      .finally(() => {
        if (!stopped) stopPersist = persistCache(client, userId);
      });
    const stopSync = startOfflineSync(userId);
    const stopSaved = onOutboxSaved(() => void client.invalidateQueries());
    const stopSession = onSessionChange(() => {
      // Signed out: this person's data must not stay on the device.
      if (getToken() === null) {
        stopPersist?.();
        stopPersist = null;
        void clearCache(userId).catch(() => undefined);
      }
    });
    return () => {
      stopped = true;
      stopPersist?.();
      stopSync();
      stopSaved();
      stopSession();
    };
  }, [client, userId]);
}
