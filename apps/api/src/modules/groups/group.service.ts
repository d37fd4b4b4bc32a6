// GroupService: use cases of the groups module (contract §4). Placeholder until implemented.
import type { ServiceDeps, Services } from '../../services.js';

export class GroupService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}
}
