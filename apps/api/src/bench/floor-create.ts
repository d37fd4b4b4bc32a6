// The creation floor (issue #36 point 3): what writing one expense's rows costs PostgreSQL on this
// machine when nothing else happens. One statement, through the floor server's pool, writes
// the rows POST /api/expenses writes for an EQUAL expense: the expense (its search words by its
// trigger), one payer, a split and an activity row per member, the change row, an idempotency
// key and the payer's pair balances. Left out, because they are the app's and not the rows':
// the context read, the checks and their locks, the notifier, the change stamper and all of
// the HTTP work around it. A creation through the app cannot be faster than this row.

import { cents, splitEqually } from '@evenly/core';

/** The floor route's body: who pays what in which group (amount in cents). */
export interface FloorCreation {
  groupId: number;
  payerId: number;
  members: number[];
  amountCents: number;
}

/**
 * The rows a creation writes besides the expense itself, each a data-modifying CTE on `e` (the
 * new expense); PostgreSQL runs every such CTE exactly once, read or not. `balances` is the
 * payer's pair balances, the statement's main part when present.
 */
export type FloorPiece = 'payers' | 'splits' | 'activities' | 'change' | 'key' | 'balances';
export const FLOOR_PIECES: readonly FloorPiece[] = [
  'payers',
  'splits',
  'activities',
  'change',
  'key',
  'balances',
];

// $1 group, $2 payer, $3 members, $4 their shares (cents), $5 amount, $6 key.
const EXPENSE = `e as (
    insert into expenses (group_id, description, amount_cents, currency, date, split_type,
                          created_by_id, payer_user_ids, payer_amounts, split_user_ids,
                          split_values, split_owed, category)
    values ($1::int, 'Bench dinner', $5::bigint, 'USD', date '2025-03-14', 'EQUAL', $2::int,
            array[$2::int], array[$5::bigint], $3::int[],
            array_fill(null::text, array[cardinality($3::int[])]), $4::bigint[], 'general')
    returning id)`;

/** The CTEs in the statement's order (FLOOR_PIECES's, the balances apart). */
const CTES: Record<Exclude<FloorPiece, 'balances'>, string> = {
  payers: `pay as (
    insert into expense_payers (expense_id, position, user_id, amount_paid_cents)
    select e.id, 0, $2::int, $5::bigint from e)`,
  splits: `spl as (
    insert into expense_splits (expense_id, position, user_id, owed_cents)
    select e.id, t.ord - 1, t.u, t.owed
      from e, unnest($3::int[], $4::bigint[]) with ordinality as t(u, owed, ord))`,
  activities: `act as (
    insert into activities (recipient_id, type, actor_id, group_id, group_name, expense_id,
                            description, amount_cents, currency, my_share_cents, category)
    select t.u, 'expense_added', $2::int, $1::int, 'Bench group', e.id,
           'Bench dinner', $5::bigint, 'USD', t.owed, 'general'
      from e, unnest($3::int[], $4::bigint[]) as t(u, owed))`,
  change: `chg as (
    insert into changes (entity, action, entity_id, group_id, recipients, affected)
    select 'expense', 'created', e.id, $1::int, $3::int[], $3::int[] from e)`,
  key: `k as (
    insert into idempotency_keys (user_id, endpoint, key, request_hash, response_status,
                                  response_body, expires_at)
    select $2::int, 'POST /expenses', $6::text, 'floor', 201, '{}'::jsonb,
           now() + interval '1 day' from e)`,
};

const BALANCES = `insert into pair_balances as pb (group_id, currency, user_low, user_high, net_cents, slot)
  select $1::int, 'USD', least($2::int, t.u), greatest($2::int, t.u),
         case when t.u > $2::int then t.owed else -t.owed end, 0
    from unnest($3::int[], $4::bigint[]) as t(u, owed)
   where t.u <> $2::int
   order by 3, 4
  on conflict (group_id, currency, user_low, user_high, slot)
    do update set net_cents = pb.net_cents + excluded.net_cents`;

/** The statement writing the expense and the `pieces` named; $1–$6 as FLOOR_CREATE_TEXT's. */
function floorCreateText(pieces: readonly FloorPiece[]): string {
  const ctes = Object.entries(CTES)
    .filter(([piece]) => pieces.includes(piece as FloorPiece))
    .map(([, cte]) => cte);
  const main = pieces.includes('balances') ? BALANCES : 'select count(*) from e';
  return `with\n  ${[EXPENSE, ...ctes].join(',\n  ')}\n  ${main}`;
}

/** The statement of the floor route: every piece. */
export const FLOOR_CREATE_TEXT = floorCreateText(FLOOR_PIECES);

/** The statement's values for one creation; `key` must differ per request. */
export function floorCreateValues(c: FloorCreation, key: string): unknown[] {
  return [
    c.groupId,
    c.payerId,
    c.members,
    splitEqually(cents(c.amountCents), c.members.length),
    c.amountCents,
    key,
  ];
}

/**
 * The statement for one creation with its values written in (pgbench's scripts: a variant
 * without some pieces leaves some parameters unused, which a prepared statement cannot type).
 * `keySql` is the key as an SQL text expression, e.g. built from pgbench variables.
 */
export function floorCreateLiteral(
  c: FloorCreation,
  keySql: string,
  pieces: readonly FloorPiece[],
): string {
  const ints = (xs: readonly number[]) => `'{${xs.map((x) => String(Math.trunc(x))).join(',')}}'`;
  const [group, payer, members, shares, amount] = floorCreateValues(c, '') as [
    number,
    number,
    number[],
    number[],
    number,
  ];
  const literal: Record<string, string> = {
    '$1::int': `${Math.trunc(group)}::int`,
    '$2::int': `${Math.trunc(payer)}::int`,
    '$3::int[]': `${ints(members)}::int[]`,
    '$4::bigint[]': `${ints(shares)}::bigint[]`,
    '$5::bigint': `${Math.trunc(amount)}::bigint`,
    '$6::text': `(${keySql})::text`,
  };
  return floorCreateText(pieces).replace(
    /\$[1-6]::(?:int\[\]|bigint\[\]|int|bigint|text)/g,
    (m) => literal[m] ?? m,
  );
}
