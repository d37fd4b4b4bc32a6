// The exports module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { exportsRoutes } from './exports.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { ExportService } from './export.service.js';

export const routes: readonly RouteRegistration[] = [{ scope: 'protected', plugin: exportsRoutes }];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** Group CSV and account JSON exports (issue #14). */
    exports: ExportService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'exports',
    needs: ['groups', 'receipts', 'payMethods'],
    create: (deps, collaborators) => new ExportService(deps, collaborators),
  }),
];
