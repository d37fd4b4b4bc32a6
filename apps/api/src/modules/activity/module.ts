// The activity module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { activityRoutes } from './activity.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { ActivityService } from './activity.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'protected', plugin: activityRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    activity: ActivityService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'activity',
    needs: [],
    create: (deps) => new ActivityService(deps),
  }),
];
