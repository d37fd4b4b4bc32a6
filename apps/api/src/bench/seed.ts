// Seeds a fresh PostgreSQL database for the benchmark with set-based SQL (generate_series and
// INSERT … SELECT), fast enough for millions of rows on a small machine:
// users, groups with members, EQUAL-split expenses with one payer each (shares by the §5.1 rule,
// computed in SQL), and pair_balances aggregated from the seeded rows. Secondary indexes are
// dropped during the load and rebuilt afterwards; foreign-key triggers are skipped while loading
// (the generated rows are consistent by construction), then everything is ANALYZEd. A sample of
// groups is re-checked against @evenly/core (computeShares, expenseDebts, computePairwiseNets).
import { computePairwiseNets, computeShares, expenseDebts, pairOf } from '@evenly/core';
import type { Cents, Debt } from '@evenly/core';
import pg from 'pg';

export interface SeedSizes {
  users: number;
  groups: number;
  expenses: number;
  /** Expenses in the big group (group 1). */
  bigGroupExpenses: number;
  /** Expenses in the small group (group 2). */
  smallGroupExpenses: number;
  /** Members per group (the benchmark user is added to the first `userGroups` groups too). */
  groupSize: number;
  userGroups: number;
}

export interface SeedResult {
  benchUserId: number;
  benchEmail: string;
  bigGroupId: number;
  smallGroupId: number;
  /** A group of the bench user used for POST /expenses, with its current member ids. */
  writeGroupId: number;
  writeGroupMembers: number[];
  seconds: number;
}

export const BENCH_EMAIL = 'user1@bench.test';

function log(message: string): void {
  process.stdout.write(`[seed] ${message}\n`);
}

