// The invitations module's manifest: its services, found by buildApp (http/route-modules.ts).
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { InvitationService } from './invitation.service.js';

declare module '../../composition/app-services.js' {
  interface AppServices {
    invitations: InvitationService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'invitations',
    needs: ['avatarLinks'],
    create: (deps, collaborators) => new InvitationService(deps, collaborators),
    jobs: (service, registry) => service.registerJobs(registry),
  }),
];
