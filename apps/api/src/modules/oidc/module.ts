// The OpenID Connect sign-in module's manifest: its routes and service, found by buildApp
// (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { oidcRoutes } from './oidc.routes.js';
import { OidcService } from './oidc.service.js';

export const routes: readonly RouteRegistration[] = [{ scope: 'public', plugin: oidcRoutes }];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** Sign-in with an OpenID Connect provider (OIDC_ISSUER). */
    oidc: OidcService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'oidc',
    needs: ['invitations'],
    create: (deps, collaborators) => new OidcService(deps, collaborators),
  }),
];
