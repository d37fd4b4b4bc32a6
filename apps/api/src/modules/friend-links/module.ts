// The friend-links module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { friendLinksRoutes } from './friend-links.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { FriendLinkService } from './friend-link.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'protected', plugin: friendLinksRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    friendLinks: FriendLinkService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'friendLinks',
    needs: ['avatarLinks', 'friendships'],
    create: (deps, collaborators) => new FriendLinkService(deps, collaborators),
  }),
];
