/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa's injectManifest, vite.config.ts):
// - precaches the built app, so the app shell opens with no network;
// - navigations: the network first (4 s), else the precached app shell (index.html), which
//   shows the last synced data and the outbox; the offline page only when even that is missing;
// - Background Sync: sends the offline outbox when the connection returns, even with no page
//   open (src/offline/send.ts, with the session the app keeps for it in IndexedDB);
// - Web Push (public/push-sw.js).
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { BASE_PATH } from './lib/basePath';
import { kvGet, SESSION_KEY, type WorkerSession } from './offline/db';
import { notifyOutboxChanged } from './offline/outbox';
import { flushOutbox } from './offline/send';
import { tokenFor } from './offline/session';
import { OUTBOX_SYNC_TAG } from './offline/syncTag';
import { fetchTransport } from './offline/transport';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** Background Sync's event (not in TypeScript's lib yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const network = new NetworkOnly({ networkTimeoutSeconds: 4 });
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && !url.pathname.startsWith(`${BASE_PATH}/api/`),
  async (options) => {
    try {
      return await network.handle(options);
    } catch {
      return (
        // Relative: this worker sits at the app's path prefix (BASE_PATH), as do these files.
        (await matchPrecache('index.html')) ??
        (await matchPrecache('offline.html')) ??
        Response.error()
      );
    }
  },
);

// The navigation cache of the earlier generated worker: offline navigations now get the
// precached app shell, and pages of an older build would load files that are gone.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete('evenly-pages'));
});

// "New version available — Reload" (components/PwaUpdatePrompt.tsx) asks the waiting worker.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

/** Sends the outbox; a rejection makes the browser try again later. */
async function sendOutbox(): Promise<void> {
  const session = await kvGet<WorkerSession>(SESSION_KEY);
  if (session === undefined) return;
  // The person's writes go only with their own session (one kept by an older version may not be).
  const token = tokenFor(session.userId, session.token);
  if (token === null) return;
  const result = await flushOutbox(session.userId, fetchTransport(token));
  notifyOutboxChanged();
  if (result === 'offline' || result === 'later') throw new Error('The outbox waits to be sent.');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendOutbox());
});

importScripts('push-sw.js');
