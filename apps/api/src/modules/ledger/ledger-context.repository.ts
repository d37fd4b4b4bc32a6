// The statements that read a ledger write's facts (ledger-context.ts): one round trip each.
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';
import type { PersonTuple } from '../balances/index.js';
import type { GroupTuple } from '../groups/index.js';
import { groupTupleSql } from '../groups/index.js';

export interface ContextRow {
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

export type PrepareRow = ContextRow & {
  stored: [string, number, unknown] | null;
  new_id: string | null;
  split_ids: string[] | null;
};

/** The context row of `callerId` in `groupId` (null: outside groups) naming the distinct `ids`. */
export async function selectContextRow(
  db: Db,
  callerId: number,
  groupId: number | null,
  ids: number[],
): Promise<ContextRow | undefined> {
  const [row] = await run(db, contextStatement, [callerId, groupId, ids]);
  return row;
}

/** The prepare row; `params` are prepareStatement's $1–$8. */
export async function selectPrepareRow(
  db: Db,
  params: [
    callerId: number,
    groupId: number | null,
    personIds: number[],
    keyUserId: number | null,
    endpoint: string | null,
    key: string | null,
    kind: 'expense' | 'payment',
    splits: number,
  ],
): Promise<PrepareRow | undefined> {
  const [row] = await run(db, prepareStatement, params);
  return row;
}
