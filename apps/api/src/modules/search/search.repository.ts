// Expense search (issue #14 point 2): the queries. Text matches description and notes, or a
// comment, word by word: each word of the query must occur in the text, as a substring or as a
// close word (pg_trgm word similarity, so "piza" finds "Pizza"), accents and case ignored
// (evenly_search_norm = lower(unaccent(…)), migration 0015_search). The normalised text is kept
// in generated columns `search_text`, which the GIN trigram indexes cover.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { CURRENCIES_BY_DIGITS } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';

/** The searchable text of expense `e`, normalised (indexed by expenses_scope_search_trgm_idx). */
const EXPENSE_TEXT = sql.raw(`e.search_text`);
/**
 * Expense `e`'s scope for a text search: its group, 0 outside groups. Written as this expression
 * (migration 0026), which only expenses_scope_search_trgm_idx serves: on plain `group_id` the
 * btree indexes compete, and without statistics the planner took them for a big group and
 * matched its 200,000 texts one by one.
 */
const EXPENSE_SCOPE = sql.raw(`coalesce(e.group_id, 0)`);
/** The searchable text of comment `c`, normalised (indexed by comments_group_search_trgm_idx). */
const COMMENT_TEXT = sql.raw(`c.search_text`);

/** Amount bounds are compared at this scale: 4 decimals, the most any currency has. */
export const AMOUNT_SCALE_DIGITS = 4;

/**
 * The amount bounds on `e.amount_cents` itself (minor units of the expense's own currency), per
 * class of currency by its decimals: written on the plain column, PostgreSQL estimates them
 * from its statistics, and so reads a group's index newest first when they keep many rows.
 */
function amountSql(minScaled: bigint | null, maxScaled: bigint | null): SQL | null {
  if (minScaled === null && maxScaled === null) return null;
  const odd = [...CURRENCIES_BY_DIGITS[0], ...CURRENCIES_BY_DIGITS[3], ...CURRENCIES_BY_DIGITS[4]];
  const list = (codes: readonly string[]) => sql.raw(codes.map((c) => `'${c}'`).join(', '));
  const bounds = (digits: number): SQL => {
    const unit = 10n ** BigInt(AMOUNT_SCALE_DIGITS - digits);
    const parts: SQL[] = [];
    // Smallest whole minor amount ≥ min, largest ≤ max.
    if (minScaled !== null)
      parts.push(sql`e.amount_cents >= ${lit((minScaled + unit - 1n) / unit, BIG)}`);
    if (maxScaled !== null) parts.push(sql`e.amount_cents <= ${lit(maxScaled / unit, BIG)}`);
    return sql.join(parts, sql` and `);
  };
  return sql`((e.currency not in (${list(odd)}) and ${bounds(2)})
           or (e.currency in (${list(CURRENCIES_BY_DIGITS[0])}) and ${bounds(0)})
           or (e.currency in (${list(CURRENCIES_BY_DIGITS[3])}) and ${bounds(3)})
           or (e.currency in (${list(CURRENCIES_BY_DIGITS[4])}) and ${bounds(4)}))`;
}

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

// The filters, ids, dates and cursor are written into the statements as literals (each checked
// against a strict pattern first), so PostgreSQL plans each search with the real values: the
// server's connections otherwise reuse one generic plan per statement, which knows neither how
// big the group is nor how many rows a category keeps, and sorted a whole 200,000-expense group
// where reading its index newest first stops after a page. Only the text patterns stay
// parameters.

/** A literal of `value`, which must match `pattern` (never anything a quote could break). */
function lit(value: string | number | bigint, pattern: RegExp): SQL {
  const text = String(value);
  if (!pattern.test(text)) throw new Error(`search: refusing literal ${text}`);
  return sql.raw(/^[0-9]+$/.test(text) ? text : `'${text}'`);
}
const INT = /^[0-9]{1,10}$/;
const BIG = /^[0-9]{1,19}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const CATEGORY = /^[a-z_]{1,40}$/;

/** Conditions on expense `e` from the filters (not the text, not the scope). */
function filterSql(f: SearchFilters): SQL {
  const parts: SQL[] = [sql`e.deleted_at is null`];
  if (f.category !== null) parts.push(sql`e.category = ${lit(f.category, CATEGORY)}`);
  if (f.personId !== null) {
    const p = lit(f.personId, INT);
    parts.push(sql`(${p} = any(e.payer_user_ids) or ${p} = any(e.split_user_ids))`);
  }
  if (f.from !== null) parts.push(sql`e.date >= ${lit(f.from, DAY)}::date`);
  if (f.to !== null) parts.push(sql`e.date <= ${lit(f.to, DAY)}::date`);
  const amount = amountSql(f.minScaled, f.maxScaled);
  if (amount !== null) parts.push(amount);
  return sql.join(parts, sql` and `);
}

/** Rows after the cursor in newest-first order (with the relevance first for text searches). */
function afterSql(cursor: SearchCursor, withScore: boolean): SQL {
  const keys = sql`${lit(cursor.date, DAY)}::date, ${lit(cursor.createdAt, INSTANT)}::timestamptz, ${lit(cursor.id, INT)}`;
  return withScore
    ? sql`(e.score, e.date, e.created_at, e.id) < (${lit(cursor.score ?? 0, INT)}, ${keys})`
    : sql`(e.date, e.created_at, e.id) < (${keys})`;
}

/** A LIKE pattern matching `word` anywhere (its own % _ \ taken literally). */
function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * What one word of the query matches: substring patterns of the text, each with its relevance
 * (0–1). For a word of 3+ letters, the words of the texts the caller can read (tables
 * search_words and search_person_words) that contain it or are close to it (a typo); for a
 * shorter one, the word itself.
 */
