// The ledger module's manifest: its services, found by buildApp (http/route-modules.ts).
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { DeletedEntriesService } from './purge-deleted.js';

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** Deleted expenses and payments: their purge once no longer restorable. */
    deletedEntries: DeletedEntriesService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'deletedEntries',
    needs: ['receipts'],
    create: (deps, collaborators) => new DeletedEntriesService(deps, collaborators),
    jobs: (service, registry) => service.registerJobs(registry),
    start: (service) => service.schedule(),
  }),
];
