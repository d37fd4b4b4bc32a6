// The invites module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { invitesRoutes, publicInvitesRoutes } from './invites.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { InviteLinkService } from './invite-link.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'public', plugin: publicInvitesRoutes },
  { scope: 'protected', plugin: invitesRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    inviteLinks: InviteLinkService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'inviteLinks',
    needs: ['groups', 'guests'],
    create: (deps, collaborators) => new InviteLinkService(deps, collaborators),
  }),
];
