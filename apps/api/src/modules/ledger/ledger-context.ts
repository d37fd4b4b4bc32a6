// Everything an expense or payment write checks against the database (§4.4 rules 4–6, §4.5 and
// the group checks), read in one round trip: the group and the caller's membership, the named
// people, the group's current members and the caller's accepted friends among the named people.
// Read after a transaction has taken its locks (ledger-locks.ts), so the facts hold until it
// commits; or, for a write done as one statement, read first and checked again under the locks by
// the write itself (ledger-guard.ts).
import type { Db } from '../../db/database.js';
import type { Person } from '../balances/index.js';
import { peopleMap } from '../balances/index.js';
import type { GroupRow } from '../groups/index.js';
import { groupRowOf } from '../groups/index.js';
import type { KeyRef } from '../idempotency/index.js';
import type { ContextRow } from './ledger-context.repository.js';
import { selectContextRow, selectPrepareRow } from './ledger-context.repository.js';

export interface LedgerContext {
  /** The group named by the request (or the entry's group), when it exists. */
  group: GroupRow | null;
  /** The caller is a current member of that group. */
  callerIsMember: boolean;
  /** The named people that exist. */
  people: Map<number, Person>;
  /** Current members of the group in joining order (empty outside groups). */
  memberIds: number[];
  /** The caller's accepted friends among the named people. */
  friendIds: Set<number>;
}

function contextOf(row: ContextRow | undefined): LedgerContext {
  const g = row?.grp ?? null;
  return {
    group: g === null ? null : groupRowOf(g),
    callerIsMember: row?.member ?? false,
    people: peopleMap(row?.people ?? []),
    memberIds: row?.members ?? [],
    friendIds: new Set(row?.friends ?? []),
  };
}

/** A write's context with what it needs to write in one more statement. */
export interface PreparedWrite {
  context: LedgerContext;
  /** The key's stored answer, when the key was used before (and has not expired). */
  stored: { requestHash: string; status: number; body: unknown } | null;
  /** The new row's id and its split ids (none when there is a stored answer). */
  newId: number | null;
  splitIds: number[];
}

/** The context of a write and its drawn ids, in one round trip (selectPrepareRow). */
export async function prepareLedgerWrite(
  db: Db,
  w: {
    callerId: number;
    groupId: number | null;
    personIds: readonly number[];
    key: KeyRef | null;
    draw: { kind: 'expense'; splits: number } | { kind: 'payment' };
  },
): Promise<PreparedWrite> {
  const row = await selectPrepareRow(db, [
    w.callerId,
    w.groupId,
    [...new Set(w.personIds)],
    w.key?.userId ?? null,
    w.key?.endpoint ?? null,
    w.key?.key ?? null,
    w.draw.kind,
    w.draw.kind === 'expense' ? w.draw.splits : 0,
  ]);
  const stored = row?.stored ?? null;
  return {
    context: contextOf(row),
    stored: stored === null ? null : { requestHash: stored[0], status: stored[1], body: stored[2] },
    newId: row?.new_id === null || row?.new_id === undefined ? null : Number(row.new_id),
    splitIds: (row?.split_ids ?? []).map(Number),
  };
}

/** The context of a write by `callerId` in `groupId` (null: outside groups) naming `personIds`. */
export async function readLedgerContext(
  db: Db,
  callerId: number,
  groupId: number | null,
  personIds: readonly number[],
): Promise<LedgerContext> {
  const ids = [...new Set(personIds)];
  const row = await selectContextRow(db, callerId, groupId, ids);
  return contextOf(row);
}
