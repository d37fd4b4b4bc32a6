// Expense search (issue #14 point 2): the queries. Text matches description and notes, or a
// comment, word by word: each word of the query must occur in the text, as a substring or as a
// close word (pg_trgm word similarity, so "piza" finds "Pizza"), accents and case ignored
// (evenly_search_norm = lower(unaccent(…)), migration 0013_search). Both spellings of the text
// below are exactly those of the GIN trigram indexes, so the indexes serve them.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { CURRENCIES_BY_DIGITS } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';

/** The searchable text of expense `e` (as indexed by expenses_search_trgm_idx). */
const EXPENSE_TEXT = sql.raw(`evenly_search_norm(e.description || ' ' || coalesce(e.notes, ''))`);
/** The searchable text of comment `c` (as indexed by comments_search_trgm_idx). */
const COMMENT_TEXT = sql.raw(`evenly_search_norm(c.content)`);

/** Amount bounds are compared at this scale: 4 decimals, the most any currency has. */
export const AMOUNT_SCALE_DIGITS = 4;

/** What one minor unit of `e.currency` is worth at AMOUNT_SCALE_DIGITS decimals. */
const MINOR_TO_SCALED = (() => {
  const list = (codes: readonly string[]) => codes.map((c) => `'${c}'`).join(', ');
  return sql.raw(`(case when e.currency in (${list(CURRENCIES_BY_DIGITS[0])}) then 10000
                        when e.currency in (${list(CURRENCIES_BY_DIGITS[3])}) then 10
                        when e.currency in (${list(CURRENCIES_BY_DIGITS[4])}) then 1
                        else 100 end)`);
})();

export type SearchScope = { kind: 'group'; groupId: number } | { kind: 'all'; groupIds: number[] };

export interface SearchFilters {
  /** Normalised words (evenly_search_norm), 1–8, or empty: no text condition. */
  words: string[];
  /** Amount bounds at AMOUNT_SCALE_DIGITS decimals (e.g. 12.5 → 125000), inclusive. */
  minScaled: bigint | null;
  maxScaled: bigint | null;
  category: string | null;
  personId: number | null;
  /** Inclusive calendar dates, YYYY-MM-DD. */
  from: string | null;
  to: string | null;
}

/** Where the next page starts: after this row in the order of the results. */
export interface SearchCursor {
  /** Relevance (0–1000) for text searches; null when there is no text. */
  score: number | null;
  date: string;
  createdAt: string;
  id: number;
}

export interface SearchHit {
  id: number;
  score: number | null;
  date: string;
  createdAt: string;
}

/** Conditions on expense `e` from the filters (not the text, not the scope). */
function filterSql(f: SearchFilters): SQL {
  const parts: SQL[] = [sql`e.deleted_at is null`];
  if (f.category !== null) parts.push(sql`e.category = ${f.category}`);
  if (f.personId !== null) {
    parts.push(
      sql`(${f.personId}::int = any(e.payer_user_ids) or ${f.personId}::int = any(e.split_user_ids))`,
    );
  }
  if (f.from !== null) parts.push(sql`e.date >= ${f.from}::date`);
  if (f.to !== null) parts.push(sql`e.date <= ${f.to}::date`);
  if (f.minScaled !== null) {
    parts.push(sql`e.amount_cents * ${MINOR_TO_SCALED} >= ${f.minScaled.toString()}::numeric`);
  }
  if (f.maxScaled !== null) {
    parts.push(sql`e.amount_cents * ${MINOR_TO_SCALED} <= ${f.maxScaled.toString()}::numeric`);
  }
  return sql.join(parts, sql` and `);
}

/** A LIKE pattern matching `word` anywhere (its own % _ \ taken literally). */
function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * How close a word must be to one of the text's (pg_trgm word similarity): the sessions' `<%`
 * threshold (WORD_SIMILARITY_SETTING, 0.5) for longer words, stricter for short ones, where one
 * trigram weighs more ("tip" is not "trip").
 */
function closeness(word: string): number {
  return [...word].length <= 4 ? 0.6 : 0.5;
}

/** Every word occurs in `text`: as a substring, or (3+ letters) as a close word. */
function wordsMatch(text: SQL, words: readonly string[]): SQL {
  return sql.join(
    words.map((w) =>
      [...w].length >= 3
        ? sql`(${text} like ${containsPattern(w)}
               or (${w} <% ${text} and word_similarity(${w}, ${text}) >= ${closeness(w)}))`
        : sql`${text} like ${containsPattern(w)}`,
    ),
    sql` and `,
  );
}

/** Relevance 0…`top`: the mean word similarity of the words to `text`. */
function scoreSql(text: SQL, words: readonly string[], top: number): SQL {
  const sims = sql.join(
    words.map((w) => sql`word_similarity(${w}, ${text})`),
    sql` + `,
  );
  return sql`round(${top} * (${sims}) / ${words.length})::int`;
}

