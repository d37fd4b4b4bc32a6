// Registers the service worker (sw.js at the app's path prefix, BASE_PATH) and tells when a new
// version waits. Written on the browser's own ServiceWorker API rather than workbox-window: the
// sign-in page's first load carries it, and the library cost 2.2 KB (gzip) of the 100 KB budget
// for the three events used here.
import { useState } from 'react';
import { BASE_PATH } from '../lib/basePath';

/** How long "Reload" waits for the new version to take over before it reloads the page anyway. */
const SWITCH_WAIT_MS = 3000;

function register(onNeedRefresh: () => void): () => Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return () => Promise.resolve();
  }
  const container = navigator.serviceWorker;
  let prompted = false;
  const prompt = () => {
    if (prompted) return;
    prompted = true;
    // The new worker took over after "Reload": load the page it serves.
    container.addEventListener('controllerchange', () => window.location.reload());
    onNeedRefresh();
  };
  // A page without a controller is the first install: the worker activates on its own, and there
  // is no older version on screen to replace.
  const offerIfWaiting = (registration: ServiceWorkerRegistration) => {
    if (registration.waiting !== null && container.controller !== null) prompt();
  };
  const registration = container
    .register(`${BASE_PATH}/sw.js`, { scope: `${BASE_PATH}/`, type: 'classic' })
    .then((reg) => {
      // A version installed before this page loaded (by this tab or another) waits already.
      offerIfWaiting(reg);
      reg.addEventListener('updatefound', () => {
        const installing = reg.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offerIfWaiting(reg);
        });
      });
      return reg;
    })
    .catch(() => undefined);
  return async () => {
    const waiting = (await registration)?.waiting ?? null;
    // It took over meanwhile (the last tab of the old version closed): only the reload is left.
    if (waiting === null) {
      window.location.reload();
      return;
    }
    // The worker skips waiting on this message (src/sw.ts); 'controllerchange' then reloads.
    waiting.postMessage({ type: 'SKIP_WAITING' });
    // Chromium activates it once the old worker is idle: it stops the old one and activates when
    // it has stopped. A fetch of the page's arriving in between (its /api/config, 70 ms after the
    // click, in e2e/pwa-update.e2e.test.ts) starts the old worker again, and the browser's trace
    // then showed no activation for over 90 s, messages to either worker notwithstanding. A
    // navigation makes the browser try again, so without the switch the page reloads anyway: under
    // the new version, or under the old one with the notice back.
    window.setTimeout(() => window.location.reload(), SWITCH_WAIT_MS);
  };
}

/** Whether a new version waits, and the call that activates it (the page then reloads). */
export function useServiceWorker(): {
  needRefresh: [boolean, (value: boolean) => void];
  updateServiceWorker: () => Promise<void>;
} {
  const [needRefresh, setNeedRefresh] = useState(false);
  const [updateServiceWorker] = useState(() => register(() => setNeedRefresh(true)));
  return { needRefresh: [needRefresh, setNeedRefresh], updateServiceWorker };
}
