// CommentService: use cases of the comments module (contract §4). Placeholder until implemented.
import type { ServiceDeps, Services } from '../../services.js';

export class CommentService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}
}
