// The events module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { eventsRoutes, publicEventsRoutes } from './events.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { EventHub } from './event-hub.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'public', plugin: publicEventsRoutes },
  { scope: 'protected', plugin: eventsRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** Live change events (SSE); subscribes to the change feed when made. */
    events: EventHub;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'events',
    needs: [],
    create: (deps) => new EventHub(deps),
    close: (service) => service.close(),
  }),
];
