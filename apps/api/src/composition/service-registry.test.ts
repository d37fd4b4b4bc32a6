// The registry makes each service after the ones it needs, hands it only those, runs the
// start-up and shut-down steps in order, and refuses bad wiring at start-up with the names.
import { describe, expect, it } from 'vitest';
import type { ServiceProvider } from './app-services.js';
import type { ServiceDeps } from './service-deps.js';
import { ServiceRegistry, ServiceWiringError } from './service-registry.js';

const deps = {} as ServiceDeps;

/** A provider of a plain record, with its needs and a log of what ran (names are test-only). */
function fake(name: string, needs: string[], log: string[]): ServiceProvider {
  return {
    name,
    needs,
    create: (_deps: ServiceDeps, collaborators: Record<string, unknown>) => {
      log.push(`make ${name} with [${Object.keys(collaborators).join(',')}]`);
      return { name };
    },
    start: () => void log.push(`start ${name}`),
    stop: () => void log.push(`stop ${name}`),
  } as unknown as ServiceProvider;
}

describe('ServiceRegistry', () => {
  it('makes collaborators first and gives each service only what it names', async () => {
    const log: string[] = [];
    const registry = new ServiceRegistry(deps, [
      fake('c', ['a', 'b'], log),
      fake('a', [], log),
      fake('b', ['a'], log),
    ]);
    expect(log).toEqual(['make a with []', 'make b with [a]', 'make c with [a,b]']);
    expect(Object.keys(registry.services).sort()).toEqual(['a', 'b', 'c']);
    log.length = 0;
    await registry.start();
    await registry.stop();
    // Stopped in the reverse order: a service stops before what it uses.
    expect(log).toEqual(['start a', 'start b', 'start c', 'stop c', 'stop b', 'stop a']);
  });

  it('refuses a cycle of needs, naming it', () => {
    const log: string[] = [];
    const wire = () =>
      new ServiceRegistry(deps, [
        fake('a', ['b'], log),
        fake('b', ['c'], log),
        fake('c', ['a'], log),
      ]);
    expect(wire).toThrow(ServiceWiringError);
    expect(wire).toThrow('services need each other in a cycle: a → b → c → a');
  });

  it('refuses a need no module provides, and a name provided twice', () => {
    const log: string[] = [];
    expect(() => new ServiceRegistry(deps, [fake('a', ['ghost'], log)])).toThrow(
      'no module provides "ghost" (needed by "a")',
    );
    expect(() => new ServiceRegistry(deps, [fake('a', [], log), fake('a', [], log)])).toThrow(
      'two modules provide "a"',
    );
  });
});
