// The seed's activity rows as the app records them: one per recipient (every current member) per
// change, with each recipient's myShare (paid − owed, ± a payment's amount, in cents), in time
// order; group creation and member adds too.
import type pg from 'pg';
import { EXPENSE_MEMBERS } from './seed-expenses.js';
import { timed } from './seed-sql.js';

/** Activity ids: a change's rows are `base + slot × 16 + member rank` (ranks ≤ 8). */
const RANK_SPAN = 16;
/** Group-event ids: `group × 128 + k` (group_created, then member_added up to 7 × 8 + 8). */
const GROUP_EVENT_SPAN = 128;

/** Inserts every activity row; `G` is the number of groups (the highest group id). */
export async function seedActivity(client: pg.Client, G: number): Promise<void> {
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
  // The daily digest has mailed everyone up to the seeded history, as it would have in two years
  // of use. Otherwise the first digest run (at the next 08:00 of some seeded time zone) mails
  // every person two years of rows in the middle of whichever row is being measured.
  await timed(
    client,
    'digest watermarks',
    `update users set email_digest_through = (select coalesce(max(id), 0) from activities),
                      digest_local_date = current_date - 1`,
  );
}
