// The search module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { searchRoutes } from './search.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { SearchService } from './search.service.js';

export const routes: readonly RouteRegistration[] = [{ scope: 'protected', plugin: searchRoutes }];

declare module '../../composition/app-services.js' {
  interface AppServices {
    search: SearchService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'search',
    needs: [],
    create: (deps) => new SearchService(deps),
  }),
];
