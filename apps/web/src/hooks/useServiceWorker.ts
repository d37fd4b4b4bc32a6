// Registers the service worker (sw.js at the app's path prefix, BASE_PATH) and tells when a new
// version waits. The plugin's own `virtual:pwa-register` names the worker's URL at build time,
// and its relative form (the build runs under any prefix) would be compared with the page's
// address rather than with <base href>; this is its prompt mode, with the URL known at run time.
import { useState } from 'react';
import { BASE_PATH } from '../lib/basePath';

function register(onNeedRefresh: () => void): () => Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return () => Promise.resolve();
  }
  const worker = import('workbox-window')
    .then(({ Workbox }) => {
      const wb = new Workbox(`${BASE_PATH}/sw.js`, { scope: `${BASE_PATH}/`, type: 'classic' });
      let prompted = false;
      const prompt = () => {
        if (prompted) return;
        prompted = true;
        // The new worker took over after "Reload": load the page it serves.
        wb.addEventListener('controlling', (event) => {
          if (event.isUpdate === true) window.location.reload();
        });
        onNeedRefresh();
      };
      // A worker installed by another tab waits too.
      wb.addEventListener('installed', (event) => {
        if (event.isUpdate === undefined && event.isExternal === true) prompt();
      });
      wb.addEventListener('waiting', prompt);
      void wb.register({ immediate: true }).catch(() => undefined);
      return wb;
    })
    .catch(() => undefined);
  return async () => {
    (await worker)?.messageSkipWaiting();
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
