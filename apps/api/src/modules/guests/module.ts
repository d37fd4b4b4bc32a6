// The guests module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { guestsRoutes } from './guests.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { GuestService } from './guest.service.js';

export const routes: readonly RouteRegistration[] = [{ scope: 'protected', plugin: guestsRoutes }];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** People without accounts in groups: adding, claiming, merging. */
    guests: GuestService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'guests',
    needs: ['groups'],
    create: (deps, collaborators) => new GuestService(deps, collaborators),
  }),
];
