// The profile module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { profileRoutes, publicProfileRoutes } from './profile.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { ProfileService } from './profile.service.js';
import { AccountDeletion } from './account-deletion.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'public', plugin: publicProfileRoutes },
  { scope: 'protected', plugin: profileRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** Me: name, picture and e-mail address changes. */
    profile: ProfileService;
    accountDeletion: AccountDeletion;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'profile',
    needs: ['avatarLinks', 'invitations', 'receipts'],
    create: (deps, collaborators) => new ProfileService(deps, collaborators),
    jobs: (service, registry) => service.registerJobs(registry),
  }),
  provide({
    name: 'accountDeletion',
    needs: ['profile', 'receipts'],
    create: (deps, collaborators) => new AccountDeletion(deps, collaborators),
  }),
];
