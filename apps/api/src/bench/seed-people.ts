// The seed's people: users, the special groups' memberships, the regular users in 1–5 groups of
// 3–8, the groups themselves, and accepted friendships between everyone who shares a group. Also
// leaves the temporary tables the later steps read: bench_members (each group's members with
// their rank in joining order and the group's size n) and bench_gn (each group's size).
import type pg from 'pg';
import type { SeedPlan } from './seed-plan.js';
import { count, timed } from './seed-sql.js';

/**
 * Seeds users, memberships, groups and friendships; `passwordHash` is every user's password.
 * Returns how many regular groups there are and the number of groups in all.
 */
export async function seedPeople(
  client: pg.Client,
  plan: SeedPlan,
  passwordHash: string,
): Promise<{ regularGroups: number; groups: number }> {
  const { N, S0, special, firstRegular, groupAt } = plan;
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
  return { regularGroups, groups: G };
}
