// Spending reports (issue #14 point 3), summed in SQL as integer cents. Only live expenses count
// (deleted ones are excluded); each sum is per currency — the currency an expense's balances are
// kept in (`expenses.currency`: its own currency, or the group's for one converted on entry),
// exactly as balances count it. Dates are the expenses' calendar dates; `from`/`to` inclusive.
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';

export interface CategorySum {
  currency: string;
  category: string;
  cents: number;
  count: number;
}

export interface MonthSum {
  currency: string;
  /** YYYY-MM */
  month: string;
  cents: number;
}

export interface MemberSum {
  currency: string;
  userId: number;
  name: string;
  paidCents: number;
  shareCents: number;
}

type Int8 = number | string;
type RawCategory = { currency: string; category: string; cents: Int8; count: Int8 };
type RawMonth = { currency: string; month: string; cents: Int8 };
type RawMember = {
  currency: string;
  user_id: number;
  name: string;
  paid_cents: Int8;
  share_cents: Int8;
};

const RANGE = `($2::date is null or e.date >= $2::date) and ($3::date is null or e.date <= $3::date)`;

const groupByCategory = statement<RawCategory>(
  'reports.group_by_category',
  `select e.currency, e.category, sum(e.amount_cents) as cents, count(*)::int as count
     from expenses e
    where e.group_id = $1 and e.deleted_at is null and ${RANGE}
    group by e.currency, e.category`,
);

const groupByMonth = statement<RawMonth>(
  'reports.group_by_month',
  `select e.currency, to_char(e.date, 'YYYY-MM') as month, sum(e.amount_cents) as cents
     from expenses e
    where e.group_id = $1 and e.deleted_at is null and ${RANGE}
    group by e.currency, to_char(e.date, 'YYYY-MM')`,
);

// Per person from the copies of the payers and splits each expense row keeps (payer_user_ids,
// payer_amounts, split_user_ids, split_owed): the group's expense rows are read once, without
// joining expense_payers and expense_splits (half the time on the benchmark's 20 000-expense
// group).
const groupMembers = statement<RawMember>(
  'reports.group_members',
  `with e as materialized (
          select e.currency, e.payer_user_ids, e.payer_amounts, e.split_user_ids, e.split_owed
            from expenses e
           where e.group_id = $1 and e.deleted_at is null and ${RANGE}),
        paid as (select e.currency, p.user_id, sum(p.cents) as cents
                   from e, unnest(e.payer_user_ids, e.payer_amounts) as p(user_id, cents)
                  group by e.currency, p.user_id),
        share as (select e.currency, s.user_id, sum(s.cents) as cents
                    from e, unnest(e.split_user_ids, e.split_owed) as s(user_id, cents)
                   group by e.currency, s.user_id)
   select coalesce(paid.currency, share.currency) as currency,
          coalesce(paid.user_id, share.user_id) as user_id, u.name,
          coalesce(paid.cents, 0) as paid_cents, coalesce(share.cents, 0) as share_cents
     from paid full join share on share.currency = paid.currency and share.user_id = paid.user_id
     join users u on u.id = coalesce(paid.user_id, share.user_id)`,
);

export interface ReportRange {
  from: string | null;
  to: string | null;
}

export async function groupReportSums(
  db: Db,
  groupId: number,
  range: ReportRange,
): Promise<{ byCategory: CategorySum[]; byMonth: MonthSum[]; members: MemberSum[] }> {
  const params = [groupId, range.from, range.to];
  const [cats, months, members] = [
    await run(db, groupByCategory, params),
    await run(db, groupByMonth, params),
    await run(db, groupMembers, params),
  ];
  return {
    byCategory: cats.map((r) => ({
      currency: r.currency,
      category: r.category,
      cents: Number(r.cents),
      count: Number(r.count),
    })),
    byMonth: months.map((r) => ({ currency: r.currency, month: r.month, cents: Number(r.cents) })),
    members: members.map((r) => ({
      currency: r.currency,
      userId: r.user_id,
      name: r.name,
      paidCents: Number(r.paid_cents),
      shareCents: Number(r.share_cents),
    })),
  };
}

// The caller's share: their splits of live expenses, in groups (current or former) and between
// friends alike. One range of expense_splits_user_idx, each expense by its primary key.
const MY_RANGE = `s.user_id = $1 and e.deleted_at is null
      and ($2::date is null or e.date >= $2::date) and ($3::date is null or e.date <= $3::date)
      and ($4::text is null or e.currency = $4::text)`;

const myByCategory = statement<RawCategory>(
  'reports.my_by_category',
  `select e.currency, e.category, sum(s.owed_cents) as cents, count(*)::int as count
     from expense_splits s join expenses e on e.id = s.expense_id
    where ${MY_RANGE}
    group by e.currency, e.category`,
);

const myByMonth = statement<RawMonth>(
  'reports.my_by_month',
  `select e.currency, to_char(e.date, 'YYYY-MM') as month, sum(s.owed_cents) as cents
     from expense_splits s join expenses e on e.id = s.expense_id
    where ${MY_RANGE}
    group by e.currency, to_char(e.date, 'YYYY-MM')`,
);

export async function myReportSums(
  db: Db,
  userId: number,
  range: ReportRange & { currency: string | null },
): Promise<{ byCategory: CategorySum[]; byMonth: MonthSum[] }> {
  const params = [userId, range.from, range.to, range.currency];
  const cats = await run(db, myByCategory, params);
  const months = await run(db, myByMonth, params);
  return {
    byCategory: cats.map((r) => ({
      currency: r.currency,
      category: r.category,
      cents: Number(r.cents),
      count: Number(r.count),
    })),
    byMonth: months.map((r) => ({ currency: r.currency, month: r.month, cents: Number(r.cents) })),
  };
}
