// When the outbox is sent (offline/send.ts) from the app: at start, on the `online` event, right
// after something is queued, and again after a while when an attempt got no answer although the
// browser says it is online (server down, captive portal) or the server asked to retry. The
// service worker also sends it on Background Sync (src/sw.ts), with the session kept here.
import { onSessionChange } from '../auth/sessionEvents';
import { getToken } from '../lib/storage';
import { kvDelete, kvSet, SESSION_KEY, type WorkerSession } from './db';
import { pageTransportFor } from './pageTransport';
import { type FlushResult, flushOutbox } from './send';
import { tokenFor } from './session';
import { OUTBOX_SYNC_TAG } from './syncTag';

/** Waits between retries while online but without an answer, in ms (the last one repeats). */
export const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

export interface SyncStatus {
  online: boolean;
  /** A flush is running. */
  syncing: boolean;
  /** How the last flush ended (null: none yet). */
  last: FlushResult | null;
}

type Listener = (status: SyncStatus) => void;

let userId: number | null = null;
let status: SyncStatus = { online: true, syncing: false, last: null };
const listeners = new Set<Listener>();
const savedListeners = new Set<() => void>();
let flushing: Promise<void> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryIndex = 0;

function setStatus(next: Partial<SyncStatus>): void {
  status = { ...status, ...next };
  listeners.forEach((l) => l(status));
}

export function getSyncStatus(): SyncStatus {
  return status;
}

export function onSyncStatus(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called after a flush that saved something (the app refetches what it shows). */
export function onOutboxSaved(listener: () => void): () => void {
  savedListeners.add(listener);
  return () => savedListeners.delete(listener);
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  const delay = RETRY_DELAYS_MS[Math.min(retryIndex, RETRY_DELAYS_MS.length - 1)] ?? 60_000;
  retryIndex += 1;
  retryTimer = setTimeout(() => void requestFlush(), delay);
}

/** Sends what waits, unless offline or already sending (then once more after that run). */
export function requestFlush(): Promise<void> {
  const who = userId;
  if (who === null || !isOnline()) return Promise.resolve();
  if (flushing !== null) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    setStatus({ syncing: true });
    let result: FlushResult;
    let saved = false;
    try {
      await keepWorkerSession(who);
      do {
        again = false;
        // Only `who`'s writes, only with `who`'s session (offline/session.ts).
        result = await flushOutbox(who, pageTransportFor(who), () => {
          saved = true;
        });
      } while (again && result === 'done');
    } catch {
      result = 'later';
    }
    if (saved) savedListeners.forEach((l) => l());
    if (result === 'done') {
      retryIndex = 0;
      clearTimeout(retryTimer);
    } else if (result === 'later' || (result === 'offline' && isOnline())) {
      scheduleRetry();
      void registerBackgroundSync();
    }
    setStatus({ syncing: false, last: result });
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Asks the service worker to send the outbox when the connection returns, page open or not. */
export async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
      ?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync here (Firefox, Safari) or not allowed: the app sends on reconnect.
  }
}

/**
 * The session the service worker sends with; gone when the person signs out, or when the
 * device's session is another account's (signed in in another tab): never `who` with a token
 * of someone else.
 */
async function keepWorkerSession(who: number): Promise<void> {
  const token = tokenFor(who, getToken());
  try {
    if (token === null) await kvDelete(SESSION_KEY);
    else await kvSet(SESSION_KEY, { userId: who, token } satisfies WorkerSession);
  } catch {
    // No IndexedDB: nothing is queued either.
  }
}

const onOnline = () => {
  retryIndex = 0;
  setStatus({ online: true });
  void requestFlush();
};
const onOffline = () => setStatus({ online: false });

/** Starts sending for the signed-in person (the app shell calls it); returns the stop. */
export function startOfflineSync(who: number): () => void {
  userId = who;
  setStatus({ online: isOnline(), last: null });
  void keepWorkerSession(who);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  const stopSession = onSessionChange(() => {
    // Signed out (or the session expired): the worker must not send with the old token.
    if (tokenFor(who, getToken()) === null) void kvDelete(SESSION_KEY).catch(() => undefined);
    else void keepWorkerSession(who);
  });
  void requestFlush();
  return () => {
    if (userId === who) userId = null;
    clearTimeout(retryTimer);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    stopSession();
  };
}
