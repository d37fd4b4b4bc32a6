// Everything an expense or payment write checks against the database (§4.4 rules 4–6, §4.5 and
// the group checks), read in one round trip: the group and the caller's membership, the named
// people, the group's current members and the caller's accepted friends among the named people.
// Read after a transaction has taken its locks (ledger-locks.ts), so the facts hold until it
// commits; or, for a write done as one statement, read first and checked again under the locks by
// the write itself (ledger-guard.ts).
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';
import type { Person, PersonTuple } from '../balances/balance-reader.js';
import { peopleMap } from '../balances/balance-reader.js';
import type { GroupRow, GroupTuple } from '../groups/membership.repository.js';
import { groupRowOf, groupTupleSql } from '../groups/membership.repository.js';
import type { KeyRef } from '../idempotency/idempotency.repository.js';

interface ContextRow {
  grp: GroupTuple | null;
  member: boolean;
  people: PersonTuple[];
  members: number[];
  friends: number[];
}

/** SQL: the context's columns; $1 caller, $2 group id or null, $3 the people named. */
const CONTEXT_COLUMNS = `(select ${groupTupleSql('g')} from groups g where g.id = $2) as grp,
          exists (select 1 from group_members where group_id = $2 and user_id = $1
                    and left_at is null) as member,
          coalesce((select json_agg(json_build_array(u.id, u.name, u.email)) from users u
                     where u.id = any($3::int[])), '[]') as people,
          coalesce((select json_agg(gm.user_id order by gm.join_seq) from group_members gm
                     where gm.group_id = $2 and gm.left_at is null), '[]') as members,
          coalesce((select json_agg(case when f.user_low = $1 then f.user_high else f.user_low end)
                      from friendships f
                     where f.status = 'ACCEPTED'
                       and (f.user_low, f.user_high) in
                           (select least($1, x), greatest($1, x) from unnest($3::int[]) as x)),
                   '[]') as friends`;

const contextStatement = statement<ContextRow>('ledger.context', `select ${CONTEXT_COLUMNS}`);

/**
 * The first statement of a write done without a transaction (ledger-guard.ts): the context, the
 * stored answer of the request's Idempotency-Key ($4 user, $5 endpoint, $6 key; null user = no
 * key) and, unless there is one, the new row's id ($7: 'expense' or 'payment') and $8 split ids,
 * drawn now so that the answer can be built, and stored with the write, before it is written.
 */
const prepareStatement = statement<
  ContextRow & {
    stored: [string, number, unknown] | null;
    new_id: string | null;
    split_ids: string[] | null;
  }
>(
  'ledger.prepare',
  `with st as materialized (
     select json_build_array(request_hash, response_status, response_body) as v
       from idempotency_keys
      where user_id = $4::int and endpoint = $5::text and key = $6::text and expires_at > now())
   select ${CONTEXT_COLUMNS},
          (select v from st) as stored,
          case when exists (select 1 from st) then null
               when $7::text = 'expense' then nextval(pg_get_serial_sequence('expenses', 'id'))
               when $7::text = 'payment' then nextval(pg_get_serial_sequence('payments', 'id'))
          end as new_id,
          case when exists (select 1 from st) or $7::text <> 'expense' then null
               else array(select nextval(pg_get_serial_sequence('expense_splits', 'id'))
                            from generate_series(1, $8::int)) end as split_ids`,
);

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

/** The context of a write and its drawn ids, in one round trip (see prepareStatement). */
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
  const [row] = await run(db, prepareStatement, [
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
  const [row] = await run(db, contextStatement, [callerId, groupId, ids]);
  return contextOf(row);
}
