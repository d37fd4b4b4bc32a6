// The friendships module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { friendshipsRoutes } from './friendships.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { FriendshipService } from './friendship.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'protected', plugin: friendshipsRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    friendships: FriendshipService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'friendships',
    needs: ['avatarLinks', 'invitations'],
    create: (deps, collaborators) => new FriendshipService(deps, collaborators),
  }),
];
