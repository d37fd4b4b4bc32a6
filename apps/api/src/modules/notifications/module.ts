// The notifications module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { inAppNotificationRoutes } from './in-app.routes.js';
import { notificationSettingsRoutes, publicNotificationRoutes } from './notifications.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { NotificationService } from './notification.service.js';
import { InAppNotificationService } from './in-app.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'public', plugin: publicNotificationRoutes },
  { scope: 'protected', plugin: inAppNotificationRoutes },
  { scope: 'protected', plugin: notificationSettingsRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** E-mail and push delivery, settings, unsubscribe. */
    notifications: NotificationService;
    /** The in-app list (the bell): read state and unread count. */
    inbox: InAppNotificationService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'notifications',
    needs: ['push'],
    create: (deps, { push }) => {
      const service = new NotificationService(deps);
      service.usePush(push);
      return service;
    },
    jobs: (service, registry) => service.registerJobs(registry),
    start: (service) => service.start(),
  }),
  provide({
    name: 'inbox',
    needs: [],
    create: (deps) => new InAppNotificationService(deps),
  }),
];
