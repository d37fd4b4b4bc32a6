// FriendshipService: use cases of the friendships module (contract §4). Placeholder until implemented.
import type { ServiceDeps, Services } from '../../services.js';

export class FriendshipService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}
}
