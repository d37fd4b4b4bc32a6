// The trip-report module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { tripReportRoutes } from './trip-report.routes.js';
import { TripReportService } from './trip-report.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'protected', plugin: tripReportRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** A group's trip report as a PDF (issue #33 point 3). */
    tripReport: TripReportService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'tripReport',
    needs: ['reports', 'receipts'],
    create: (deps, collaborators) => new TripReportService(deps, collaborators),
  }),
];
