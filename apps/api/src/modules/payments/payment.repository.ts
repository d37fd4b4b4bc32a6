// Payment rows and their views (payer and recipient as people).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';
import { payments } from '../../db/schema.js';
import { isoSql, run, statement } from '../../db/statements.js';

export type PaymentRow = typeof payments.$inferSelect;

export interface Person {
  id: number;
  name: string;
  email: string;
}

export interface PaymentView {
  id: number;
  groupId: number | null;
  amountCents: number;
  currency: string;
  date: string;
  createdAt: Date;
  updatedAt: Date;
  paidBy: Person;
  paidTo: Person;
  createdBy: Person;
}

export async function findPaymentRow(
  db: Db,
  id: number,
  forUpdate = false,
): Promise<PaymentRow | undefined> {
  if (!(Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647)) return undefined;
  const q = db.select().from(payments).where(eq(payments.id, id)).limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0];
}

export type NewPaymentRow = typeof payments.$inferInsert;

export async function insertPayment(db: Db, values: NewPaymentRow): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (row === undefined) throw new Error('payment insert returned nothing');
  return row;
}

export async function updatePaymentRow(
  db: Db,
  id: number,
  values: Pick<
    NewPaymentRow,
    'paidById' | 'paidToId' | 'amountCents' | 'currency' | 'date' | 'updatedAt'
  >,
): Promise<PaymentRow> {
  const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
  if (row === undefined) throw new Error('payment vanished');
  return row;
}

export async function deletePaymentRow(db: Db, id: number): Promise<void> {
  await db.delete(payments).where(eq(payments.id, id));
}

/**
 * One page of GET /payments/my: ids and microsecond creation times of the payments the user made
 * or received, newest first, strictly before `before` when given.
 */
export async function myPaymentPage(
  db: Db,
  userId: number,
  limit: number,
  before: { createdAt: string; id: number } | null,
): Promise<{ id: number; createdAt: string }[]> {
  const cond =
    before === null
      ? sql``
      : sql`and (p.created_at, p.id) < (${before.createdAt}::timestamptz, ${before.id})`;
  const rows = await queryRows<{ id: number; c: string }>(
    db,
    sql`select p.id, to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as c
          from payments p
          where (p.paid_by_id = ${userId} or p.paid_to_id = ${userId}) ${cond}
          order by p.created_at desc, p.id desc
          limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), createdAt: r.c }));
}

/** The groups both users currently belong to, by id. */
export async function sharedGroupIds(db: Db, a: number, b: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select x.group_id as id from group_members x
        join group_members y on y.group_id = x.group_id
        where x.user_id = ${a} and x.left_at is null
          and y.user_id = ${b} and y.left_at is null
        order by x.group_id`,
  );
  return rows.map((r) => Number(r.id));
}

/** SQL: the view of payment row `p` as one JSON array (parsed by {@link paymentViewOf}). */
export const PAYMENT_VIEW_JSON = `json_build_array(p.id, p.group_id, p.amount_cents, p.currency,
  to_char(p.date, 'YYYY-MM-DD'), ${isoSql('p.created_at')}, ${isoSql('p.updated_at')},
  (select json_build_array(u.id, u.name, u.email) from users u where u.id = p.paid_by_id),
  (select json_build_array(u.id, u.name, u.email) from users u where u.id = p.paid_to_id),
  (select json_build_array(u.id, u.name, u.email) from users u where u.id = p.created_by_id))`;

type PersonT = [number, string, string] | null;
export type PaymentViewTuple = [
  number,
  number | null,
  number | string,
  string,
  string,
  string,
  string,
  PersonT,
  PersonT,
  PersonT,
];

function personOf(t: PersonT): Person {
  return t === null ? { id: 0, name: '', email: '' } : { id: t[0], name: t[1], email: t[2] };
}

export function paymentViewOf(t: PaymentViewTuple): PaymentView {
  return {
    id: t[0],
    groupId: t[1],
    amountCents: Number(t[2]),
    currency: t[3],
    date: t[4],
    createdAt: new Date(t[5]),
    updatedAt: new Date(t[6]),
    paidBy: personOf(t[7]),
    paidTo: personOf(t[8]),
    createdBy: personOf(t[9]),
  };
}

const paymentViews = statement<{ v: PaymentViewTuple }>(
  'payments.views',
  `select ${PAYMENT_VIEW_JSON} as v from payments p where p.id = any($1::int[])`,
);

/** Views of the given payments, in the order of `ids` (missing ids are skipped). */
export async function loadPaymentViews(db: Db, ids: readonly number[]): Promise<PaymentView[]> {
  if (ids.length === 0) return [];
  const rows = await run(db, paymentViews, [[...new Set(ids)]]);
  const byId = new Map<number, PaymentView>();
  for (const r of rows) byId.set(r.v[0], paymentViewOf(r.v));
  return ids.flatMap((id) => {
    const v = byId.get(id);
    return v === undefined ? [] : [v];
  });
}
