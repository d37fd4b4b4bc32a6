// Budgets (issue #14 point 4): a person's monthly budget per category for their own share, and
// the alerts already sent. "Spent" is the sum of the person's splits (owed_cents) of live
// expenses in the budget's category and currency dated in the month — what GET /api/reports/me
// counts, for one month.
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';

export interface BudgetRow {
  category: string;
  currency: string;
  amountCents: number;
  spentCents: number;
}

type Int8 = number | string;

/** The month's share of $1 in one (category, currency); $2 first day, $3 first day of next. */
const SPENT = `coalesce((select sum(s.owed_cents) from expense_splits s
                           join expenses e on e.id = s.expense_id
                          where s.user_id = b.user_id and e.deleted_at is null
                            and e.category = b.category and e.currency = b.currency
                            and e.date >= $2::date and e.date < $3::date), 0)`;

const listBudgets = statement<{
  category: string;
  currency: string;
  amount_cents: Int8;
  spent_cents: Int8;
}>(
  'budgets.list',
  `select b.category, b.currency, b.amount_cents, ${SPENT} as spent_cents
     from budgets b where b.user_id = $1 order by b.category`,
);

/** First day of `month` (YYYY-MM-01) and of the month after. */
export function monthBounds(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next =
    m === 12 ? `${String(y + 1)}-01-01` : `${String(y)}-${String(m + 1).padStart(2, '0')}-01`;
  return [`${month.slice(0, 7)}-01`, next];
}

export async function budgetsOf(db: Db, userId: number, month: string): Promise<BudgetRow[]> {
  const [start, end] = monthBounds(month);
  const rows = await run(db, listBudgets, [userId, start, end]);
  return rows.map((r) => ({
    category: r.category,
    currency: r.currency,
    amountCents: Number(r.amount_cents),
    spentCents: Number(r.spent_cents),
  }));
}

const upsertBudget = statement<{ inserted: boolean }>(
  'budgets.upsert',
  `insert into budgets (user_id, category, currency, amount_cents) values ($1, $2, $3, $4)
   on conflict (user_id, category) do update
      set currency = excluded.currency, amount_cents = excluded.amount_cents, updated_at = now()
   returning (xmax = 0) as inserted`,
);

/** Creates or replaces the budget; true when it was created. */
export async function saveBudget(
  db: Db,
  userId: number,
  b: { category: string; currency: string; amountCents: number },
): Promise<boolean> {
  const [row] = await run(db, upsertBudget, [userId, b.category, b.currency, b.amountCents]);
  return row?.inserted ?? false;
}

const removeBudget = statement<{ n: number }>(
  'budgets.delete',
  `with d as (delete from budgets where user_id = $1 and category = $2 returning 1)
   select count(*)::int as n from d`,
);

export async function deleteBudget(db: Db, userId: number, category: string): Promise<boolean> {
  const [row] = await run(db, removeBudget, [userId, category]);
  return (row?.n ?? 0) > 0;
}

/**
 * Alerts: the budgets of the given (user, category) pairs, with the month's share, for the pairs
 * that have one. $1 users, $4 categories (same length, pairwise).
 */
const budgetsOfPairs = statement<{
  user_id: number;
  category: string;
  currency: string;
  amount_cents: Int8;
  spent_cents: Int8;
}>(
  'budgets.of_pairs',
  `select b.user_id, b.category, b.currency, b.amount_cents,
          coalesce((select sum(s.owed_cents) from expense_splits s
                      join expenses e on e.id = s.expense_id
                     where s.user_id = b.user_id and e.deleted_at is null
                       and e.category = b.category and e.currency = b.currency
                       and e.date >= $2::date and e.date < $3::date), 0) as spent_cents
     from budgets b
     join unnest($1::int[], $4::text[]) as p(user_id, category)
       on p.user_id = b.user_id and p.category = b.category`,
);

export interface BudgetStanding {
  userId: number;
  category: string;
  currency: string;
  amountCents: number;
  spentCents: number;
}

export async function standingOf(
  db: Db,
  pairs: readonly { userId: number; category: string }[],
  month: string,
): Promise<BudgetStanding[]> {
  if (pairs.length === 0) return [];
  const [start, end] = monthBounds(month);
  const rows = await run(db, budgetsOfPairs, [
    pairs.map((p) => p.userId),
    start,
    end,
    pairs.map((p) => p.category),
  ]);
  return rows.map((r) => ({
    userId: r.user_id,
    category: r.category,
    currency: r.currency,
    amountCents: Number(r.amount_cents),
    spentCents: Number(r.spent_cents),
  }));
}

const claimAlert = statement<{ threshold: number }>(
  'budgets.claim_alert',
  `insert into budget_alerts (user_id, category, month, threshold) values ($1, $2, $3::date, $4)
   on conflict do nothing returning threshold`,
);

/** Records that `threshold` fired this month; false when it already had. */
export async function claimBudgetAlert(
  db: Db,
  userId: number,
  category: string,
  month: string,
  threshold: number,
): Promise<boolean> {
  const rows = await run(db, claimAlert, [userId, category, monthBounds(month)[0], threshold]);
  return rows.length > 0;
}
