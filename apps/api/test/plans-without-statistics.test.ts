// Issue #36 point 1: a big group's first page must not depend on table statistics. Right after
// an import, a restore or on a PostgreSQL whose autovacuum is behind, the tables have none; the
// planner then guesses 0.5 % for `deleted_at is null` and, with a full (group_id, date, …)
// index, chose a bitmap scan of the whole group and a sort (24 ms for 20,000 expenses instead of
// 0.05 ms). The partial indexes of migration 0024 leave it nothing to guess. This reads the plan
// the route's own statement gets, before and after ANALYZE, on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import type { Db } from '../src/db/database.js';
import { STATEMENTS, run } from '../src/db/statements.js';
import type { Statement } from '../src/db/statements.js';
// Declare the statements `transactions.first`, `activity.first` and `notifications.first`.
import '../src/modules/expenses/transactions.repository.js';
import '../src/modules/activity/activity.repository.js';
import '../src/modules/balances/counterparty-reader.js';
import '../src/modules/profile/profile.repository.js';
import { searchPage } from '../src/modules/search/search.repository.js';
import { createTestDatabase } from './support/test-database.js';
import type { TestDatabase } from './support/test-database.js';

const BIG = 20_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Subplan Name'?: string;
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

/** The plan of the named statement for these parameters (run: with its row counts). */
async function planOf(
  db: Db,
  name: string,
  params: unknown[],
  analyze = false,
): Promise<PlanNode[]> {
  const st = STATEMENTS.get(name);
  if (st === undefined) throw new Error(`${name} is not declared`);
  const explain: Statement<{ 'QUERY PLAN': unknown }> = {
    name: `test.explain${analyze ? '.analyze' : ''}.${name}`,
    text: `explain (${analyze ? 'analyze, ' : ''}format json) ${st.text}`,
  };
  const [row] = await run(db, explain, params);
  const raw = row?.['QUERY PLAN'];
  // node-postgres parses json; PGlite may hand back the text.
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const plan = doc[0]?.Plan;
  if (plan === undefined) throw new Error('no plan');
  return nodes(plan);
}

