// PayMethodsService (issue #33 point 1): a person's "How to pay me" — read and replaced by the
// person, read by the people they share a group or an accepted friendship with; to anyone else
// the person does not exist (404), so the route reveals nothing about strangers.
import type { PayMethods } from '@evenly/core';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { isDbId } from '../../db/ids.js';
import { NotFoundError } from '../../errors/app-errors.js';
import {
  findPayMethods,
  savePayMethods,
  shareGroupOrFriendship,
} from './pay-methods.repository.js';

export const MSG_PERSON_NOT_FOUND = 'Person not found.';

export class PayMethodsService {
  constructor(protected readonly deps: ServiceDeps) {}

  mine(userId: number): Promise<PayMethods> {
    return findPayMethods(this.deps.db, userId);
  }

  /** Replaces the whole set (already validated and normalised by core's validatePayMethods). */
  async replace(userId: number, methods: PayMethods): Promise<PayMethods> {
    await savePayMethods(this.deps.db, userId, methods, new Date());
    return methods;
  }

  /** Someone's methods, for paying them: only with a shared group or friendship. */
  async ofPerson(callerId: number, personId: number): Promise<PayMethods> {
    if (callerId === personId) return findPayMethods(this.deps.db, personId);
    if (!isDbId(personId) || !(await shareGroupOrFriendship(this.deps.db, callerId, personId))) {
      throw new NotFoundError(MSG_PERSON_NOT_FOUND);
    }
    return findPayMethods(this.deps.db, personId);
  }
}
