// The api-tokens module's manifest: its routes and service, found by buildApp (http/route-modules.ts).
// Its verifier (token-verifier.ts) is made by buildApp for the authenticator.
import type { RouteRegistration } from '../../http/route-modules.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { apiTokensRoutes } from './api-tokens.routes.js';
import { ApiTokenService } from './api-token.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'protected', plugin: apiTokensRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** Personal API tokens: make, list, revoke. */
    apiTokens: ApiTokenService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'apiTokens',
    needs: [],
    create: (deps) => new ApiTokenService(deps),
  }),
];
