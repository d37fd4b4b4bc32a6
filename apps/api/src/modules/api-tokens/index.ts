// The api-tokens module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export { ApiTokenVerifier } from './token-verifier.js';
export { API_TOKEN_PREFIX, hashApiToken } from './api-token-format.js';
