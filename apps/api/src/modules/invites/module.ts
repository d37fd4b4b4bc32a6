// The invites module's manifest: its routes, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { invitesRoutes, publicInvitesRoutes } from './invites.routes.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'public', plugin: publicInvitesRoutes },
  { scope: 'protected', plugin: invitesRoutes },
];
