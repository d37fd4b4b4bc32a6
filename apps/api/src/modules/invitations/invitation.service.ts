// InvitationService: use cases of the invitations module (contract §4). Placeholder until implemented.
import type { Db } from '../../db/database.js';
import type { UserRow } from '../auth/users.repository.js';
import type { ServiceDeps, Services } from '../../services.js';

export class InvitationService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}

  /**
   * Runs in the transaction that marks `user`'s address verified: every invitation to that
   * address becomes a PENDING request from the inviter (§5.7).
   */
  async onEmailVerified(_tx: Db, _user: UserRow): Promise<void> {}
}
