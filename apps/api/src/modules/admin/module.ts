// The admin module's manifest: its routes (the admin scope, and the first account's claim in the
// protected one) and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { adminClaimRoutes, adminRoutes } from './admin.routes.js';
import { AdminService } from './admin.service.js';
import { AdminPeopleService } from './admin-people.service.js';
import { AdminInstanceService } from './admin-instance.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'admin', plugin: adminRoutes },
  { scope: 'protected', plugin: adminClaimRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** Who is an administrator, the registration mode set at run time, the audit log. */
    admin: AdminService;
    /** The admin area's people: disable, enable, delete, resend verification, roles. */
    adminPeople: AdminPeopleService;
    /** The admin area's instance figures, health, test e-mail and backup. */
    adminInstance: AdminInstanceService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({ name: 'admin', needs: [], create: (deps) => new AdminService(deps) }),
  provide({
    name: 'adminPeople',
    needs: ['admin', 'accountDeletion'],
    create: (deps, collaborators) => new AdminPeopleService(deps, collaborators),
  }),
  provide({
    name: 'adminInstance',
    needs: ['admin', 'receipts'],
    create: (deps, collaborators) => new AdminInstanceService(deps, collaborators),
  }),
];