export interface WordPatterns {
  patterns: { pattern: string; score: number }[];
}

/** How close a known word must be to the query's word to count as what was meant. */
const CLOSENESS = 0.45;
/** The closest known words tried per query word. */
const CANDIDATES_PER_WORD = 8;

/**
 * The known words a search may correct against: those of the live texts the caller can read in
 * its scope (migration 0017_search_scoped_words), never another group's or a deleted entry's.
 */
function knownWords(callerId: number, scope: SearchScope): SQL {
  if (scope.kind === 'group') {
    return sql`select word from search_words where group_id = ${lit(scope.groupId, INT)}
                 and (word like q.p or word % q.w)`;
  }
  const groups =
    scope.groupIds.length === 0
      ? sql``
      : sql`select word from search_words where group_id = any(${sql.param(scope.groupIds)}::int[])
              and (word like q.p or word % q.w)
            union `;
  return sql`${groups}select word from search_person_words where user_id = ${lit(callerId, INT)}
               and (word like q.p or word % q.w)`;
}

/**
 * The patterns of each word: known words containing it (a prefix, "groc" → "groceries") or
 * within trigram similarity (typos, "piza" → "pizza", "nigth" → "night"), closest first.
 * A word with nothing close gets no patterns (the search then finds nothing).
 */
export async function wordPatterns(
  db: Db,
  callerId: number,
  scope: SearchScope,
  words: readonly string[],
): Promise<WordPatterns[]> {
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
                    from (${knownWords(callerId, scope)}) k
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
        .map((r) => ({ pattern: containsPattern(r.word), score: Number(r.s) }))
        // Closest first: scoreSql takes the first pattern that occurs.
        .sort((a, b) => b.score - a.score),
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
  return sql`e.group_id is null and (e.payer_user_ids || e.split_user_ids) @> array[${lit(callerId, INT)}]::int[]
             and e.deleted_at is null`;
}

/** Groups read one by one (a branch each, planned with the group's own size) up to this many. */
const GROUP_BRANCHES = 16;

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
  const after = cursor === null ? sql`` : sql`and ${afterSql(cursor, false)}`;
  const order = sql`order by e.date desc, e.created_at desc, e.id desc limit ${lit(limit, INT)}`;
  const filters = filterSql(f);
  const groupIds = scope.kind === 'group' ? [scope.groupId] : scope.groupIds;
  // Each group read newest first along expenses_group_live_order_idx, up to one page each, then
  // merged: the index's order serves every group, which one scan over `group_id = any(…)` lacks.
  const branches: SQL[] = [];
  if (groupIds.length > 0 && groupIds.length <= GROUP_BRANCHES) {
    for (const g of groupIds) {
      branches.push(sql`(select e.id, e.date, e.created_at from expenses e
                          where e.group_id = ${lit(g, INT)} and ${filters} ${after} ${order})`);
    }
  } else if (groupIds.length > 0) {
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
      ? [sql`${EXPENSE_SCOPE} = ${lit(scope.groupId, INT)}`]
      : [
          ...(scope.groupIds.length > 0
            ? [
                sql`${EXPENSE_SCOPE} in (${sql.join(
                  scope.groupIds.map((g) => lit(g, INT)),
                  sql`, `,
                )})`,
              ]
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
  }
  // A match in a comment ranks a little below the same match in the expense itself.
  const groupIds = scope.kind === 'group' ? [scope.groupId] : scope.groupIds;
  if (groupIds.length > 0) {
    // Groups' comments by comments_group_search_trgm_idx (their group beside the trigrams,
    // migration 0025), then their expenses by key: the cost follows the matches in the group,
    // whatever its size, with or without statistics (issue #36). The subquery is planned on its
    // own (offset 0), so no guess about the group's expenses can turn the order around. The
    // expense's own group is checked again: what a person may read is decided by the expense.
    const groups = sql.join(
      groupIds.map((g) => lit(g, INT)),
      sql`, `,
    );
    branches.push(sql`select e.id, e.date, e.created_at,
                             ${scoreSql(COMMENT_TEXT, f.words, 900)} as score
                        from (select c.expense_id, c.search_text from comments c
                               where c.group_id in (${groups})
                                 and ${wordsMatch(COMMENT_TEXT, f.words)} offset 0) c
                        join expenses e on e.id = c.expense_id
                       where e.group_id in (${groups}) and ${filters}`);
  }
  if (scope.kind === 'all') {
    // Non-group expenses' comments, read by key for the caller's own expenses that have any.
    branches.push(sql`select e.id, e.date, e.created_at,
                             ${scoreSql(COMMENT_TEXT, f.words, 900)} as score
                        from expenses e
                        cross join lateral (select c.search_text from comments c
                                             where c.expense_id = e.id offset 0) c
                       where e.comment_count > 0 and ${nonGroupOf(callerId)} and ${filters}
                         and ${wordsMatch(COMMENT_TEXT, f.words)}`);
  }
  const after = cursor === null ? sql`` : sql`where ${afterSql(cursor, true)}`;
  const rows = await queryRows<{ id: number; s: number; d: string; c: string }>(
    db,
    sql`select e.id, e.score as s, ${DATE_TEXT} as d, ${CREATED_TEXT} as c
          from (select id, date, created_at, max(score) as score
                  from (${sql.join(branches, sql` union all `)}) b
                 group by id, date, created_at) e
         ${after}
         order by e.score desc, e.date desc, e.created_at desc, e.id desc
         limit ${lit(limit, INT)}`,
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
