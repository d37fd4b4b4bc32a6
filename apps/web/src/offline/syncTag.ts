/** The Background Sync tag under which the service worker sends the outbox (src/sw.ts). */
export const OUTBOX_SYNC_TAG = 'evenly-outbox';
