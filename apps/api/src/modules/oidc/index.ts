// The OpenID Connect sign-in module's public entry: nothing is offered to other modules yet
// (.dependency-cruiser.cjs, rule module-public-entry).
export type { OidcService } from './oidc.service.js';
