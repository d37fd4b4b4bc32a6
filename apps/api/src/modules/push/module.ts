// The push module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { pushRoutes } from './push.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { PushService } from './push.service.js';

export const routes: readonly RouteRegistration[] = [{ scope: 'protected', plugin: pushRoutes }];

declare module '../../composition/app-services.js' {
  interface AppServices {
    push: PushService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'push',
    needs: [],
    create: (deps) => new PushService(deps, deps.vapidKeys),
  }),
];
