// ExpenseService: use cases of the expenses module (contract §4). Placeholder until implemented.
import type { ServiceDeps, Services } from '../../services.js';

export class ExpenseService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}
}
