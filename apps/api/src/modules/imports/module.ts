// The imports module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { importsRoutes } from './imports.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { ImportService } from './import.service.js';

export const routes: readonly RouteRegistration[] = [{ scope: 'protected', plugin: importsRoutes }];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** Splitwise CSV imports (issue #14). */
    imports: ImportService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'imports',
    needs: ['expenses', 'groups', 'payments'],
    create: (deps, collaborators) => new ImportService(deps, collaborators),
  }),
];
