// The idempotency module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export {
  canonicalJson,
  idempotencyScope,
  keyInProgress,
  sendOutcome,
  storedAnswer,
} from './idempotency.js';
export type { IdempotencyScope, WriteOutcome } from './idempotency.js';
export type { KeyRef, KeyToStore } from './idempotency.repository.js';
export type { StoredResponse } from './idempotency.js';
export { KEY_LOCK_SEED } from './idempotency.repository.js';
