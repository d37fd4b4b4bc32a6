// Seeds a fresh PostgreSQL database for the benchmark with set-based SQL (generate_series and
// INSERT … SELECT), fast enough for millions of rows on a small machine. What it writes is what
// the app would have written for the same history:
//
// - users; special groups of 8 (one big group, a few heavy ones, small 10-expense and medium
//   100-expense ones, and the group the write benchmark fills) on the first users, then every
//   other user in 1–5 groups of 3–8 people, sizes varied, and accepted friendships between
//   everyone who shares a group;
// - expenses spread over time and over the groups (the regular groups' activity skewed, so some
//   are busy and most are quiet): EQUAL splits, a share of EXACT ones, some that leave one member
//   out and some with two payers, with payers and splits by the §5.1/§5.2 rules computed in SQL;
// - payments between members, comments on some expenses;
// - activity rows as the app records them: one per recipient (every current member) per change,
//   with each recipient's myShare, in time order; group creation and member adds too;
// - pair_balances aggregated from all of the above.
//
// Secondary indexes (and the primary keys of tables nothing references) are dropped during the
// load and rebuilt afterwards; foreign-key triggers are skipped while loading (the generated rows
// are consistent by construction), then everything is VACUUM ANALYZEd. A sample of groups is
// re-checked against @evenly/core (computeShares, expenseDebts, paymentDebt,
// computePairwiseNets, personNets), activity myShares included.
//
// Pseudo-random choices come from a hash of the row number (pg_temp.h), so a seed is the same on
// every run.
import {
  computePairwiseNets,
  computeShares,
  expenseDebts,
  pairOf,
  parseMoney,
  paymentDebt,
} from '@evenly/core';
import type { Cents, Debt, SplitType } from '@evenly/core';
import pg from 'pg';

export interface SeedSizes {
  users: number;
  expenses: number;
  /** Expenses in the big group (group 1). */
  bigGroupExpenses: number;
  /** How many heavy groups, and expenses in each. */
  heavyGroups: number;
  heavyGroupExpenses: number;
  /** Expenses in each small group (groups 2 …): one more small group than heavy groups. */
  smallGroupExpenses: number;
  /** Expenses in each medium group (as many as small ones): enough for full pages. */
  mediumGroupExpenses: number;
}

export interface SeedResult {
  /** The user that writes in the write benchmark (a member of the big and first small group). */
  benchUserId: number;
  bigGroupId: number;
  /** Group 2 first. */
  smallGroupIds: number[];
  mediumGroupIds: number[];
  heavyGroupIds: number[];
  /** The group POST /expenses fills in the write benchmark, with its members. */
  writeGroupId: number;
  writeGroupMembers: number[];
  /**
   * Users 1 … specialUsers are the members of the special groups above (and of no other):
   * the history comparison reads as them, so the other measurements leave them alone.
   */
  specialUsers: number;
  counts: SeedCounts;
  seconds: number;
}

export interface SeedCounts {
  users: number;
  groups: number;
  memberships: number;
  friendships: number;
  expenses: number;
  payments: number;
  comments: number;
  activities: number;
  pairBalances: number;
}

/** What seeded expenses are for: an item and its category (packages/core categories). */
export const SEED_ITEMS: readonly (readonly [string, string])[] = [
  ['Pizza', 'dining_out'],
  ['Sushi', 'dining_out'],
  ['Dinner', 'dining_out'],
  ['Lunch', 'dining_out'],
  ['Brunch', 'dining_out'],
  ['Groceries', 'groceries'],
  ['Supermarket', 'groceries'],
  ['Bakery', 'groceries'],
  ['Café', 'drinks'],
  ['Drinks', 'drinks'],
  ['Cocktails', 'drinks'],
  ['Taxi', 'taxi'],
  ['Fuel', 'fuel'],
  ['Parking', 'parking'],
  ['Train tickets', 'public_transport'],
  ['Flights', 'flights'],
  ['Rent', 'rent'],
  ['Electricity', 'utilities'],
  ['Internet', 'utilities'],
  ['Cleaning supplies', 'household_supplies'],
  ['Museum', 'entertainment'],
  ['Cinema', 'movies'],
  ['Concert', 'music'],
  ['Hotel', 'hotel'],
  ['Pharmacy', 'medical'],
  ['Birthday present', 'gifts'],
  ['Football tickets', 'sports'],
  ['Video games', 'games'],
  ['Vet', 'pets'],
  ['Crème brûlée class', 'education'],
] as const;

/** The detail after the item: places, people, occasions (40, some accented). */
export const SEED_DETAILS: readonly string[] = [
  'at Luigi’s',
  'in Málaga',
  'in Zürich',
  'in São Paulo',
  'for the weekend',
  'with Zoë',
  'with José',
  'with the neighbours',
  'on Friday',
  'on Sunday',
  'downtown',
  'near the station',
  'at the airport',
  'for the party',
  'for the trip',
  'after work',
  'before the match',
  'for the kids',
  'at the market',
  'at the beach',
  'in Kraków',
  'in Montréal',
  'in Reykjavík',
  'in Lisbon',
  'in Berlin',
  'in Kyoto',
  'for Christmas',
  'for New Year',
  'for the anniversary',
  'for the housewarming',
  'split with everyone',
  'late night',
  'early morning',
  'for the office',
  'with cousins',
  'in the mountains',
  'by the lake',
  'at Café Müller',
  'on holiday',
  'for the wedding',
];

