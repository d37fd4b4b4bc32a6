// Undoing a delete (issue #13): who may restore a deleted expense or payment, and whether it can
// still be put back. Restoring writes the entry's effect on the balances again, so it needs what
// writing it needed when it was made: in a group, everyone on it still a current member and the
// group still keeping its balances in the entry's currency; outside groups, the friendships it
// was made under. Facts are read under the write's locks (ledger-locks.ts); no I/O here.
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors/app-errors.js';
import type { GroupRow, GroupStanding } from '../groups/index.js';

export type EntryKind = 'expense' | 'payment';

/** 409 NOT_RESTORABLE with a sentence that says why. */
export function notRestorable(kind: EntryKind, reason: string): ConflictError {
  return new ConflictError('NOT_RESTORABLE', `This ${kind} cannot be restored: ${reason}.`);
}

/**
 * The same people as for deleting (docs/api.md §5.6) may restore: current members of its group, or
 * the people on a non-group entry. Someone it was never shown to gets the 404 of an unknown id
 * (a deleted entry's existence is not told); a former member of its group gets 403.
 */
export function checkRestoreAccess(
  entry: { groupId: number | null; personIds: readonly number[] },
  callerId: number,
  standing: GroupStanding | null,
  messages: { notFound: string; noAccess: string },
): void {
  if (entry.groupId === null) {
    if (!entry.personIds.includes(callerId)) throw new NotFoundError(messages.notFound);
    return;
  }
  if (standing === 'never' || standing === null) throw new NotFoundError(messages.notFound);
  if (standing === 'former') throw new ForbiddenError(messages.noAccess);
}

/** What the rules check, read under the restore's locks. */
export interface RestoreFacts {
  /** The entry's group (it exists: deleting a group deletes its entries). */
  group: GroupRow | null;
  /** Current members of that group. */
  memberIds: readonly number[];
  /** Names of the people on the entry. */
  names: ReadonlyMap<number, string>;
  /** The caller's accepted friends among them. */
  callerFriends: ReadonlySet<number>;
  /** The entry's creator's accepted friends among them. */
  creatorFriends: ReadonlySet<number>;
}

/**
 * Throws 409 NOT_RESTORABLE when the entry cannot be put back:
 * - group entry: someone on it is no longer a current member (left, removed, merged), or the
 *   group now converts into another currency than the one the entry's balances are in;
 * - non-group entry: someone on it is a friend of neither the caller nor the entry's creator
 *   any more (the friendship ended; the creator was friends with everyone when making it).
 */
export function checkRestorable(
  kind: EntryKind,
  entry: { currency: string; createdById: number; personIds: readonly number[] },
  callerId: number,
  facts: RestoreFacts,
): void {
  const nameOf = (id: number) => facts.names.get(id) ?? 'Someone';
  const group = facts.group;
  if (group !== null) {
    const members = new Set(facts.memberIds);
    for (const id of entry.personIds) {
      if (!members.has(id)) {
        throw notRestorable(kind, `${nameOf(id)} is no longer a member of this group`);
      }
    }
    if (group.currencyMode === 'CONVERT' && entry.currency !== group.defaultCurrency) {
      throw notRestorable(
        kind,
        `the group now keeps its balances in ${group.defaultCurrency}, not ${entry.currency}`,
      );
    }
    return;
  }
  for (const id of entry.personIds) {
    if (id === callerId) continue;
    const viaCreator = id !== entry.createdById && facts.creatorFriends.has(id);
    if (!facts.callerFriends.has(id) && !viaCreator) {
      throw notRestorable(kind, `you are no longer friends with ${nameOf(id)}`);
    }
  }
}
