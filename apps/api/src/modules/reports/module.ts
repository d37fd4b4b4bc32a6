// The reports module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { reportsRoutes } from './reports.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { ReportService } from './reports.service.js';

export const routes: readonly RouteRegistration[] = [{ scope: 'protected', plugin: reportsRoutes }];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** Spending reports (charts). */
    reports: ReportService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'reports',
    needs: [],
    create: (deps) => new ReportService(deps),
  }),
];
