// Payment rows and their views (payer and recipient as people).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';
import { payments } from '../../db/schema.js';
import type { PairDeltaArgs } from '../../db/pair-slots.js';
import { PAIR_SLOT_RESULT, pairCtes, pairDeltaParams, spillOf } from '../../db/pair-slots.js';
import type { Spill } from '../../db/transaction.js';
import { dateOfDays, daysSql, microsSql, run, statement } from '../../db/statements.js';
import { changeCtes } from '../activity/index.js';
import type { GuardResult, GuardValues, GuardVerdict } from '../ledger/index.js';
import {
  GUARD_RESULT,
  findEntryRow,
  guardCtes,
  guardParams,
  markEntryDeleted,
  unmarkEntryDeleted,
  verdictOf,
} from '../ledger/index.js';
import type { PersonTuple } from '../balances/index.js';
import { peopleJson, peopleMap } from '../balances/index.js';
import type { RateSource } from '../ledger/index.js';
import type { Person } from '../people/index.js';

/** What a converted payment was entered as, and the rate (exact decimal text). */
export interface PaymentOriginal {
  currency: string;
  amountCents: number;
  rate: string;
  source: RateSource;
  rateDate: string | null;
}

/** The conversion columns of a payment row. */
export function paymentOriginalColumns(o: PaymentOriginal | null) {
  return {
    originalCurrency: o?.currency ?? null,
    originalAmountCents: o?.amountCents ?? null,
    fxRate: o?.rate ?? null,
    fxSource: o?.source ?? null,
    fxDate: o?.rateDate ?? null,
  };
}

/** A row's conversion, null when it was not converted. */
export function paymentOriginalOfRow(row: PaymentRow): PaymentOriginal | null {
  if (row.originalCurrency === null || row.originalAmountCents === null || row.fxRate === null) {
    return null;
  }
  return {
    currency: row.originalCurrency,
    amountCents: row.originalAmountCents,
    rate: row.fxRate,
    source: row.fxSource ?? 'MANUAL',
    rateDate: row.fxDate,
  };
}

export type PaymentRow = typeof payments.$inferSelect;

export type { Person } from '../people/index.js';

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
  /** Set when entered in another currency: amountCents/currency above are then converted. */
  original: PaymentOriginal | null;
  /** The two payments of a currency exchange share it (the first one's id); else null. */
  exchangeId: number | null;
}

/**
 * The payment row, or undefined. A deleted payment (kept restorable) counts as missing unless
 * `includeDeleted` (restore and purge only).
 */
export function findPaymentRow(
  db: Db,
  id: number,
  forUpdate = false,
  includeDeleted = false,
): Promise<PaymentRow | undefined> {
  return findEntryRow(db, payments, id, forUpdate, includeDeleted);
}

export type NewPaymentRow = typeof payments.$inferInsert;

const paymentActivity = changeCtes({
  recipients: '$10',
  shares: '$11',
  type: "'payment_added'",
  actorId: '$7',
  groupId: '$1::int',
  groupName: '$12',
  expenseId: 'null',
  paymentId: '$9::int',
  commentId: 'null',
  description: '$13',
  amountCents: '$4::bigint',
  currency: '$5',
  at: '$8::timestamptz',
  when: 'exists (select 1 from p)',
});

/**
 * A new payment with its activity rows, change-feed row, key and pairwise balances, in one
 * statement behind the ledger guard (modules/ledger/ledger-guard.ts); its id was drawn
 * beforehand ($9).
 */
const writeStatement = statement<GuardResult & { slot: number | null }>(
  'payments.write',
  `with ${guardCtes(21)},
   p as (
     insert into payments (id, group_id, paid_by_id, paid_to_id, amount_cents, currency, date,
                           created_by_id, created_at, updated_at, original_currency,
                           original_amount_cents, fx_rate, fx_source, fx_date)
       overriding system value
     select $9::int, $1::int, $2::int, $3::int, $4::bigint, $5, $6::date, $7::int,
            $8::timestamptz, $8::timestamptz, $35::text, $36::bigint, $37::numeric, $38::text,
            $39::date
      where (select go from go)
     returning id),
   ${paymentActivity.ctes},
   chg as (
     insert into changes (entity, action, entity_id, group_id, recipients, affected, at)
     select 'payment', 'created', p.id, $1, $10::int[], $14::int[], $8::timestamptz from p
     returning 1),
   ${pairCtes(15, 'exists (select 1 from p)')}
   select ${GUARD_RESULT},
          ${paymentActivity.changeCount} + (select count(*) from chg) as n,
          ${PAIR_SLOT_RESULT}`,
);

export interface NewPaymentWrite {
  id: number;
  groupId: number | null;
  groupName: string | null;
  paidById: number;
  paidToId: number;
  amountCents: number;
  currency: string;
  /** YYYY-MM-DD */
  date: string;
  createdById: number;
  createdAt: Date;
  /** Activity text: "{payer} paid {recipient}". */
  description: string;
  original: PaymentOriginal | null;
}

/**
 * Writes a payment with its effects behind the guard; the verdict, and the scope to fold when
 * its pair deltas went to a spill slot.
 */
