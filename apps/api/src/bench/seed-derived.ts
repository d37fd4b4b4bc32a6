// What the app keeps derived from the history, computed from the seeded rows: pair_balances
// (§5.2, in cents) and each expense row's copy of its payers, splits and comment count.
import type pg from 'pg';
import { EXPENSE_MEMBERS } from './seed-expenses.js';
import { timed } from './seed-sql.js';

/** Inserts the pair balances and fills the expense rows' copies. */
export async function seedDerived(client: pg.Client): Promise<void> {
  // Pairwise totals (§5.2): each split person owes each payer their part of the share, split
  // over the payers by what they paid (§5.1, largest remainder: with two weights summing to the
  // amount, the first part is the share × its weight rounded half up, a tie going to the first,
  // and the second the rest); a payment from X to Y counts as Y
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
}
