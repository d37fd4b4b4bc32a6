// The series module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { seriesRoutes } from './series.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { SeriesService } from './series.service.js';

export const routes: readonly RouteRegistration[] = [{ scope: 'protected', plugin: seriesRoutes }];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** Recurring expenses: the materialize job, and the tick that enqueues it when something is due. */
    series: SeriesService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'series',
    needs: ['expenses'],
    create: (deps, collaborators) => new SeriesService(deps, collaborators),
    jobs: (service, registry) => {
      service.registerJobs(registry);
    },
    ready: (service) => service.startTicker(),
    stop: (service) => service.stopTicker(),
  }),
];
