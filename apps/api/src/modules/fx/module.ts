// The fx module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { fxRoutes } from './fx.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { FxService } from './fx.service.js';

export const routes: readonly RouteRegistration[] = [{ scope: 'protected', plugin: fxRoutes }];

declare module '../../composition/app-services.js' {
  interface AppServices {
    fx: FxService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'fx',
    needs: [],
    create: (deps) => new FxService(deps),
  }),
];
