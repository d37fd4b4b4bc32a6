// Races a ledger write can lose, driven deterministically from a second PostgreSQL connection
// that holds the lock a concurrent request would hold:
// - a member is removed while an expense naming them waits: the expense must be refused (a
//   person who left never owes money in the group);
// - the pair_balances slots (db/pair-slots.ts): while another transaction holds a group's
//   slot-0 lock, writes spill into other slots, balances stay exact, and the next write that
//   gets the lock folds the spills back.
// PGlite has one connection and runs transactions one at a time, so these need PostgreSQL.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cents } from '@evenly/core';
import { queryRows } from '../src/db/database.js';
import {
  PAIR_SLOT_RESULT,
  pairCtes,
  pairDeltaArgs,
  pairDeltaParams,
} from '../src/db/pair-slots.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers } from './support/fixtures.js';
import { equalExpense, expectBalancesMatchRecomputation, postExpense } from './support/ledger.js';
import { testDbKind } from './support/test-database.js';

describe.runIf(testDbKind() === 'postgres')('ledger races on PostgreSQL', () => {
  let ctx: TestContext;
  let side: pg.Client;
  let ann: TestUser;
  let bea: TestUser;
  let cal: TestUser;
  let groupId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.reset();
    [ann, bea, cal] = (await createUsers(ctx, 'Ann', 'Bea', 'Cal')) as [
      TestUser,
      TestUser,
      TestUser,
    ];
    groupId = await createGroup(ctx.database.handle.db, ann, 'Flat', [bea, cal]);
    side = new pg.Client({ connectionString: ctx.database.url ?? '' });
    await side.connect();
  });

  /** Resolves once a backend of the app waits for a lock (the request is blocked). */
  async function waitForBlockedBackend(): Promise<void> {
    // The deadline only turns a request that never blocks into a failure.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const rows = await queryRows<{ n: number }>(
        ctx.database.handle.db,
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((rows[0]?.n ?? 0) > 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('no request ever waited for the lock');
  }

  async function groupNet(userId: number): Promise<number> {
    const rows = await queryRows<{ net: string | null }>(
      ctx.database.handle.db,
      sql`select sum(case when user_low = ${userId} then net_cents else -net_cents end)::text as net
          from pair_balances where group_id = ${groupId}
            and (user_low = ${userId} or user_high = ${userId})`,
    );
    return Number(rows[0]?.net ?? 0);
  }

  it('refuses an expense for a member removed while it waited, and Bea owes nothing', async () => {
    // A removal in progress: it holds the group row and has marked Bea as gone.
    await side.query('begin');
    await side.query('select id from groups where id = $1 for update', [groupId]);
    await side.query(
      'update group_members set left_at = now() where group_id = $1 and user_id = $2',
      [groupId, bea.id],
    );
    const pending = postExpense(ctx, ann, equalExpense(ann, [ann, bea], 30, { groupId }));
    await waitForBlockedBackend();
    await side.query('commit');
    const res = await pending;
    expect(res.statusCode, res.body).toBe(400);
    expect(errorBody(res)).toMatchObject({
      code: 'NOT_GROUP_MEMBER',
      message: 'Bea is not a member of this group.',
    });
    expect(await groupNet(bea.id)).toBe(0);
    await side.end();
  });

  it('the other way round, a removal waits for the expense and then sees the balance', async () => {
    // An expense in progress holds the group row as every ledger write does (FOR KEY SHARE);
    // a removal must not decide on the balance before it commits.
    await side.query('begin');
    await side.query('select id from groups where id = $1 for key share', [groupId]);
    const removal = ctx.app.inject({
      method: 'DELETE',
      url: `/api/groups/${groupId}/members/${bea.id}`,
      headers: ann.auth,
    });
    await waitForBlockedBackend();
    // Bea comes to owe Ann 10.00 in that transaction, through the writes' own statement.
    const debts = [{ from: bea.id, to: ann.id, cents: cents(1000) }];
    await side.query(
      `with ${pairCtes(1)} select ${PAIR_SLOT_RESULT}`,
      pairDeltaParams(pairDeltaArgs(groupId, 'USD', debts, 1)),
    );
    await side.query('commit');
    const res = await removal;
    expect(res.statusCode, res.body).toBe(409);
    expect(errorBody(res).code).toBe('OUTSTANDING_BALANCE');
    await side.end();
  });

  it('refuses a non-group expense with a friend who is unfriended while it waits', async () => {
    const fid = await befriend(ctx.database.handle.db, ann, cal);
    await side.query('begin');
    await side.query('delete from friendships where id = $1', [fid]);
    const pending = postExpense(ctx, ann, equalExpense(ann, [ann, cal], 20));
    await waitForBlockedBackend();
    await side.query('commit');
    const res = await pending;
    expect(res.statusCode, res.body).toBe(400);
    expect(errorBody(res).code).toBe('NOT_FRIENDS');
    await side.end();
  });

  it('spills into other slots while slot 0 is held, stays exact, and folds back afterwards', async () => {
    // Another writer in the middle of its commit holds the group's slot-0 lock.
    await side.query('begin');
    await side.query(`select pg_advisory_xact_lock($1, hashtext('evenly_pairs:USD'))`, [groupId]);
    for (let i = 0; i < 6; i++) {
      const res = await postExpense(ctx, ann, equalExpense(ann, [ann, bea, cal], 30, { groupId }));
      expect(res.statusCode, res.body).toBe(201);
    }
    const spilled = await queryRows<{ slot: number }>(
      ctx.database.handle.db,
      sql`select slot from pair_balances where group_id = ${groupId} and slot <> 0`,
    );
    expect(spilled.length).toBeGreaterThan(0);
    // Reads sum the slots: every balance equals the recomputation from the stored rows.
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
    const lines = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/balances/group/${groupId}`,
        headers: ann.auth,
      })
    ).json<{ otherUser: { id: number }; netAmount: number }[]>();
    expect(lines.map((l) => l.netAmount)).toEqual([60, 60]);

    // The holder commits; the folder, asked by the spilling writes, folds the rows back.
    await side.query('commit');
    await ctx.app.infra.pairs.settled();
    const left = await queryRows<{ n: number }>(
      ctx.database.handle.db,
      sql`select count(*)::int as n from pair_balances where group_id = ${groupId} and slot <> 0`,
    );
    expect(left[0]?.n).toBe(0);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
    await side.end();
  });
});
