// PaymentService: use cases of the payments module (contract §4). Placeholder until implemented.
import type { ServiceDeps, Services } from '../../services.js';

export class PaymentService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}
}
