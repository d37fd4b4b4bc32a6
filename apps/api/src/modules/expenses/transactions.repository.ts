// GET /groups/{id}/transactions in one round trip: the group's existence, the caller's
// membership, and one page of expenses and payments with everything their views show.
// Each table is read in its index order (group_id, date, created_at, id — read backwards) with
// its own LIMIT, so the cost of a page does not grow with the group's history; the two short
// lists are merged by the caller. Order: date, createdAt, id (newest first), then kind
// (a payment before an expense with the same key).
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { dateOfDays, isoMicrosOf, run, statement } from '../../db/statements.js';
import { cursorParts } from '../../http/cursor.js';
import type { PersonTuple } from '../balances/index.js';
import { peopleJson, peopleMap } from '../balances/index.js';
import type { PaymentRowTuple, PaymentView } from '../payments/index.js';
import { paymentPeopleIds, paymentRowJson, paymentViewOf } from '../payments/index.js';
import type { ExpenseRowTuple, ExpenseView } from './expense.repository.js';
import { expensePeopleIds, expenseRowJson, expenseViewOf } from './expense.repository.js';

const ORDER = 'order by date desc, created_at desc, id desc';

/**
 * $1 group, $2 rows per table, $3 caller; after a cursor also $4 date, $5 created_at, $6 id and
 * $7 = 1 when the cursor is a payment (an expense with the same key comes after it), else 0.
 */
function pageSql(expenseAfter: string, paymentAfter: string): string {
  return `with m as materialized (
      select exists (select 1 from groups where id = $1) as found,
             exists (select 1 from group_members where group_id = $1 and user_id = $3
                       and left_at is null) as member),
    e as materialized (select * from expenses
      where group_id = $1 and deleted_at is null and (select member from m) ${expenseAfter}
      ${ORDER} limit $2),
    p as materialized (select * from payments
      where group_id = $1 and deleted_at is null and (select member from m) ${paymentAfter}
      ${ORDER} limit $2)
    select m.found, m.member,
      coalesce((select json_agg(${expenseRowJson('e')}) from e), '[]') as expenses,
      coalesce((select json_agg(${paymentRowJson('p')}) from p), '[]') as payments,
      ${peopleJson(`select ${expensePeopleIds('e')} from e
                    union select ${paymentPeopleIds('p')} from p`)} as people
    from m`;
}

interface PageRow {
  found: boolean;
  member: boolean;
  expenses: ExpenseRowTuple[];
  payments: PaymentRowTuple[];
  people: PersonTuple[];
}

const firstPage = statement<PageRow>('transactions.first', pageSql('', ''));
// $6 + $7 in int8: a cursor at the largest id (2^31 - 1) would overflow int4.
const nextPage = statement<PageRow>(
  'transactions.after',
  pageSql(
    'and (date, created_at, id) < ($4::date, $5::timestamptz, $6::int8 + $7::int)',
    'and (date, created_at, id) < ($4::date, $5::timestamptz, $6::int)',
  ),
);

export interface PageKey {
  kind: 'expense' | 'payment';
  id: number;
  /** YYYY-MM-DD */
  date: string;
  /** createdAt with microseconds, as the cursor keeps it. */
  createdAt: string;
}

export type PageItem =
  | (PageKey & { kind: 'expense'; expense: ExpenseView })
  | (PageKey & { kind: 'payment'; payment: PaymentView });

export interface Cursor {
  date: string;
  createdAt: string;
  id: number;
  kind: 'expense' | 'payment';
}

/** The page cursor: [date, createdAt, id, kind] of the last item shown. */
export const transactionCursorShape = z
  .tuple([cursorParts.date, cursorParts.timestamp, cursorParts.id, z.enum(['expense', 'payment'])])
  .transform(([date, createdAt, id, kind]): Cursor => ({ date, createdAt, id, kind }));

/**
 * Up to `perTable` newest expenses and as many payments of the group after `cursor`, newest
 * first, or 'not-found' / 'not-member'.
 */
export async function transactionPage(
  db: Db,
  groupId: number,
  callerId: number,
  perTable: number,
  cursor: Cursor | null,
): Promise<PageItem[] | 'not-found' | 'not-member'> {
  const [row] =
    cursor === null
      ? await run(db, firstPage, [groupId, perTable, callerId])
      : await run(db, nextPage, [
          groupId,
          perTable,
          callerId,
          cursor.date,
          cursor.createdAt,
          cursor.id,
          cursor.kind === 'payment' ? 1 : 0,
        ]);
  if (row === undefined || !row.found) return 'not-found';
  if (!row.member) return 'not-member';
  const people = peopleMap(row.people);
  const items: PageItem[] = [
    ...row.expenses.map((t): PageItem => ({
      kind: 'expense',
      id: t[0],
      date: dateOfDays(t[5]),
      createdAt: isoMicrosOf(t[9]),
      expense: expenseViewOf(t, people),
    })),
    ...row.payments.map((t): PageItem => ({
      kind: 'payment',
      id: t[0],
      date: dateOfDays(t[4]),
      createdAt: isoMicrosOf(t[5]),
      payment: paymentViewOf(t, people),
    })),
  ];
  return items.sort(
    (a, b) =>
      (a.date < b.date ? 1 : a.date > b.date ? -1 : 0) ||
      (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) ||
      b.id - a.id ||
      (a.kind < b.kind ? 1 : a.kind > b.kind ? -1 : 0),
  );
}
