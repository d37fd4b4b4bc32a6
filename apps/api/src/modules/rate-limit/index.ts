// The rate-limit module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export { RateLimiter } from './rate-limiter.js';
export type { RateRule } from './rate-limiter.js';
