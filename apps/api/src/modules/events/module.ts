// The events module's manifest: its routes, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { eventsRoutes, publicEventsRoutes } from './events.routes.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'public', plugin: publicEventsRoutes },
  { scope: 'protected', plugin: eventsRoutes },
];
