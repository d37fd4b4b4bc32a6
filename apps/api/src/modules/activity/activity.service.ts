// ActivityService: use cases of the activity module (contract §4). Placeholder until implemented.
import type { ServiceDeps, Services } from '../../services.js';

export class ActivityService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}
}