/** Notes on one expense in eight. */
export const SEED_NOTES: readonly string[] = [
  'Paid by card, receipt in the drawer.',
  'Includes the tip.',
  'Half price with the student discount.',
  'Booked through the app.',
  'Refund expected next month.',
  'Shared bottle of rosé.',
  'Deposit included.',
  'The façade tour was extra.',
];

/** Members of every special group. */
const SPECIAL_GROUP_SIZE = 8;
/** A payment for about one expense in ten (none in the small groups). */
const PAYMENT_PER_MILLE = 100;
/** Activity ids: a change's rows are `base + slot × 16 + member rank` (ranks ≤ 8). */
const RANK_SPAN = 16;
/** Group-event ids: `group × 128 + k` (group_created, then member_added up to 7 × 8 + 8). */
const GROUP_EVENT_SPAN = 128;

function log(message: string): void {
  process.stdout.write(`[seed] ${message}\n`);
}

async function timed(
  client: pg.Client,
  label: string,
  query: string,
  params: unknown[] = [],
): Promise<pg.QueryResult> {
  const started = Date.now();
  const res = await client.query(query, params);
  const rows = res.command === 'INSERT' ? ` ${res.rowCount ?? 0} rows,` : '';
  log(`${label}:${rows} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return res;
}

async function count(client: pg.Client, table: string): Promise<number> {
  const r = await client.query<{ n: string }>(`select count(*)::text as n from ${table}`);
  return Number(r.rows[0]?.n ?? 0);
}

interface SpecialGroup {
  id: number;
  name: string;
  members: number[];
}

/** The special groups on the first users; user 1 is in the big, the first small and the write group. */
function specialGroups(sizes: SeedSizes): {
  groups: SpecialGroup[];
  big: number;
  small: number[];
  medium: number[];
  heavy: number[];
  write: number;
  lastUser: number;
} {
  let nextUser = 2;
  const fresh = (k: number): number[] => {
    const ids = Array.from({ length: k }, (_, i) => nextUser + i);
    nextUser += k;
    return ids;
  };
  const groups: SpecialGroup[] = [];
  const add = (name: string, members: number[]): number => {
    groups.push({ id: groups.length + 1, name, members });
    return groups.length;
  };
  const big = add('Big group', [1, ...fresh(SPECIAL_GROUP_SIZE - 1)]);
  const small: number[] = [];
  for (let k = 0; k <= sizes.heavyGroups; k++) {
    small.push(
      add(
        `Small group ${k + 1}`,
        k === 0 ? [1, ...fresh(SPECIAL_GROUP_SIZE - 1)] : fresh(SPECIAL_GROUP_SIZE),
      ),
    );
  }
  const medium: number[] = [];
  for (let k = 0; k <= sizes.heavyGroups; k++) {
    medium.push(add(`Medium group ${k + 1}`, fresh(SPECIAL_GROUP_SIZE)));
  }
  const heavy: number[] = [];
  for (let k = 0; k < sizes.heavyGroups; k++) {
    heavy.push(add(`Busy group ${k + 1}`, fresh(SPECIAL_GROUP_SIZE)));
  }
  const write = add('Write group', [1, ...fresh(SPECIAL_GROUP_SIZE - 1)]);
  return { groups, big, small, medium, heavy, write, lastUser: nextUser - 1 };
}

/**
 * One row per (expense, current member of its group): the member's rank, whether they are in
 * the split, their split position, what they owe (§5.1) and what they paid. The splits, the
 * expense activity rows and the pairwise debts are all read from it, so they agree by
 * construction.
 *  - EQUAL: everyone but the last gets round_half_up(A / n) = floor((2A + n) / 2n), the last the
 *    rest (never negative: A ≥ 100 cents, n ≤ 8).
 *  - EXACT (typed amounts): the first person floor(2A / (n + 1)), the middle ones
 *    floor(A / (n + 1)), the last the rest (≥ A / (n + 1) > 0).
 */
const EXPENSE_MEMBERS = `(select y.*,
       case when not y.in_split then 0
            when y.split_type = 'EQUAL' then
              case when y.pos < y.n_split - 1 then (2 * y.amount + y.n_split) / (2 * y.n_split)
                   else y.amount - (y.n_split - 1) * ((2 * y.amount + y.n_split) / (2 * y.n_split)) end
            else
              case when y.pos = 0 then (2 * y.amount) / (y.n_split + 1)
                   when y.pos < y.n_split - 1 then y.amount / (y.n_split + 1)
                   else y.amount - (2 * y.amount) / (y.n_split + 1)
                        - (y.n_split - 2) * (y.amount / (y.n_split + 1)) end
       end::bigint as owed,
       case y.rank when y.p1_rank then y.p1_paid when y.p2_rank then y.p2_paid else 0 end::bigint as paid
  from (select e.id, e.group_id, e.amount, e.split_type, e.n_split, e.p1_rank, e.p1_user, e.p1_paid,
               e.p2_rank, e.p2_user, e.p2_paid, m.user_id, m.rank,
               m.rank <> e.skip_rank as in_split,
               m.rank - 1 - case when e.skip_rank > 0 and m.rank > e.skip_rank then 1 else 0 end as pos
          from bench_exp e join bench_members m on m.group_id = e.group_id) y) em`;

/** Seeds `url` (already migrated, empty). `passwordHash` is the password of every user. */
export async function seed(
  url: string,
  sizes: SeedSizes,
  passwordHash: string,
): Promise<SeedResult> {
  const started = Date.now();
  const special = specialGroups(sizes);
  const smallTotal = special.small.length * sizes.smallGroupExpenses;
  const mediumTotal = special.medium.length * sizes.mediumGroupExpenses;
  const heavyTotal = sizes.heavyGroups * sizes.heavyGroupExpenses;
  const regularExpenses =
    sizes.expenses - sizes.bigGroupExpenses - smallTotal - mediumTotal - heavyTotal;
  if (regularExpenses < 0) throw new Error('bench sizes: too few expenses for the special groups');
  if (sizes.users < special.lastUser + 100) throw new Error('bench sizes: too few users');
  const E = sizes.expenses;
  const N = sizes.users;
  const S0 = special.lastUser;
  const firstRegular = special.groups.length + 1;
  // Event slots (4 per expense: the expense, its payment, two comments) spread over two years.
  const stepMicros = Math.floor((730 * 86_400 * 1e6) / (4 * (E + 1)));
  const at = (slot: string) =>
    `(timestamptz '2024-01-01 00:00:00+00' + (${slot})::float8 * ${stepMicros} * interval '1 microsecond')`;
  const groupAt = (g: string) =>
    `(timestamptz '2023-12-01 00:00:00+00' + (${g}) * interval '1 second')`;

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(`set work_mem = '256MB'`);
    // Skips FK triggers while loading (superuser); the rows are consistent by construction.
    await client.query(`set session_replication_role = replica`);
    // A well-mixed pseudo-random number in [0, 2^30) from a row number and a salt.
    await client.query(`create function pg_temp.h(x bigint, salt bigint) returns bigint
      language sql immutable parallel safe as $$ select hashint8extended(x, salt) & 1073741823 $$`);

    const tables = [
      'users',
      'groups',
      'group_members',
      'friendships',
      'expenses',
      'expense_payers',
      'expense_splits',
      'payments',
      'comments',
      'activities',
      'pair_balances',
    ];
    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
        where i.schemaname = 'public' and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [tables],
    );
    for (const ix of indexes.rows) await client.query(`drop index "${ix.indexname}"`);
    // Keys of the big tables that no foreign key references are rebuilt after the load too: row
    // by row, the activities key alone costs more than the whole insert. group_members keeps
    // its key (the membership insert relies on it to drop duplicates).
    const keys = await client.query<{ table: string; name: string; def: string }>(
      `select c.conrelid::regclass::text as table, c.conname as name,
              pg_get_constraintdef(c.oid) as def
         from pg_constraint c
        where c.contype in ('p', 'u') and c.conrelid::regclass::text = any($1)
          and not exists (select 1 from pg_constraint f where f.contype = 'f'
                            and f.confrelid = c.conrelid)`,
      [
        [
          'activities',
          'expense_splits',
          'expense_payers',
          'pair_balances',
          'comments',
          'payments',
          'friendships',
        ],
      ],
    );
    for (const k of keys.rows) {
      await client.query(`alter table "${k.table}" drop constraint "${k.name}"`);
    }

    await timed(
      client,
      'users',
      `insert into users (id, name, email, password_hash, email_verified_at, created_at, updated_at)
       overriding system value
       select i, 'User ' || i, 'user' || i || '@bench.test', $1, t, t, t
         from generate_series(1, ${N}) i, (select timestamptz '2023-11-01 00:00:00+00' as t) c`,
      [passwordHash],
    );

    // Special groups: members in the order they joined (the first one created the group).
    const sg: number[] = [];
    const su: number[] = [];
    for (const g of special.groups) {
      for (const u of g.members) {
        sg.push(g.id);
        su.push(u);
      }
    }
    await client.query(
      `insert into group_members (group_id, user_id, joined_at)
       select g, u, ${groupAt('g')} from unnest($1::int[], $2::int[]) with ordinality as t(g, u, o)
        order by o`,
      [sg, su],
    );
    // Regular users: 1–5 membership slots each (mostly 1–3). The slots are laid out layer by
    // layer (every user's first slot, then the second slots of those with two or more, …), each
    // layer in its own shuffled order, and cut into groups of 3–8 in turn. A user appears once
    // per layer, so a group can only meet someone twice where it straddles two layers; those
    // rare duplicates are dropped. The slots after the last whole group (< 8, all in the last
    // layer, whose users are in other groups too) are left out.
    await timed(
      client,
      'membership slots',
      `create temporary table bench_slots as
       select s.u, (row_number() over (order by s.j, pg_temp.h(s.u, s.j)) - 1)::int as r
         from (select u, j from generate_series(${S0 + 1}, ${N}) u, generate_series(1, 5) j
                where j <= (array[1, 1, 2, 2, 2, 3, 3, 4, 5])[1 + pg_temp.h(u, 101) % 9]) s`,
    );
    const slots = await count(client, 'bench_slots');
    await client.query(`create temporary table bench_rg as
      select g, size, (sum(size) over (order by g) - size)::int as start
        from (select g, (3 + pg_temp.h(g, 202) % 6)::int as size
                from generate_series(1, ${Math.floor(slots / 3) + 1}) g) s`);
    await client.query(`delete from bench_rg where start + size > ${slots}`);
    await client.query(`create index on bench_rg (start)`);
    await client.query(`analyze bench_rg`);
    const regularGroups = await count(client, 'bench_rg');
    const G = firstRegular - 1 + regularGroups;
    await timed(
      client,
      `memberships (${regularGroups} regular groups)`,
      `insert into group_members (group_id, user_id, joined_at)
       select ${firstRegular - 1} + c.g, s.u, ${groupAt(`${firstRegular - 1} + c.g`)}
         from bench_slots s
         cross join lateral (select g, start, size from bench_rg
                              where start <= s.r order by start desc limit 1) c
        where s.r < c.start + c.size
        order by 1, s.r
       on conflict do nothing`,
    );
    await client.query(`create temporary table bench_members as
      select group_id, user_id,
             row_number() over (partition by group_id order by join_seq)::int as rank,
             count(*) over (partition by group_id)::int as n
        from group_members`);
    await client.query(`create index on bench_members (group_id, rank)`);
    await client.query(`analyze bench_members`);
    await client.query(`create temporary table bench_gn as
      select group_id, max(n) as n from bench_members group by group_id`);
    await client.query(`analyze bench_gn`);

    // Groups: created by their first member; a fifth of the regular ones simplify debts.
    const names = [
      'Flat',
      'Trip',
      'Office lunch',
      'Family',
      'Climbing club',
      'Road trip',
      'Book club',
      'Holiday',
    ];
    await timed(
      client,
      'groups',
      `insert into groups (id, name, creator_id, simplify_debts, default_currency, created_at,
                           last_activity_at)
       overriding system value
       select m.group_id,
              coalesce(sp.name, ($1::text[])[1 + pg_temp.h(m.group_id, 303) % ${names.length}]
                                || ' ' || m.group_id),
              m.user_id, m.group_id >= ${firstRegular} and pg_temp.h(m.group_id, 304) % 5 = 0,
              'USD', ${groupAt('m.group_id')}, ${groupAt('m.group_id')}
         from bench_members m
         left join unnest($2::int[], $3::text[]) as sp(id, name) on sp.id = m.group_id
        where m.rank = 1`,
      [names, special.groups.map((g) => g.id), special.groups.map((g) => g.name)],
    );
    await timed(
      client,
      'friendships (everyone who shares a group)',
      `insert into friendships (requester_id, addressee_id, status, user_low, user_high,
                                created_at, accepted_at)
       select p.low, p.high, 'ACCEPTED', p.low, p.high, t, t
         from (select distinct a.user_id as low, b.user_id as high
                 from group_members a
                 join group_members b on b.group_id = a.group_id and b.user_id > a.user_id) p,
              (select timestamptz '2023-11-15 00:00:00+00' as t) c`,
    );

    // Which group each expense belongs to. Expense ids are in time order; the groups' shares are
    // shuffled over that time (rank r of the expense in a hashed order picks the group), so the
    // big group's history runs through the whole two years like everyone else's.
    const big = sizes.bigGroupExpenses;
    const smallEnd = big + smallTotal;
    const mediumEnd = smallEnd + mediumTotal;
    const heavyEnd = mediumEnd + heavyTotal;
    const firstSmall = special.small[0] ?? 2;
    const firstMedium = special.medium[0] ?? 0;
    const firstHeavy = special.heavy[0] ?? 0;
    await timed(
      client,
      'expense plan',
      `create temporary table bench_exp as
       select z.*, m1.user_id as p1_user, m2.user_id as p2_user
         from (select y.*, case when y.multi then y.amount - y.p1_paid end as p2_paid
                 from (select x.*,
                              x.n - case when x.skip_rank > 0 then 1 else 0 end as n_split,
                              case when x.multi then 1 + (x.p1_rank + pg_temp.h(x.id, 8) % (x.n - 1)) % x.n
                                   end as p2_rank,
                              case when x.multi then x.amount * (30 + pg_temp.h(x.id, 9) % 41) / 100
                                   else x.amount end as p1_paid
                         from (select w.id, w.group_id, c.n,
                                      (100 + pg_temp.h(w.id, 1) % 30000
                                       + case when pg_temp.h(w.id, 2) % 10 = 0
                                              then pg_temp.h(w.id, 3) % 90000 else 0 end)::bigint as amount,
                                      case when pg_temp.h(w.id, 4) % 100 < 15 then 'EXACT' else 'EQUAL' end as split_type,
                                      case when c.n >= 4 and pg_temp.h(w.id, 5) % 4 = 0
                                           then (1 + pg_temp.h(w.id, 6) % c.n)::int else 0 end as skip_rank,
                                      (1 + pg_temp.h(w.id, 7) % c.n)::int as p1_rank,
                                      c.n >= 2 and pg_temp.h(w.id, 10) % 10 = 0 as multi
                                 from (select v.i as id,
                                              case when v.r <= ${big} then ${special.big}
                                                   when v.r <= ${smallEnd} then ${firstSmall} + (v.r - ${big} - 1) / ${Math.max(1, sizes.smallGroupExpenses)}
                                                   when v.r <= ${mediumEnd} then ${firstMedium} + (v.r - ${smallEnd} - 1) / ${Math.max(1, sizes.mediumGroupExpenses)}
                                                   when v.r <= ${heavyEnd} then ${firstHeavy} + (v.r - ${mediumEnd} - 1) / ${Math.max(1, sizes.heavyGroupExpenses)}
                                                   else ${firstRegular} + floor(${regularGroups} * power(pg_temp.h(v.i, 11) / 1073741824.0, 2))::int
                                              end as group_id
                                         from (select i, row_number() over (order by pg_temp.h(i, 12), i) as r
                                                 from generate_series(1, ${E}) i) v) w
                                 join bench_gn c on c.group_id = w.group_id) x) y) z
         join bench_members m1 on m1.group_id = z.group_id and m1.rank = z.p1_rank
         left join bench_members m2 on m2.group_id = z.group_id and m2.rank = z.p2_rank`,
    );
    await client.query(`analyze bench_exp`);

    // Descriptions as people write them, so that text search has something to tell apart: an
    // item (which fixes the category) and a detail, some with accents ("Café", "Málaga"), 1,000
    // different ones in all; one expense in eight has notes. Search benchmarks (search-bench.ts)
    // query these words, misspelled.
    await timed(
      client,
      'expenses',
      `insert into expenses (id, group_id, description, amount_cents, currency, date, split_type,
                             created_by_id, created_at, updated_at, category, notes)
       overriding system value
       select e.id, e.group_id,
              ($1::text[])[1 + pg_temp.h(e.id, 13) % ${SEED_ITEMS.length}] || ' '
                || ($3::text[])[1 + pg_temp.h(e.id, 15) % ${SEED_DETAILS.length}],
              e.amount, 'USD', (t at time zone 'UTC')::date - (pg_temp.h(e.id, 14) % 3)::int,
              e.split_type, e.p1_user, t, t,
              ($2::text[])[1 + pg_temp.h(e.id, 13) % ${SEED_ITEMS.length}],
              case when pg_temp.h(e.id, 16) % 8 = 0
                   then ($4::text[])[1 + pg_temp.h(e.id, 17) % ${SEED_NOTES.length}] end
         from bench_exp e cross join lateral (select ${at('4 * e.id')} as t) c`,
      [
        SEED_ITEMS.map(([item]) => item),
        SEED_ITEMS.map(([, category]) => category),
        SEED_DETAILS,
        SEED_NOTES,
      ],
    );
    await timed(
      client,
      'payers',
      `insert into expense_payers (expense_id, position, user_id, amount_paid_cents)
       select id, 0, p1_user, p1_paid from bench_exp
       union all
       select id, 1, p2_user, p2_paid from bench_exp where p2_user is not null`,
    );
    await timed(
      client,
      'splits',
      `insert into expense_splits (expense_id, position, user_id, value, owed_cents)
       select em.id, em.pos, em.user_id,
              case when em.split_type = 'EXACT'
                   then (em.owed / 100)::text || '.' || lpad((em.owed % 100)::text, 2, '0') end,
              em.owed
         from ${EXPENSE_MEMBERS}
        where em.in_split`,
    );

    // Payments: for about one expense in ten (not in the small groups), right after it, between
    // two different members, recorded by the payer.
    await timed(
      client,
      'payment plan',
      `create temporary table bench_pay as
       select row_number() over (order by e.id)::int as id, e.id as expense_id, e.group_id,
              a.user_id as paid_by, b.user_id as paid_to,
              (500 + pg_temp.h(e.id, 21) % 15000)::bigint as amount, ${at('4 * e.id + 1')} as t
         from bench_exp e
         join bench_gn c on c.group_id = e.group_id
         cross join lateral (select 1 + pg_temp.h(e.id, 22) % c.n as ra) r
         join bench_members a on a.group_id = e.group_id and a.rank = r.ra
         join bench_members b on b.group_id = e.group_id
                             and b.rank = 1 + (r.ra + pg_temp.h(e.id, 23) % greatest(c.n - 1, 1)) % c.n
        where pg_temp.h(e.id, 20) % 1000 < ${PAYMENT_PER_MILLE} and c.n >= 2
          and e.group_id <> all($1::int[])`,
      [special.small],
    );
    await timed(
      client,
      'payments',
      `insert into payments (id, group_id, paid_by_id, paid_to_id, amount_cents, currency, date,
                             created_by_id, created_at, updated_at)
       overriding system value
       select id, group_id, paid_by, paid_to, amount, 'USD', (t at time zone 'UTC')::date,
              paid_by, t, t
         from bench_pay`,
    );
    // Comments: one on about one expense in twenty, a second on half of those.
    const remarks = [
      'Thanks!',
      'I paid the tip too.',
      'Can we split this differently next time?',
      'Receipt is in the group chat.',
      'Got it.',
      'Was that with the discount?',
      'Merci, c’était délicieux !',
      'The café was closed, we went next door.',
    ];
    await timed(
      client,
      'comment plan',
      `create temporary table bench_com as
       select row_number() over (order by e.id, k.k)::int as id, e.id as expense_id, k.k,
              m.user_id as author, ($1::text[])[1 + pg_temp.h(e.id, 31 + k.k) % ${remarks.length}] as content,
              ${at('4 * e.id + 2 + k.k')} as t
         from bench_exp e
         cross join generate_series(0, 1) k(k)
         join bench_gn c on c.group_id = e.group_id
         join bench_members m on m.group_id = e.group_id
                             and m.rank = 1 + pg_temp.h(e.id, 33 + k.k) % c.n
        where pg_temp.h(e.id, 30) % 20 = 0 and (k.k = 0 or pg_temp.h(e.id, 34) % 2 = 0)`,
      [remarks],
    );
    await timed(
      client,
      'comments',
      `insert into comments (id, expense_id, author_id, content, created_at)
       overriding system value
       select id, expense_id, author, content, t from bench_com`,
    );
    // The words search corrects typos against (kept by triggers in the app, which the load skips).
    await timed(
      client,
      'search words',
      `insert into search_words (group_id, word)
       select distinct t.group_id, w
         from (select e.group_id, e.search_text from expenses e
                where e.group_id is not null and e.deleted_at is null
               union all
               select e.group_id, c.search_text from comments c join expenses e on e.id = c.expense_id
                where e.group_id is not null and e.deleted_at is null) t,
              unnest(evenly_search_words_of(t.search_text)) as w`,
    );
    await timed(
      client,
      'search person words',
      `insert into search_person_words (user_id, word)
       select distinct p, w
         from (select e.payer_user_ids || e.split_user_ids as people, e.search_text from expenses e
                where e.group_id is null and e.deleted_at is null
               union all
               select e.payer_user_ids || e.split_user_ids, c.search_text
                 from comments c join expenses e on e.id = c.expense_id
                where e.group_id is null and e.deleted_at is null) t,
              unnest(t.people) as p,
              unnest(evenly_search_words_of(t.search_text)) as w`,
    );

    // Activity: ids in time order (group events first, then every change's rows by its event
    // slot), as the app's identity column would have numbered them.
    const base = (G + 1) * GROUP_EVENT_SPAN;
    await timed(
      client,
      'activity: group created, members added',
      `insert into activities (id, recipient_id, type, actor_id, group_id, group_name, description,
                               amount_cents, currency, my_share_cents, created_at)
       overriding system value
       select g.id * ${GROUP_EVENT_SPAN}, g.creator_id, 'group_created', g.creator_id, g.id, g.name,
              g.name, null::bigint, null::text, 0, g.created_at
         from groups g
       union all
       select g.id * ${GROUP_EVENT_SPAN} + (p.rank - 1) * 8 + r.rank, r.user_id, 'member_added',
              g.creator_id, g.id, g.name, 'User ' || g.creator_id || ' added User ' || p.user_id,
              null, null, 0, g.created_at
         from groups g
         join bench_members p on p.group_id = g.id and p.rank > 1
         join bench_members r on r.group_id = g.id`,
    );
    await timed(
      client,
      'activity: expenses',
      `insert into activities (id, recipient_id, type, actor_id, group_id, group_name, expense_id,
                               description, amount_cents, currency, my_share_cents, created_at,
                               category)
       overriding system value
       select ${base} + (4 * em.id::bigint) * ${RANK_SPAN} + em.rank, em.user_id, 'expense_added',
              x.created_by_id, x.group_id, g.name, x.id, x.description, x.amount_cents, 'USD',
              em.paid - em.owed, x.created_at, x.category
         from ${EXPENSE_MEMBERS}
         join expenses x on x.id = em.id
         join groups g on g.id = em.group_id`,
    );
    await timed(
      client,
      'activity: payments',
      `insert into activities (id, recipient_id, type, actor_id, group_id, group_name, payment_id,
                               description, amount_cents, currency, my_share_cents, created_at)
       overriding system value
       select ${base} + (4 * p.expense_id::bigint + 1) * ${RANK_SPAN} + m.rank, m.user_id,
              'payment_added', p.paid_by, p.group_id, g.name, p.id,
              'User ' || p.paid_by || ' paid User ' || p.paid_to, p.amount, 'USD',
              case m.user_id when p.paid_by then p.amount when p.paid_to then -p.amount else 0 end,
              p.t
         from bench_pay p
         join groups g on g.id = p.group_id
         join bench_members m on m.group_id = p.group_id`,
    );
    await timed(
      client,
      'activity: comments',
      `insert into activities (id, recipient_id, type, actor_id, group_id, group_name, expense_id,
                               comment_id, description, amount_cents, currency, my_share_cents,
                               created_at)
       overriding system value
       select ${base} + (4 * c.expense_id::bigint + 2 + c.k) * ${RANK_SPAN} + m.rank, m.user_id,
              'comment_added', c.author, e.group_id, g.name, c.expense_id, c.id, c.content, null,
              null, 0, c.t
         from bench_com c
         join bench_exp e on e.id = c.expense_id
         join groups g on g.id = e.group_id
         join bench_members m on m.group_id = e.group_id`,
    );

    // Pairwise totals (§5.2): each split person owes each payer their part of the share, split
    // over the payers by what they paid (§5.1; two payers never need the fallback: the first
    // part is at most the share, the second gets the rest); a payment from X to Y counts as Y
    // owing X. Net of (low, high): + = high owes low. (One branch per payer: a LATERAL VALUES
    // list of the two was 25 times slower.)
    const firstPart = `case when em.p2_user is null then em.owed
                            else (2 * em.owed * em.p1_paid + em.amount) / (2 * em.amount) end`;
    await timed(
      client,
      'pair balances',
      `insert into pair_balances (group_id, currency, user_low, user_high, net_cents)
       select group_id, 'USD', low, high, sum(delta)
         from (select em.group_id, least(em.user_id, em.p1_user) as low,
                      greatest(em.user_id, em.p1_user) as high,
                      case when em.p1_user < em.user_id then 1 else -1 end * ${firstPart} as delta
                 from ${EXPENSE_MEMBERS}
                where em.in_split and em.user_id <> em.p1_user
               union all
               select em.group_id, least(em.user_id, em.p2_user), greatest(em.user_id, em.p2_user),
                      case when em.p2_user < em.user_id then 1 else -1 end * (em.owed - ${firstPart})
                 from ${EXPENSE_MEMBERS}
                where em.in_split and em.p2_user is not null and em.user_id <> em.p2_user
               union all
               select group_id, least(paid_by_id, paid_to_id), greatest(paid_by_id, paid_to_id),
                      case when paid_by_id < paid_to_id then amount_cents else -amount_cents end
                 from payments) x
        group by group_id, low, high
       having sum(delta) <> 0`,
    );

    // Each expense row's copy of its payers and splits and its comment count, as the app keeps
    // them (migration 0005).
    await timed(
      client,
      'expense copies of payers, splits and comment counts',
      `update expenses e
          set payer_user_ids = p.u, payer_amounts = p.a, split_ids = s.i, split_user_ids = s.u,
              split_owed = s.o, split_values = s.v, comment_count = coalesce(c.n, 0)
         from (select expense_id, array_agg(user_id order by position) as u,
                      array_agg(amount_paid_cents order by position) as a
                 from expense_payers group by expense_id) p,
              (select expense_id, array_agg(id order by position) as i,
                      array_agg(user_id order by position) as u,
                      array_agg(owed_cents order by position) as o,
                      array_agg(value order by position) as v
                 from expense_splits group by expense_id) s
         left join (select expense_id, count(*)::int as n from comments group by expense_id) c
           on c.expense_id = s.expense_id
        where p.expense_id = e.id and s.expense_id = e.id`,
    );

    for (const [table, column] of [
      ['users', 'id'],
      ['groups', 'id'],
      ['expenses', 'id'],
      ['payments', 'id'],
      ['comments', 'id'],
      ['activities', 'id'],
    ] as const) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', '${column}'),
                       greatest(1, (select max(${column}) from ${table})))`,
      );
    }

    await client.query(`set session_replication_role = origin`);
    for (const k of keys.rows) {
      await timed(
        client,
        `key ${k.name}`,
        `alter table "${k.table}" add constraint "${k.name}" ${k.def}`,
      );
    }
    for (const ix of indexes.rows) await timed(client, `index ${ix.indexname}`, ix.indexdef);
    // Settle the bulk load before measuring: hint bits, visibility map, statistics, dirty pages.
    await timed(client, 'vacuum analyze', 'vacuum (analyze)');
    await timed(client, 'checkpoint', 'checkpoint');

    const counts: SeedCounts = {
      users: N,
      groups: G,
      memberships: await count(client, 'group_members'),
      friendships: await count(client, 'friendships'),
      expenses: E,
      payments: await count(client, 'payments'),
      comments: await count(client, 'comments'),
      activities: await count(client, 'activities'),
      pairBalances: await count(client, 'pair_balances'),
    };
    log(
      `${counts.users} users, ${counts.groups} groups, ${counts.memberships} memberships, ` +
        `${counts.friendships} friendships, ${counts.expenses} expenses, ${counts.payments} payments, ` +
        `${counts.comments} comments, ${counts.activities} activity rows, ` +
        `${counts.pairBalances} pair balances`,
    );

    // The checks: the big group, a small, a medium and a heavy one, the busiest regular group,
    // and regular groups from the middle and the end of the list.
    const sample = [
      special.big,
      firstSmall,
      firstMedium,
      firstHeavy,
      firstRegular,
      firstRegular + Math.floor(regularGroups / 2),
      G,
    ].filter((g) => g > 0);
    for (const g of sample) await verifyGroup(client, g);
    const seconds = (Date.now() - started) / 1000;
    log(`done in ${seconds.toFixed(1)} s`);
    const writeGroup = special.groups[special.write - 1];
    return {
      benchUserId: 1,
      bigGroupId: special.big,
      smallGroupIds: special.small,
      mediumGroupIds: special.medium,
      heavyGroupIds: special.heavy,
      writeGroupId: special.write,
      writeGroupMembers: writeGroup?.members ?? [],
      specialUsers: S0,
      counts,
      seconds,
    };
  } finally {
    await client.end();
  }
}

