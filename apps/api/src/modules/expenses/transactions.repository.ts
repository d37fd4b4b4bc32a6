// GET /groups/{id}/transactions in one round trip: the group's existence, the caller's
// membership, and one page of expenses and payments with everything their views show.
// Each table is read in its index order (group_id, date, created_at, id — read backwards) with
// its own LIMIT, so the cost of a page does not grow with the group's history; the two short
// lists are merged by the caller. Order: date, createdAt, id (newest first), then kind
// (a payment before an expense with the same key).
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';
import { cursorParts } from '../../http/cursor.js';
import type { PaymentView, PaymentViewTuple } from '../payments/payment.repository.js';
import { PAYMENT_VIEW_JSON, paymentViewOf } from '../payments/payment.repository.js';
import type { ExpenseView, ExpenseViewTuple } from './expense.repository.js';
import { EXPENSE_VIEW_JSON, expenseViewOf } from './expense.repository.js';

/** Microsecond creation time, the cursor's precision. */
const CURSOR_TIME = (alias: string) =>
  `to_char(${alias}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const ORDER = 'order by date desc, created_at desc, id desc';

/**
 * $1 group, $2 rows per table, $3 caller; after a cursor also $4 date, $5 created_at, $6 id and
 * $7 = 1 when the cursor is a payment (an expense with the same key comes after it), else 0.
 */
function pageSql(expenseAfter: string, paymentAfter: string): string {
  return `select m.found, m.member,
    case when m.member then coalesce((select json_agg(x) from (
      select json_build_array('expense', e.id, to_char(e.date, 'YYYY-MM-DD'), ${CURSOR_TIME('e')},
               ${EXPENSE_VIEW_JSON}) as x
        from (select * from expenses where group_id = $1 ${expenseAfter} ${ORDER} limit $2) e
      union all
      select json_build_array('payment', p.id, to_char(p.date, 'YYYY-MM-DD'), ${CURSOR_TIME('p')},
               ${PAYMENT_VIEW_JSON})
        from (select * from payments where group_id = $1 ${paymentAfter} ${ORDER} limit $2) p
    ) t), '[]') end as items
    from (select exists (select 1 from groups where id = $1) as found,
                 exists (select 1 from group_members where group_id = $1 and user_id = $3
                           and left_at is null) as member) m`;
}

type ItemTuple =
  | ['expense', number, string, string, ExpenseViewTuple]
  | ['payment', number, string, string, PaymentViewTuple];

interface PageRow {
  found: boolean;
  member: boolean;
  items: ItemTuple[] | null;
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
  const items: PageItem[] = (row.items ?? []).map((t) =>
    t[0] === 'expense'
      ? { kind: 'expense', id: t[1], date: t[2], createdAt: t[3], expense: expenseViewOf(t[4]) }
      : { kind: 'payment', id: t[1], date: t[2], createdAt: t[3], payment: paymentViewOf(t[4]) },
  );
  return items.sort(
    (a, b) =>
      (a.date < b.date ? 1 : a.date > b.date ? -1 : 0) ||
      (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) ||
      b.id - a.id ||
      (a.kind < b.kind ? 1 : a.kind > b.kind ? -1 : 0),
  );
}
