// An expense as the API shows it (ExpenseView), and how statements read it: one expense row as
// one JSON array (expenseRowJson), its columns and its copy of the payers and splits, people by id.
import { occurrenceDate, toCategoryId } from '@evenly/core';
import type { CategoryId, Frequency, SplitType } from '@evenly/core';
import {
  dateOfDays,
  daysSql,
  listSql,
  microsSql,
  numbersOfList,
  valuesOfList,
} from '../../db/statements.js';
import type { RateSource } from '../ledger/index.js';
import type { Person } from '../people/index.js';
import type { ItemTuple } from './expense-items.repository.js';
import { itemsJson } from './expense-items.repository.js';

export interface ExpenseView {
  id: number;
  groupId: number | null;
  description: string;
  amountCents: number;
  currency: string;
  date: string;
  splitType: SplitType;
  notes: string | null;
  /** A known category id (an unknown stored one reads as general). */
  category: CategoryId;
  receiptKey: string | null;
  createdAt: Date;
  updatedAt: Date;
  createdBy: Person;
  payers: { user: Person; amountPaidCents: number }[];
  splits: { splitId: number; owedBy: Person; owedCents: number; value: string | null }[];
  commentCount: number;
  /**
   * Set when the expense was entered in another currency than its balances are kept in: the
   * fields above are then the converted (ledger) ones, these what was entered.
   */
  original: OriginalAmounts | null;
  /** The recurring series this expense is an occurrence of (issue #11), else null. */
  series: SeriesSummary | null;
  /** YYYY-MM-DD: the occurrence's slot in its series (kept when its date is edited). */
  occurrenceDate: string | null;
  /**
   * The receipt's items and who had each when it was split by item (issue #31 point 2), in
   * minor units of the currency it was entered in (`original.currency` when converted).
   */
  items: { description: string; amountCents: number; users: Person[] }[];
}

/** A series as every occurrence shows it. */
export interface SeriesSummary {
  id: number;
  frequency: Frequency;
  timeZone: string;
  startDate: string;
  endDate: string | null;
  endCount: number | null;
  /** The next occurrence still to be created; null once the series has ended. */
  nextDate: string | null;
  ended: boolean;
}

/** What a converted entry was entered as, and the rate (exact decimal text). */
export interface OriginalAmounts {
  currency: string;
  amountCents: number;
  /** Per payer and per split, in request order (expenses only; empty for payments). */
  payerCents: number[];
  splitCents: number[];
  rate: string;
  source: RateSource;
  rateDate: string | null;
}

/**
 * SQL: expense row `alias` as one JSON array (ExpenseRowTuple; see expenseViewOf): its columns
 * and its copy of the payers and splits, times and dates as numbers and the copy as lists
 * (statements.ts), people by id (they come once per statement, see expensePeopleIds).
 */
export function expenseRowJson(alias: string): string {
  const a = alias;
  return `json_build_array(${a}.id, ${a}.group_id, ${a}.description, ${a}.amount_cents,
    ${a}.currency, ${daysSql(`${a}.date`)}, ${a}.split_type, ${a}.notes, ${a}.receipt_key,
    ${microsSql(`${a}.created_at`)}, ${microsSql(`${a}.updated_at`)}, ${a}.created_by_id,
    ${listSql(`${a}.payer_user_ids`)}, ${listSql(`${a}.payer_amounts`)},
    ${listSql(`${a}.split_ids`)}, ${listSql(`${a}.split_user_ids`)},
    ${listSql(`${a}.split_owed`)}, ${listSql(`${a}.split_values`)}, ${a}.comment_count,
    ${a}.original_currency, ${a}.original_amount_cents, ${a}.fx_rate::text, ${a}.fx_source,
    ${daysSql(`${a}.fx_date`)}, ${listSql(`coalesce(${a}.original_payer_amounts, '{}')`)},
    ${listSql(`coalesce(${a}.original_split_owed, '{}')`)}, ${daysSql(`${a}.occurrence_date`)},
    case when ${a}.series_id is null then null else (
      select json_build_array(s.id, s.frequency, s.time_zone, ${daysSql('s.start_date')},
        ${daysSql('s.end_date')}, s.end_count, s.next_index, s.ended_at is not null)
        from expense_series s where s.id = ${a}.series_id) end, ${a}.category,
    ${itemsJson(a)})`;
}