/**
 * Recomputes one group's shares, pair balances and activity myShares with @evenly/core from
 * the stored expenses and payments, and compares.
 */
async function verifyGroup(client: pg.Client, groupId: number): Promise<void> {
  const started = Date.now();
  const rows = await client.query<{
    id: number;
    amount: string;
    split_type: SplitType;
    payers: [number, string][];
    splits: [number, string, string | null][];
  }>(
    `select e.id, e.amount_cents::text as amount, e.split_type,
            (select json_agg(json_build_array(p.user_id, p.amount_paid_cents::text) order by p.position)
               from expense_payers p where p.expense_id = e.id) as payers,
            (select json_agg(json_build_array(s.user_id, s.owed_cents::text, s.value) order by s.position)
               from expense_splits s where s.expense_id = e.id) as splits
       from expenses e
      where e.group_id = $1`,
    [groupId],
  );
  const debts: Debt[] = [];
  // What the app records as each recipient's myShare: paid − owed, ± a payment's amount.
  const effect = new Map<number, number>();
  const addEffect = (userId: number, cents: number) =>
    effect.set(userId, (effect.get(userId) ?? 0) + cents);
  for (const r of rows.rows) {
    const amount = Number(r.amount) as Cents;
    const inputs = r.splits.map(([userId, , value]) => {
      if (value === null) return { userId, value: null };
      const parsed = parseMoney(value);
      if (!parsed.ok) throw new Error(`seed: expense ${r.id} has a bad value ${value}`);
      return { userId, value: parsed.cents };
    });
    const shares = computeShares(r.split_type, amount, inputs);
    shares.forEach((share, i) => {
      if (share.owedCents !== Number(r.splits[i]?.[1])) {
        throw new Error(`seed: expense ${r.id} share ${i} differs from @evenly/core`);
      }
    });
    const payers = r.payers.map(([userId, paid]) => ({ userId, paidCents: Number(paid) as Cents }));
    if (payers.reduce((t, p) => t + p.paidCents, 0) !== amount) {
      throw new Error(`seed: expense ${r.id} payers do not add up`);
    }
    debts.push(...expenseDebts(payers, shares));
    for (const p of payers) addEffect(p.userId, p.paidCents);
    for (const sh of shares) addEffect(sh.userId, -sh.owedCents);
  }
  const pays = await client.query<{ by: number; to: number; amount: string }>(
    `select paid_by_id as by, paid_to_id as to, amount_cents::text as amount
       from payments where group_id = $1`,
    [groupId],
  );
  for (const p of pays.rows) {
    debts.push(paymentDebt(p.by, p.to, Number(p.amount) as Cents));
    addEffect(p.by, Number(p.amount));
    addEffect(p.to, -Number(p.amount));
  }
  const expected = computePairwiseNets(debts);
  const stored = await client.query<{ user_low: number; user_high: number; net: string }>(
    `select user_low, user_high, sum(net_cents)::text as net from pair_balances where group_id = $1
      group by user_low, user_high having sum(net_cents) <> 0`,
    [groupId],
  );
  const got = new Map(stored.rows.map((r) => [`${r.user_low}:${r.user_high}`, Number(r.net)]));
  for (const [key, net] of expected) {
    const [low, high] = pairOf(key);
    if (got.get(`${low}:${high}`) !== net)
      throw new Error(`seed: pair ${key} of group ${groupId} differs`);
    got.delete(`${low}:${high}`);
  }
  if (got.size > 0) throw new Error(`seed: extra pairs in group ${groupId}`);

  // Every member received one activity row per expense and payment, with its myShare.
  const members = await client.query<{ user_id: number }>(
    `select user_id from group_members where group_id = $1`,
    [groupId],
  );
  const shares = await client.query<{ recipient_id: number; total: string; n: number }>(
    `select recipient_id, sum(my_share_cents)::text as total, count(*)::int as n from activities
      where recipient_id = any($1) and group_id = $2
        and type in ('expense_added', 'payment_added')
      group by recipient_id`,
    [members.rows.map((m) => m.user_id), groupId],
  );
  const totals = new Map(shares.rows.map((s) => [s.recipient_id, s]));
  for (const m of members.rows) {
    const got = totals.get(m.user_id);
    if (
      (got?.n ?? 0) !== rows.rows.length + pays.rows.length ||
      Number(got?.total ?? 0) !== (effect.get(m.user_id) ?? 0)
    ) {
      throw new Error(`seed: activity of user ${m.user_id} in group ${groupId} differs`);
    }
  }
  log(
    `group ${groupId}: ${rows.rows.length} expenses, ${pays.rows.length} payments and ` +
      `${members.rows.length} members' activity match @evenly/core ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