const DATE_TEXT = sql.raw(`to_char(e.date, 'YYYY-MM-DD')`);
const CREATED_TEXT = sql.raw(
  `to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
);

/** The caller's non-group expenses (payer or in the split), as expenses_nongroup_people_idx. */
function nonGroupOf(callerId: number): SQL {
  return sql`e.group_id is null and (e.payer_user_ids || e.split_user_ids) @> array[${callerId}::int]
             and e.deleted_at is null`;
}

/**
 * One page (`limit` rows) of matches, in result order: by relevance then newest date when there
 * are words, by newest date otherwise (then createdAt, id: a total order for the cursor).
 */
export async function searchPage(
  db: Db,
  callerId: number,
  scope: SearchScope,
  f: SearchFilters,
  limit: number,
  cursor: SearchCursor | null,
): Promise<SearchHit[]> {
  return f.words.length === 0
    ? await datePage(db, callerId, scope, f, limit, cursor)
    : await textPage(db, callerId, scope, f, limit, cursor);
}

async function datePage(
  db: Db,
  callerId: number,
  scope: SearchScope,
  f: SearchFilters,
  limit: number,
  cursor: SearchCursor | null,
): Promise<SearchHit[]> {
  const after =
    cursor === null
      ? sql``
      : sql`and (e.date, e.created_at, e.id) < (${cursor.date}::date, ${cursor.createdAt}::timestamptz, ${cursor.id}::int)`;
  const order = sql`order by e.date desc, e.created_at desc, e.id desc limit ${limit}`;
  const filters = filterSql(f);
  const groupIds = scope.kind === 'group' ? [scope.groupId] : scope.groupIds;
  // Each group read newest first along expenses_group_order_idx, up to one page each, then
  // merged: the index's order serves every group, which one scan over `group_id = any(…)` lacks.
  const branches: SQL[] = [];
  if (groupIds.length > 0) {
    branches.push(sql`select x.* from unnest(${sql.param(groupIds)}::int[]) g(id)
      cross join lateral (select e.id, e.date, e.created_at from expenses e
                           where e.group_id = g.id and ${filters} ${after} ${order}) x`);
  }
  if (scope.kind === 'all') {
    branches.push(sql`(select e.id, e.date, e.created_at from expenses e
                        where ${nonGroupOf(callerId)} and ${filters} ${after} ${order})`);
  }
  if (branches.length === 0) return [];
  const rows = await queryRows<{ id: number; d: string; c: string }>(
    db,
    sql`select e.id, ${DATE_TEXT} as d, ${CREATED_TEXT} as c
          from (${sql.join(branches, sql` union all `)}) e
         ${order}`,
  );
  return rows.map((r) => ({ id: Number(r.id), score: null, date: r.d, createdAt: r.c }));
}

async function textPage(
  db: Db,
  callerId: number,
  scope: SearchScope,
  f: SearchFilters,
  limit: number,
  cursor: SearchCursor | null,
): Promise<SearchHit[]> {
  const filters = filterSql(f);
  const scopes: SQL[] =
    scope.kind === 'group'
      ? [sql`e.group_id = ${scope.groupId}::int`]
      : [
          ...(scope.groupIds.length > 0
            ? [sql`e.group_id = any(${sql.param(scope.groupIds)}::int[])`]
            : []),
          nonGroupOf(callerId),
        ];
  const branches: SQL[] = [];
  for (const inScope of scopes) {
    branches.push(sql`select e.id, ${scoreSql(EXPENSE_TEXT, f.words, 1000)} as score
                        from expenses e
                       where ${wordsMatch(EXPENSE_TEXT, f.words)} and ${inScope} and ${filters}`);
    // A match in a comment ranks a little below the same match in the expense itself.
    branches.push(sql`select e.id, ${scoreSql(COMMENT_TEXT, f.words, 900)} as score
                        from comments c join expenses e on e.id = c.expense_id
                       where ${wordsMatch(COMMENT_TEXT, f.words)} and ${inScope} and ${filters}`);
  }
  const after =
    cursor === null
      ? sql``
      : sql`where (h.score, e.date, e.created_at, e.id)
                < (${cursor.score ?? 0}::int, ${cursor.date}::date, ${cursor.createdAt}::timestamptz, ${cursor.id}::int)`;
  const rows = await queryRows<{ id: number; s: number; d: string; c: string }>(
    db,
    sql`select e.id, h.score as s, ${DATE_TEXT} as d, ${CREATED_TEXT} as c
          from (select id, max(score) as score
                  from (${sql.join(branches, sql` union all `)}) b
                 group by id) h
          join expenses e on e.id = h.id
         ${after}
         order by h.score desc, e.date desc, e.created_at desc, e.id desc
         limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), score: Number(r.s), date: r.d, createdAt: r.c }));
}

/** The query's words, normalised as the indexed text is (lower case, accents removed). */
export async function normaliseWords(db: Db, q: string): Promise<string[]> {
  const [row] = await queryRows<{ n: string | null }>(
    db,
    sql`select evenly_search_norm(${q}) as n`,
  );
  return (row?.n ?? '').split(/\s+/u).filter((w) => w.length > 0);
}

/** Ids of the groups the caller is a current member of. */
export async function currentGroupIds(db: Db, callerId: number): Promise<number[]> {
  const rows = await queryRows<{ g: number }>(
    db,
    sql`select group_id as g from group_members where user_id = ${callerId} and left_at is null`,
  );
  return rows.map((r) => Number(r.g));
}
