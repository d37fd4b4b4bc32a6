// Expense search (issue #14 point 2): the queries. Text matches description and notes, or a
// comment, word by word: each word of the query must occur in the text, as a substring or as a
// close word (pg_trgm word similarity, so "piza" finds "Pizza"), accents and case ignored
// (evenly_search_norm = lower(unaccent(…)), migration 0013_search). The normalised text is kept
// in generated columns `search_text`, which the GIN trigram indexes cover.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { CURRENCIES_BY_DIGITS } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';

/** The searchable text of expense `e`, normalised (indexed by expenses_search_trgm_idx). */
const EXPENSE_TEXT = sql.raw(`e.search_text`);
/** The searchable text of comment `c`, normalised (indexed by comments_search_trgm_idx). */
const COMMENT_TEXT = sql.raw(`c.search_text`);

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
  /** Per word of the query (1–8) what it matches, or empty: no text condition. */
  words: WordPatterns[];
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
 * What one word of the query matches: substring patterns of the text, each with its relevance
 * (0–1). For a word of 3+ letters, the words of the texts (table search_words) that contain it
 * or are close to it (a typo); for a shorter one, the word itself.
 */
export interface WordPatterns {
  patterns: { pattern: string; score: number }[];
}

/** How close a known word must be to the query's word to count as what was meant. */
const CLOSENESS = 0.45;
/** The closest known words tried per query word. */
const CANDIDATES_PER_WORD = 8;

/**
 * The patterns of each word: known words containing it (a prefix, "groc" → "groceries") or
 * within trigram similarity (typos, "piza" → "pizza", "nigth" → "night"), closest first.
 * A word with nothing close gets no patterns (the search then finds nothing).
 */
export async function wordPatterns(db: Db, words: readonly string[]): Promise<WordPatterns[]> {
  const long = words.filter((w) => [...w].length >= 3);
  const rows =
    long.length === 0
      ? []
      : await queryRows<{ i: number; word: string; s: number }>(
          db,
          sql`select q.i, c.word, c.s
                from unnest(${sql.param(long)}::text[], ${sql.param(long.map(containsPattern))}::text[])
                       with ordinality as q(w, p, i)
                cross join lateral (
                  select k.word, case when k.word = q.w then 1 else greatest(similarity(k.word, q.w),
                                      word_similarity(q.w, k.word)) end as s
                    from search_words k
                   where k.word like q.p or k.word % q.w
                   order by 2 desc, k.word
                   limit ${CANDIDATES_PER_WORD}) c
               where c.s >= ${CLOSENESS} or c.word like q.p`,
        );
  return words.map((w) => {
    if ([...w].length < 3) return { patterns: [{ pattern: containsPattern(w), score: 1 }] };
    const i = long.indexOf(w) + 1;
    return {
      patterns: rows
        .filter((r) => Number(r.i) === i)
        .map((r) => ({ pattern: containsPattern(r.word), score: Number(r.s) })),
    };
  });
}

/** Every word matches `text`: one of its patterns occurs in it. */
function wordsMatch(text: SQL, words: readonly WordPatterns[]): SQL {
  return sql.join(
    words.map(
      (w) =>
        sql`(${sql.join(
          w.patterns.map((p) => sql`${text} like ${p.pattern}`),
          sql` or `,
        )})`,
    ),
    sql` and `,
  );
}

/** Relevance 0…`top`: the mean over the words of their best pattern's score in `text`. */
function scoreSql(text: SQL, words: readonly WordPatterns[], top: number): SQL {
  const each = words.map(
    (w) =>
      sql`(case ${sql.join(
        w.patterns.map((p) => sql`when ${text} like ${p.pattern} then ${p.score}::float8`),
        sql` `,
      )} else 0 end)`,
  );
  return sql`round(${top} * (${sql.join(each, sql` + `)}) / ${words.length})::int`;
}

const DATE_TEXT = sql.raw(`to_char(e.date, 'YYYY-MM-DD')`);
const CREATED_TEXT = sql.raw(
  `to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
);

/** The caller's non-group expenses (payer or in the split), as expenses_nongroup_search_idx. */
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
  // Each branch carries what the order needs, so the matches are ranked without going back to
  // their rows; an expense matched by its text and by comments counts once, at its best.
  const branches: SQL[] = [];
  for (const inScope of scopes) {
    branches.push(sql`select e.id, e.date, e.created_at,
                             ${scoreSql(EXPENSE_TEXT, f.words, 1000)} as score
                        from expenses e
                       where ${wordsMatch(EXPENSE_TEXT, f.words)} and ${inScope} and ${filters}`);
    // A match in a comment ranks a little below the same match in the expense itself.
    branches.push(sql`select e.id, e.date, e.created_at,
                             ${scoreSql(COMMENT_TEXT, f.words, 900)} as score
                        from comments c join expenses e on e.id = c.expense_id
                       where ${wordsMatch(COMMENT_TEXT, f.words)} and ${inScope} and ${filters}`);
  }
  const after =
    cursor === null
      ? sql``
      : sql`where (e.score, e.date, e.created_at, e.id)
                < (${cursor.score ?? 0}::int, ${cursor.date}::date, ${cursor.createdAt}::timestamptz, ${cursor.id}::int)`;
  const rows = await queryRows<{ id: number; s: number; d: string; c: string }>(
    db,
    sql`select e.id, e.score as s, ${DATE_TEXT} as d, ${CREATED_TEXT} as c
          from (select id, date, created_at, max(score) as score
                  from (${sql.join(branches, sql` union all `)}) b
                 group by id, date, created_at) e
         ${after}
         order by e.score desc, e.date desc, e.created_at desc, e.id desc
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
