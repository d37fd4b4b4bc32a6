// Builds the services the modules provide, each after the ones it needs, and runs their
// start-up and shut-down steps. A missing or doubly provided service, or a cycle of needs, stops
// the app at start-up with the names involved (every test that starts the app checks this).
import type { JobRegistry } from '../jobs/job-registry.js';
import type { AppServices, ServiceName, ServiceProvider } from './app-services.js';
import type { ServiceDeps } from './service-deps.js';

export class ServiceWiringError extends Error {
  override readonly name = 'ServiceWiringError';
}

interface Built {
  provider: ServiceProvider;
  service: AppServices[ServiceName];
}

export class ServiceRegistry {
  /** In the order they were made: collaborators before the services that use them. */
  private readonly built: Built[] = [];
  readonly services: AppServices;

  constructor(deps: ServiceDeps, providers: readonly ServiceProvider[]) {
    const byName = new Map<ServiceName, ServiceProvider>();
    for (const p of providers) {
      if (byName.has(p.name)) throw new ServiceWiringError(`two modules provide "${p.name}"`);
      byName.set(p.name, p);
    }
    const made = new Map<ServiceName, AppServices[ServiceName]>();
    const making: ServiceName[] = [];
    const make = (name: ServiceName, neededBy: ServiceName | null): AppServices[ServiceName] => {
      const done = made.get(name);
      if (done !== undefined) return done;
      const provider = byName.get(name);
      if (provider === undefined) {
        const by = neededBy === null ? '' : ` (needed by "${neededBy}")`;
        throw new ServiceWiringError(`no module provides "${name}"${by}`);
      }
      if (making.includes(name)) {
        const cycle = [...making.slice(making.indexOf(name)), name].join(' → ');
        throw new ServiceWiringError(`services need each other in a cycle: ${cycle}`);
      }
      making.push(name);
      const collaborators: Partial<Record<ServiceName, unknown>> = {};
      for (const need of provider.needs) collaborators[need] = make(need, name);
      // The provider's own type ties `collaborators` to its needs; here they are only names.
      const service = provider.create(deps, collaborators as AppServices);
      making.pop();
      made.set(name, service);
      this.built.push({ provider, service });
      return service;
    };
    for (const name of byName.keys()) make(name, null);
    // Every name was made above (the loop), so the record is complete.
    this.services = Object.freeze(Object.fromEntries(made)) as unknown as AppServices;
  }

  registerJobs(registry: JobRegistry): void {
    for (const { provider, service } of this.built) provider.jobs?.(service, registry);
  }

  async start(): Promise<void> {
    for (const { provider, service } of this.built) await provider.start?.(service);
  }

  ready(): void {
    for (const { provider, service } of this.built) provider.ready?.(service);
  }

  /** Stops and closes in the reverse order of making: users before what they use. */
  async stop(): Promise<void> {
    for (const { provider, service } of [...this.built].reverse()) await provider.stop?.(service);
  }

  async close(): Promise<void> {
    for (const { provider, service } of [...this.built].reverse()) await provider.close?.(service);
  }
}
