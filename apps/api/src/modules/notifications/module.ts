// The notifications module's manifest: its routes, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { inAppNotificationRoutes } from './in-app.routes.js';
import { notificationSettingsRoutes, publicNotificationRoutes } from './notifications.routes.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'public', plugin: publicNotificationRoutes },
  { scope: 'protected', plugin: inAppNotificationRoutes },
  { scope: 'protected', plugin: notificationSettingsRoutes },
];