/** The plan (run: with its loop counts) of the search page for one word in group `groupId`. */
async function searchPlan(db: Db, groupId: number, word: string): Promise<PlanNode[]> {
  const captured: SQL[] = [];
  const recording = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
      return (query: SQL) => {
        captured.push(query);
        return target.execute(query);
      };
    },
  });
  const filters = {
    words: [{ patterns: [{ pattern: `%${word}%`, score: 1 }] }],
    minScaled: null,
    maxScaled: null,
    category: null,
    personId: null,
    from: null,
    to: null,
  };
  await searchPage(recording, 1, { kind: 'group', groupId }, filters, 21, null);
  const query = captured[0];
  if (query === undefined) throw new Error('the search ran no statement');
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (analyze, format json) ${query}`,
  );
  const raw = row?.['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const plan = doc[0]?.Plan;
  if (plan === undefined) throw new Error('no plan');
  return nodes(plan);
}

/** The route's first page of group `groupId` read by `userId`. */
const firstPagePlan = (db: Db, groupId: number, userId: number) =>
  planOf(db, 'transactions.first', [groupId, 50, userId]);

/** How a CTE of a plan reads `table`: scan, index, direction, and whether it sorts. */
function cteRead(plan: PlanNode[], name: string, table: string) {
  const cte = plan.find((n) => n['Subplan Name'] === `CTE ${name}`);
  const inside = cte === undefined ? [] : nodes(cte);
  const scan = inside.find((n) => n['Relation Name'] === table);
  return {
    node: scan?.['Node Type'],
    index: scan?.['Index Name'],
    dir: scan?.['Scan Direction'],
    sorted: inside.some((n) => n['Node Type'] === 'Sort'),
  };
}

/** How each table of the page is read (CTE `e` expenses, `p` payments). */
function readsOf(plan: PlanNode[]) {
  return { expenses: cteRead(plan, 'e', 'expenses'), payments: cteRead(plan, 'p', 'payments') };
}

const EXPECTED = {
  expenses: {
    node: 'Index Scan',
    index: 'expenses_group_live_order_idx',
    dir: 'Backward',
    sorted: false,
  },
  payments: {
    node: 'Index Scan',
    index: 'payments_group_live_order_idx',
    dir: 'Backward',
    sorted: false,
  },
};

describe('plans that hold without statistics (a big group, fresh tables)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.handle.db;
    // 300 people, 60 small groups of 100 expenses and one of 20,000, 1 % of them deleted, and
    // payments everywhere: the shape of the bench, with no ANALYZE anywhere.
    await db.execute(sql`insert into users (id, name, email, password_hash) overriding system value
      select i, 'u' || i, 'u' || i || '@plans.test', 'x' from generate_series(1, 300) i`);
    // 20,000 groups (members in the first 61): a read of every group costs what it does on an
    // instance, where a lookup by key stays cheap.
    await db.execute(sql`insert into groups (id, name, creator_id) overriding system value
      select i, 'g' || i, 1 from generate_series(1, 20000) i`);
    await db.execute(sql`insert into group_members (group_id, user_id)
      select g, u from generate_series(1, 61) g, generate_series(1, 5) u`);
    await db.execute(sql`insert into expenses
        (group_id, description, amount_cents, currency, date, split_type, created_by_id, deleted_at)
      select 1 + (i % 60), 'e' || i, 1000 + i, 'USD', date '2024-01-01' + (i % 700), 'EQUAL', 1,
             case when i % 97 = 0 then now() end
        from generate_series(1, 6000) i`);
    await db.execute(sql`insert into expenses
        (group_id, description, amount_cents, currency, date, split_type, created_by_id, deleted_at)
      select 61, 'big' || i, 1000 + i, 'USD', date '2020-01-01' + (i / 20), 'EQUAL', 1,
             case when i % 97 = 0 then now() end
        from generate_series(1, ${BIG}) i`);
    await db.execute(sql`insert into payments
        (group_id, paid_by_id, paid_to_id, amount_cents, currency, date, created_by_id)
      select 1 + (i % 61), 1, 2, 500, 'USD', date '2024-01-01' + (i % 700), 1
        from generate_series(1, 3000) i`);
    // A comment on every tenth expense of the big group.
    await db.execute(sql`insert into comments (expense_id, author_id, content)
      select id, 1, 'dinner note ' || id from expenses where group_id = 61 and id % 10 = 0`);
    await db.execute(
      sql`update expenses set comment_count = 1 where group_id = 61 and id % 10 = 0`,
    );
    // And one on every expense of the small groups: comments of other groups to skip.
    await db.execute(sql`insert into comments (expense_id, author_id, content)
      select e.id, 1, 'lunch note ' || e.id from expenses e where e.group_id <= 60`);
    // 50,000 pair nets in 1,000 scopes; group 1 simplifies debts.
    await db.execute(sql`insert into pair_balances (group_id, currency, user_low, user_high, net_cents)
      select g, 'USD', u, u + 1 + k, 100 + g
        from generate_series(1, 1000) g, generate_series(1, 25) u, generate_series(0, 1) k`);
    await db.execute(sql`update groups set simplify_debts = true where id = 1`);
    // 200,000 activity rows over the 300 people, a third of them notification-only types.
    await db.execute(sql`insert into activities (recipient_id, type, actor_id, description)
      select 1 + (i % 300),
             (array['expense_added', 'payment_added', 'reminder'])[1 + (i % 3)],
             1 + (i % 7), 'd'
        from generate_series(1, 200000) i`);
  }, 240_000);

  afterAll(async () => {
    await database.close();
  });

  // A hang guard, not a speed limit: on PGlite under CI's load this test has taken 86–190 s.
  it('reads first pages along their indexes, without statistics and after ANALYZE', async () => {
    const db = database.handle.db;
    const stats = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_stats
           where schemaname = 'public' and tablename in ('expenses', 'payments', 'activities')`,
    );
    // The premise: no statistics (the template's tables were never analyzed, nor were these).
    expect(stats[0]?.n).toBe(0);
    expect(readsOf(await firstPagePlan(db, 61, 1))).toEqual(EXPECTED);
    expect(readsOf(await firstPagePlan(db, 7, 1))).toEqual(EXPECTED);

    // A person's activity feed and notifications: one backward range of (recipient_id, id).
    const activityRead = {
      node: 'Index Scan',
      index: 'activities_recipient_idx',
      dir: 'Backward',
      sorted: false,
    };
    for (const name of ['activity.first', 'notifications.first']) {
      expect(cteRead(await planOf(db, name, [5, 50]), 'a', 'activities'), name).toEqual(
        activityRead,
      );
    }

    // The balances behind friends and the overall summary: the simplifying groups' pairs read
    // by key, group by group, never the whole table.
    const counterparty = await planOf(db, 'balances.counterparty_rows', [1]);
    expect(
      counterparty.filter((n) => n['Relation Name'] === 'pair_balances').map((n) => n['Node Type']),
    ).not.toContain('Seq Scan');
    // Friends and the overall summary also name the groups behind the figures: each by key, not
    // a hash of all 20,000 (6.4 ms of 8 in the bench's friends read without statistics).
    for (const name of ['balances.friends', 'balances.counterparty_with_names']) {
      const plan = await planOf(db, name, [1]);
      const reads = plan.filter((n) =>
        ['groups', 'pair_balances'].includes(n['Relation Name'] ?? ''),
      );
      expect(reads.length, name).toBeGreaterThan(0);
      expect(
        reads.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']),
        name,
      ).toEqual([]);
    }

    // A word searched in the big group: its comments are read by their group and trigrams in
    // one index scan (migration 0025), never once per expense (what the planner did on the
    // bench's data when it guessed one live expense in the group), nor by key for each of the
    // group's 2,000 commented expenses (7 s a search in the bench's 200,000-expense group).
    const commentsRead = async () => {
      const search = await searchPlan(db, 61, 'dinner');
      const reads = search.filter(
        (n) => n['Relation Name'] === 'comments' || n['Index Name']?.startsWith('comments_'),
      );
      return {
        indexes: [...new Set(reads.flatMap((n) => n['Index Name'] ?? []))],
        loops: Math.max(...reads.map((n) => n['Actual Loops'] ?? 0)),
      };
    };
    const byGroup = { indexes: ['comments_group_search_trgm_idx'], loops: 1 };
    expect(await commentsRead()).toEqual(byGroup);
    // The expenses' own text: by the scope and trigram index (migration 0026), never the group's
    // page index with every text matched in turn (357 ms in the 200,000-expense group).
    const expensesRead = async () => {
      const plan = await searchPlan(db, 61, 'big12');
      const matchesText = (n: PlanNode) =>
        `${n['Index Cond'] ?? ''} ${n.Filter ?? ''}`.includes('search_text');
      return plan
        .filter(
          (n) =>
            (n['Relation Name'] === 'expenses' || n['Index Name']?.startsWith('expenses_')) &&
            matchesText(n),
        )
        .map((n) => n['Index Name'] ?? `${n['Node Type']}, text matched row by row`);
    };
    const byScope = ['expenses_scope_search_trgm_idx'];
    expect(await expensesRead()).toEqual(byScope);
    await db.execute(sql`analyze expenses`);
    await db.execute(sql`analyze payments`);
    await db.execute(sql`analyze comments`);
    // With statistics the planner may sort a group's few payments; the expenses keep the index.
    expect(readsOf(await firstPagePlan(db, 61, 1)).expenses).toEqual(EXPECTED.expenses);
    expect(await commentsRead()).toEqual(byGroup);
    expect(await expensesRead()).toEqual(byScope);
  }, 600_000);

  it('answers Me without counting the accounts (every start of the web app asks it)', async () => {
    // The first-account claim only asks whether there is exactly one account: at most two rows
    // are read (134 req/s with 40,000 accounts counted on every request; #36).
    const plan = await planOf(
      database.handle.db,
      'profile.me',
      [5, new Date().toISOString(), 'x'],
      true,
    );
    const reads = plan.filter((n) => n['Relation Name'] === 'users');
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read['Actual Rows']).toBeLessThanOrEqual(2);
  });

  it('runs no parallel workers (a keyed read never needs them; a guess without statistics did)', async () => {
    const [row] = await queryRows<{ max_parallel_workers_per_gather: string }>(
      database.handle.db,
      sql`show max_parallel_workers_per_gather`,
    );
    expect(row?.max_parallel_workers_per_gather).toBe('0');
  });

  it('compiles nothing just in time (an estimate without statistics made every read pay 300 ms)', async () => {
    const [row] = await queryRows<{ jit: string; available: boolean }>(
      database.handle.db,
      sql`select current_setting('jit') as jit, pg_jit_available() as available`,
    );
    // PostgreSQL built with LLVM has it on by default; the server's connections turn it off.
    expect(row?.available === false || row?.jit === 'off').toBe(true);
  });
});