async function timed<T>(client: pg.Client, label: string, query: string): Promise<T[]> {
  const started = Date.now();
  const res = await client.query(query);
  log(`${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return res.rows as T[];
}

/** Seeds `url` (already migrated, empty). `passwordHash` is the password of every user. */
export async function seed(
  url: string,
  sizes: SeedSizes,
  passwordHash: string,
): Promise<SeedResult> {
  const started = Date.now();
  const rest = sizes.expenses - sizes.bigGroupExpenses - sizes.smallGroupExpenses;
  if (sizes.groups < 3 || rest < 0)
    throw new Error('bench sizes: need ≥ 3 groups and enough expenses');
  if (sizes.users < sizes.groupSize + 1) throw new Error('bench sizes: too few users');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(`set work_mem = '64MB'`);
    // Skips FK triggers while loading (superuser); the rows are consistent by construction.
    await client.query(`set session_replication_role = replica`);

    const tables = [
      'users',
      'groups',
      'group_members',
      'expenses',
      'expense_payers',
      'expense_splits',
      'pair_balances',
    ];
    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
        where i.schemaname = 'public' and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [tables],
    );
    for (const ix of indexes.rows) await client.query(`drop index "${ix.indexname}"`);

    await client.query(
      `insert into users (name, email, password_hash, email_verified_at)
      select 'User ' || i, 'user' || i || '@bench.test', $1, now()
      from generate_series(1, ${sizes.users}) i`,
      [passwordHash],
    );
    log(`${sizes.users} users`);

    const G = sizes.groups;
    const S = sizes.groupSize;
    const N = sizes.users;
    await timed(
      client,
      `${G} groups`,
      `insert into groups (name, creator_id, default_currency, created_at, last_activity_at)
      select 'Group ' || g, 1 + ((g - 1) * ${S}) % ${N}, 'USD',
             now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
      from generate_series(1, ${G}) g`,
    );
    // Group g: S consecutive users; the bench user (1) also joins groups 1..userGroups.
    await timed(
      client,
      'memberships',
      `insert into group_members (group_id, user_id, joined_at)
      select g, u, now() from (
        select g, 1 + ((g - 1) * ${S} + k) % ${N} as u
          from generate_series(1, ${G}) g, generate_series(0, ${S - 1}) k
        union
        select g, 1 from generate_series(1, ${Math.min(sizes.userGroups, G)}) g
      ) m order by g, u`,
    );
    await client.query(`create temporary table bench_members as
      select group_id, user_id,
             row_number() over (partition by group_id order by join_seq)::int as rank,
             count(*) over (partition by group_id)::int as n
        from group_members`);
    await client.query(`create index on bench_members (group_id, rank)`);
    await client.query(`analyze bench_members`);

    // Expense i: group 1 for the first bigGroupExpenses, group 2 for the next small ones, then
    // round-robin over groups 3..G. Amount 1.00–999.99; payer = member rank 1 + i % n.
    const big = sizes.bigGroupExpenses;
    const small = sizes.smallGroupExpenses;
    await timed(
      client,
      `${sizes.expenses} expenses`,
      `insert into expenses
        (group_id, description, amount_cents, currency, date, split_type, created_by_id, created_at, updated_at)
      select e.g, 'Expense ' || e.i, 100 + (e.i::bigint * 7919) % 99900, 'USD',
             date '2024-01-01' + (e.i % 700), 'EQUAL', 1,
             timestamptz '2024-01-01' + e.i * interval '1 second',
             timestamptz '2024-01-01' + e.i * interval '1 second'
      from (select i, case when i <= ${big} then 1
                           when i <= ${big + small} then 2
                           else 3 + (i - ${big + small}) % ${G - 2} end as g
              from generate_series(1, ${sizes.expenses}) i) e`,
    );
    await timed(
      client,
      'payers',
      `insert into expense_payers (expense_id, position, user_id, amount_paid_cents)
      select e.id, 0, m.user_id, e.amount_cents
        from expenses e
        join (select group_id, max(n) as n from bench_members group by group_id) c on c.group_id = e.group_id
        join bench_members m on m.group_id = e.group_id and m.rank = 1 + e.id % c.n`,
    );
    // §5.1 EQUAL: everyone but the last gets round_half_up(A / n) = floor((2A + n) / 2n); the last
    // gets the rest (never negative here: A ≥ 100 cents and n ≤ 100).
    await timed(
      client,
      'splits',
      `insert into expense_splits (expense_id, position, user_id, value, owed_cents)
      select e.id, m.rank - 1, m.user_id, null,
             case when m.rank < m.n then (2 * e.amount_cents + m.n) / (2 * m.n)
                  else e.amount_cents - (m.n - 1) * ((2 * e.amount_cents + m.n) / (2 * m.n)) end
        from expenses e join bench_members m on m.group_id = e.group_id`,
    );
    // One payer: each other participant owes the payer their share. Net of (low, high):
    // + = high owes low.
    await timed(
      client,
      'pair balances',
      `insert into pair_balances (group_id, currency, user_low, user_high, net_cents)
      select e.group_id, e.currency, least(s.user_id, p.user_id), greatest(s.user_id, p.user_id),
             sum(case when p.user_id < s.user_id then s.owed_cents else -s.owed_cents end)
        from expense_splits s
        join expense_payers p on p.expense_id = s.expense_id
        join expenses e on e.id = s.expense_id
       where s.user_id <> p.user_id
       group by 1, 2, 3, 4
      having sum(case when p.user_id < s.user_id then s.owed_cents else -s.owed_cents end) <> 0`,
    );
    // Friendships between the bench user and everyone sharing a group with it.
    await client.query(`insert into friendships (requester_id, addressee_id, status, user_low, user_high, accepted_at)
      select 1, u, 'ACCEPTED', 1, u, now() from (
        select distinct user_id as u from bench_members
         where group_id in (select group_id from bench_members where user_id = 1) and user_id <> 1) f`);

    await client.query(`set session_replication_role = origin`);
    for (const ix of indexes.rows) {
      await timed(client, `index ${ix.indexname}`, ix.indexdef);
    }
    // Settle the bulk load before measuring: hint bits, visibility map, statistics, dirty pages.
    await timed(client, 'vacuum analyze', 'vacuum (analyze)');
    await timed(client, 'checkpoint', 'checkpoint');

    const writeGroupId = 3;
    const writeMembers = await client.query<{ user_id: number }>(
      `select user_id from group_members where group_id = $1 and left_at is null order by join_seq`,
      [writeGroupId],
    );
    for (const g of [1, 2, 3, Math.max(3, Math.floor(G / 2)), G]) await verifyGroup(client, g);
    const seconds = (Date.now() - started) / 1000;
    log(`done in ${seconds.toFixed(1)} s`);
    return {
      benchUserId: 1,
      benchEmail: BENCH_EMAIL,
      bigGroupId: 1,
      smallGroupId: 2,
      writeGroupId,
      writeGroupMembers: writeMembers.rows.map((r) => r.user_id),
      seconds,
    };
  } finally {
    await client.end();
  }
}

/** Recomputes one group's shares and pair balances with @evenly/core and compares. */
async function verifyGroup(client: pg.Client, groupId: number): Promise<void> {
  const started = Date.now();
  const rows = await client.query<{
    id: number;
    amount: string;
    payer: number;
    amount_paid: string;
    splits: { u: number; o: string }[];
  }>(
    `select e.id, e.amount_cents::text as amount, p.user_id as payer, p.amount_paid_cents::text as amount_paid,
            (select json_agg(json_build_object('u', s.user_id, 'o', s.owed_cents::text) order by s.position)
               from expense_splits s where s.expense_id = e.id) as splits
       from expenses e join expense_payers p on p.expense_id = e.id and p.position = 0
      where e.group_id = $1`,
    [groupId],
  );
  const debts: Debt[] = [];
  for (const r of rows.rows) {
    const amount = Number(r.amount) as Cents;
    const shares = computeShares(
      'EQUAL',
      amount,
      r.splits.map((s) => ({ userId: s.u, value: null })),
    );
    shares.forEach((share, i) => {
      if (share.owedCents !== Number(r.splits[i]?.o)) {
        throw new Error(`seed: expense ${r.id} share ${i} differs from @evenly/core`);
      }
    });
    debts.push(
      ...expenseDebts([{ userId: r.payer, paidCents: Number(r.amount_paid) as Cents }], shares),
    );
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
  log(
    `group ${groupId}: ${rows.rows.length} expenses match @evenly/core (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