export async function writePayment(
  db: Db,
  w: NewPaymentWrite,
  change: { recipients: number[]; shares: number[]; affected: number[] },
  pairs: PairDeltaArgs,
  guard: GuardValues,
): Promise<{ verdict: GuardVerdict; spill: Spill | null }> {
  const [row] = await run(db, writeStatement, [
    w.groupId,
    w.paidById,
    w.paidToId,
    w.amountCents,
    w.currency,
    w.date,
    w.createdById,
    w.createdAt.toISOString(),
    w.id,
    change.recipients,
    change.shares,
    w.groupName,
    w.description,
    change.affected,
    ...pairDeltaParams(pairs),
    ...guardParams(guard),
    w.original?.currency ?? null,
    w.original?.amountCents ?? null,
    w.original?.rate ?? null,
    w.original?.source ?? null,
    w.original?.rateDate ?? null,
  ]);
  return { verdict: verdictOf(row), spill: spillOf(row?.slot, pairs) };
}

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
    | 'paidById'
    | 'paidToId'
    | 'amountCents'
    | 'currency'
    | 'date'
    | 'updatedAt'
    | 'originalCurrency'
    | 'originalAmountCents'
    | 'fxRate'
    | 'fxSource'
    | 'fxDate'
  >,
): Promise<PaymentRow> {
  const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
  if (row === undefined) throw new Error('payment vanished');
  return row;
}

/** Marks payment `id` as the first leg of currency exchange `exchangeId`. */
export async function setExchangeId(db: Db, id: number, exchangeId: number | null): Promise<void> {
  await db.update(payments).set({ exchangeId }).where(eq(payments.id, id));
}

/**
 * Deletes a payment the restorable way: the row stays, marked with `at`, until the purge job
 * removes it (modules/ledger/purge-deleted.ts); every reader skips it meanwhile.
 */
export function markPaymentDeleted(db: Db, id: number, at: Date): Promise<void> {
  return markEntryDeleted(db, payments, id, at);
}

/** Puts a deleted payment back (its row is exactly as it was deleted). */
export function unmarkPaymentDeleted(db: Db, id: number): Promise<PaymentRow> {
  return unmarkEntryDeleted(db, payments, id, 'payment');
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
          where (p.paid_by_id = ${userId} or p.paid_to_id = ${userId})
            and p.deleted_at is null ${cond}
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

/** SQL: payment row `alias` as one JSON array (PaymentRowTuple; people by id, see paymentViewOf). */
export function paymentRowJson(alias: string): string {
  const a = alias;
  return `json_build_array(${a}.id, ${a}.group_id, ${a}.amount_cents, ${a}.currency,
    ${daysSql(`${a}.date`)}, ${microsSql(`${a}.created_at`)}, ${microsSql(`${a}.updated_at`)},
    ${a}.paid_by_id, ${a}.paid_to_id, ${a}.created_by_id, ${a}.original_currency,
    ${a}.original_amount_cents, ${a}.fx_rate::text, ${a}.fx_source, ${daysSql(`${a}.fx_date`)},
    ${a}.exchange_id)`;
}

/** SQL: the ids of the people payment row `alias` names. */
export function paymentPeopleIds(alias: string): string {
  return `unnest(array[${alias}.paid_by_id, ${alias}.paid_to_id, ${alias}.created_by_id])`;
}

export type PaymentRowTuple = [
  number,
  number | null,
  number,
  string,
  number,
  number,
  number,
  number,
  number,
  number,
  string | null,
  number | null,
  string | null,
  RateSource | null,
  number | null,
  number | null,
];

export function paymentViewOf(
  t: PaymentRowTuple,
  people: ReadonlyMap<number, Person>,
): PaymentView {
  const person = (id: number) => people.get(id) ?? { id, name: '', email: '' };
  return {
    id: t[0],
    groupId: t[1],
    amountCents: Number(t[2]),
    currency: t[3],
    date: dateOfDays(t[4]),
    createdAt: new Date(Math.floor(t[5] / 1000)),
    updatedAt: new Date(Math.floor(t[6] / 1000)),
    paidBy: person(t[7]),
    paidTo: person(t[8]),
    createdBy: person(t[9]),
    original:
      t[10] === null || t[11] === null || t[12] === null
        ? null
        : {
            currency: t[10],
            amountCents: Number(t[11]),
            rate: t[12],
            source: t[13] ?? 'MANUAL',
            rateDate: t[14] === null ? null : dateOfDays(t[14]),
          },
    exchangeId: t[15],
  };
}

const paymentViews = statement<{ rows: PaymentRowTuple[]; people: PersonTuple[] }>(
  'payments.views',
  `with p as materialized (select * from payments where id = any($1::int[]))
   select coalesce((select json_agg(${paymentRowJson('p')}) from p), '[]') as rows,
          ${peopleJson(`select distinct ${paymentPeopleIds('p')} from p`)} as people`,
);

/**
 * The ids of the payments of a currency exchange, locked: the live ones, or with
 * `includeDeleted` also the deleted ones (the two are deleted and restored together).
 */
export async function exchangePaymentIds(
  db: Db,
  exchangeId: number,
  includeDeleted = false,
): Promise<number[]> {
  const live = includeDeleted ? sql`` : sql`and deleted_at is null`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from payments where exchange_id = ${exchangeId} ${live} order by id for update`,
  );
  return rows.map((r) => Number(r.id));
}

/** Views of the given payments, in the order of `ids` (missing ids are skipped). */
export async function loadPaymentViews(db: Db, ids: readonly number[]): Promise<PaymentView[]> {
  if (ids.length === 0) return [];
  const [row] = await run(db, paymentViews, [[...new Set(ids)]]);
  const people = peopleMap(row?.people ?? []);
  const byId = new Map<number, PaymentView>();
  for (const t of row?.rows ?? []) byId.set(t[0], paymentViewOf(t, people));
  return ids.flatMap((id) => {
    const v = byId.get(id);
    return v === undefined ? [] : [v];
  });
}
