// The pay-methods module's manifest: its routes and service, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { payMethodsRoutes } from './pay-methods.routes.js';
import { PayMethodsService } from './pay-methods.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'protected', plugin: payMethodsRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** "How to pay me": a person's pay methods, read by those who share a group or friendship. */
    payMethods: PayMethodsService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'payMethods',
    needs: [],
    create: (deps) => new PayMethodsService(deps),
  }),
];
