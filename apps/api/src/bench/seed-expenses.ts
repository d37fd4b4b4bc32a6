// The seed's expenses: which group each belongs to, its amount, split type, who is left out of
// the split and who paid (the plan, temporary table bench_exp), then the expenses with their
// descriptions, payers and splits. Amounts are integer cents; parts follow the rules written
// out at EXPENSE_MEMBERS, computed in SQL.
import type pg from 'pg';
import type { SeedPlan } from './seed-plan.js';
import { timed } from './seed-sql.js';
import { SEED_DETAILS, SEED_ITEMS, SEED_NOTES } from './seed-texts.js';

/**
 * One row per (expense, current member of its group): the member's rank, whether they are in
 * the split, their split position, what they owe (§5.1) and what they paid. The splits, the
 * expense activity rows and the pairwise debts are all read from it, so they agree by
 * construction.
 *  - EQUAL: largest remainder (§5.1) with equal weights: everyone gets floor(A / n), and the
 *    A mod n cents left over go one each to the first positions (equal remainders: ties to the
 *    earlier participant).
 *  - EXACT (typed amounts): the first person floor(2A / (n + 1)), the middle ones
 *    floor(A / (n + 1)), the last the rest (≥ A / (n + 1) > 0).
 */
export const EXPENSE_MEMBERS = `(select y.*,
       case when not y.in_split then 0
            when y.split_type = 'EQUAL' then
              y.amount / y.n_split + case when y.pos < y.amount % y.n_split then 1 else 0 end
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

/** Plans and inserts the expenses, their payers and their splits. */
export async function seedExpenses(
  client: pg.Client,
  plan: SeedPlan,
  regularGroups: number,
): Promise<void> {
  const { sizes, special, smallTotal, mediumTotal, heavyTotal, firstRegular, E, at } = plan;
  const { firstSmall, firstMedium, firstHeavy } = plan;
  // Which group each expense belongs to. Expense ids are in time order; the groups' shares are
  // shuffled over that time (rank r of the expense in a hashed order picks the group), so the
  // big group's history runs through the whole two years like everyone else's.
  const big = sizes.bigGroupExpenses;
  const smallEnd = big + smallTotal;
  const mediumEnd = smallEnd + mediumTotal;
  const heavyEnd = mediumEnd + heavyTotal;
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
}
