// EventHub: fans change notifications out to the signed-in users' event streams (§4.10).
// Placeholder until implemented.
import type { ServiceDeps, Services } from '../../services.js';

export class EventHub {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}

  async close(): Promise<void> {}
}
