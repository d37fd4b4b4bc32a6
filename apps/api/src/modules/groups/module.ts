// The groups module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { groupsRoutes } from './groups.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { GroupService } from './group.service.js';

export const routes: readonly RouteRegistration[] = [{ scope: 'protected', plugin: groupsRoutes }];

declare module '../../composition/app-services.js' {
  interface AppServices {
    groups: GroupService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'groups',
    needs: ['avatarLinks', 'balances', 'invitations', 'receipts'],
    create: (deps, collaborators) => new GroupService(deps, collaborators),
  }),
];
