// What the feature modules offer each other and the routes: one service per name. The interface
// starts empty; each module's `module.ts` adds the services it provides by declaration merging
//
//   declare module '../../composition/app-services.js' {
//     interface AppServices { groups: GroupService }
//   }
//
// and exports a provider for each (`provide` below), so adding a module edits no central list.
// A service gets the infrastructure (ServiceDeps) and only the collaborators its provider names
// in `needs`, typed as `Pick<AppServices, …>`: never a container of everything. The registry
// (service-registry.ts) builds them in dependency order and refuses a cycle at start-up.
import type { JobRegistry } from '../jobs/job-registry.js';
import type { ServiceDeps } from './service-deps.js';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in each module.ts
export interface AppServices {}

export type ServiceName = keyof AppServices;

/** How a module makes one service, and what it does at the app's start and end. */
export interface ServiceProvider<
  K extends ServiceName = ServiceName,
  N extends ServiceName = ServiceName,
> {
  name: K;
  /** The other services this one uses: made first, and the only ones it gets. */
  needs: readonly N[];
  create(deps: ServiceDeps, collaborators: Pick<AppServices, N>): AppServices[K];
  /** Registers the service's background jobs (before the job worker starts). */
  jobs?(service: AppServices[K], registry: JobRegistry): void;
  /** At start-up, once every service is made and the database is followed (schedules). */
  start?(service: AppServices[K]): Promise<void> | void;
  /** Once the app is ready to serve (timers). */
  ready?(service: AppServices[K]): void;
  /** Before the app closes, while the database is still open (timers, running work). */
  stop?(service: AppServices[K]): Promise<void> | void;
  /** When the app has closed (listeners, child processes). */
  close?(service: AppServices[K]): Promise<void> | void;
}

/** A provider, typed from its name and needs (the helper only infers the type parameters). */
export function provide<K extends ServiceName, N extends ServiceName = never>(
  provider: ServiceProvider<K, N>,
): ServiceProvider<K, N> {
  return provider;
}