/** A series as expenseRowJson gives it: id, frequency, zone, start, end, count, next, ended. */
export type SeriesTuple = [
  number,
  Frequency,
  string,
  number,
  number | null,
  number | null,
  number,
  boolean,
];

export function seriesSummaryOf(t: SeriesTuple): SeriesSummary {
  const startDate = dateOfDays(t[3]);
  return {
    id: t[0],
    frequency: t[1],
    timeZone: t[2],
    startDate,
    endDate: t[4] === null ? null : dateOfDays(t[4]),
    endCount: t[5],
    nextDate: t[7] ? null : occurrenceDate(startDate, t[1], t[6]),
    ended: t[7],
  };
}

/** SQL: the ids of the people expense row `alias` names (creator, payers, split people). */
export function expensePeopleIds(alias: string): string {
  return `unnest(array[${alias}.created_by_id] || ${alias}.payer_user_ids || ${alias}.split_user_ids)`;
}

export type ExpenseRowTuple = [
  number,
  number | null,
  string,
  number,
  string,
  number,
  SplitType,
  string | null,
  string | null,
  number,
  number,
  number,
  string,
  string,
  string,
  string,
  string,
  string,
  number,
  string | null,
  number | null,
  string | null,
  RateSource | null,
  number | null,
  string,
  string,
  number | null,
  SeriesTuple | null,
  string,
  ItemTuple[],
];

/** A person the view names but the people list lacks (never for stored rows: users stay). */
function unknownPerson(id: number): Person {
  return { id, name: '', email: '' };
}

export function expenseViewOf(
  t: ExpenseRowTuple,
  people: ReadonlyMap<number, Person>,
): ExpenseView {
  const person = (id: number) => people.get(id) ?? unknownPerson(id);
  const payerIds = numbersOfList(t[12]);
  const payerAmounts = numbersOfList(t[13]);
  const splitIds = numbersOfList(t[14]);
  const splitUsers = numbersOfList(t[15]);
  const splitOwed = numbersOfList(t[16]);
  const splitValues = valuesOfList(t[17], splitUsers.length);
  return {
    id: t[0],
    groupId: t[1],
    description: t[2],
    amountCents: Number(t[3]),
    currency: t[4],
    date: dateOfDays(t[5]),
    splitType: t[6],
    notes: t[7],
    category: toCategoryId(t[28]),
    receiptKey: t[8],
    createdAt: new Date(Math.floor(t[9] / 1000)),
    updatedAt: new Date(Math.floor(t[10] / 1000)),
    createdBy: person(t[11]),
    payers: payerIds.map((id, i) => ({
      user: person(id),
      amountPaidCents: payerAmounts[i] ?? 0,
    })),
    splits: splitUsers.map((id, i) => ({
      splitId: splitIds[i] ?? 0,
      owedBy: person(id),
      owedCents: splitOwed[i] ?? 0,
      value: splitValues[i] ?? null,
    })),
    commentCount: Number(t[18]),
    original:
      t[19] === null || t[20] === null || t[21] === null
        ? null
        : {
            currency: t[19],
            amountCents: Number(t[20]),
            payerCents: numbersOfList(t[24]),
            splitCents: numbersOfList(t[25]),
            rate: t[21],
            source: t[22] ?? 'MANUAL',
            rateDate: t[23] === null ? null : dateOfDays(t[23]),
          },
    series: t[27] === null ? null : seriesSummaryOf(t[27]),
    occurrenceDate: t[26] === null ? null : dateOfDays(t[26]),
    items: t[29].map(([description, amount, ids]) => ({
      description,
      amountCents: Number(amount),
      users: numbersOfList(ids).map(person),
    })),
  };
}
