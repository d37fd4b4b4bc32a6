// BalanceService: use cases of the balances module (contract §4). Placeholder until implemented.
import type { ServiceDeps, Services } from '../../services.js';

export class BalanceService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}
}
