// The seed's payments (about one expense in ten, between two members, recorded by the payer) and
// comments (one expense in twenty, a second on half of those), then the words search corrects
// typos against, read from the expenses and comments as the app's triggers would have kept them.
import type pg from 'pg';
import type { SeedPlan } from './seed-plan.js';
import { timed } from './seed-sql.js';

/** A payment for about one expense in ten (none in the small groups). */
const PAYMENT_PER_MILLE = 100;

/** Inserts payments (plan: bench_pay), comments (plan: bench_com) and the search words. */
export async function seedPaymentsAndComments(client: pg.Client, plan: SeedPlan): Promise<void> {
  const { special, at } = plan;
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
    // Each comment carries its expense's group (a trigger sets it in the app; migration 0025).
    `insert into comments (id, expense_id, author_id, content, created_at, group_id)
       overriding system value
       select c.id, c.expense_id, c.author, c.content, c.t, e.group_id
         from bench_com c join expenses e on e.id = c.expense_id`,
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
}
