// ReceiptService: use cases of the receipts module (contract §4). Placeholder until implemented.
import type { ServiceDeps, Services } from '../../services.js';

export class ReceiptService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}
}
