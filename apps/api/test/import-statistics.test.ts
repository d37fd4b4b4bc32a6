// Issue #36 point 1: a large import leaves the ledger tables analyzed, so that the planner's
// estimates count the history it brought (restore and move-to-postgres do the same; see
// backup-restore.test.ts). A small one leaves statistics to autovacuum. PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANALYZE_AFTER_ENTRIES } from '../src/modules/imports/import.service.js';
import { queryRows } from '../src/db/database.js';
import { multipart } from './support/imports.js';
import { makeUsers } from './support/social.js';
import type { TestUser } from './support/fixtures.js';
import { createTestContext } from './support/test-app.js';
import type { TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

/** A Splitwise export of `rows` dinners Ann paid and shared with Bob. */
function splitwiseFile(rows: number): string {
  const lines = ['Date,Description,Category,Cost,Currency,Ann,Bob'];
  for (let i = 0; i < rows; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(`2024-05-${day},Dinner ${i},Dining out,20.00,EUR,10.00,-10.00`);
  }
  lines.push('');
  lines.push(`2024-06-01,Total balance, , ,EUR,${10 * rows}.00,-${10 * rows}.00`);
  return lines.join('\n') + '\n';
}

async function importFile(who: TestUser, csv: string) {
  const body = multipart(
    [
      { name: 'groupName', value: 'History' },
      { name: 'mapping', value: JSON.stringify([{ kind: 'me' }, { kind: 'guest', name: 'Bob' }]) },
      { name: 'file', value: Buffer.from(csv), filename: 'export.csv' },
    ],
    'text/csv',
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/imports/splitwise',
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ expenseCount: number }>();
}

/** The ledger tables that have statistics. */
async function analyzedTables(): Promise<string[]> {
  const rows = await queryRows<{ tablename: string }>(
    ctx.database.handle.db,
    sql`select distinct tablename from pg_stats where schemaname = 'public'
         and tablename in ('expenses', 'expense_payers', 'expense_splits', 'payments')
         order by tablename`,
  );
  return rows.map((r) => r.tablename);
}

describe('statistics after an import', () => {
  it('are left to autovacuum after a small import', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    expect((await importFile(ann, splitwiseFile(20))).expenseCount).toBe(20);
    expect(await analyzedTables()).toEqual([]);
  });

  it(`are taken after an import of ${ANALYZE_AFTER_ENTRIES} entries or more`, async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const done = await importFile(ann, splitwiseFile(ANALYZE_AFTER_ENTRIES));
    expect(done.expenseCount).toBe(ANALYZE_AFTER_ENTRIES);
    // Payments have no rows here, so ANALYZE has nothing to record for them.
    expect(await analyzedTables()).toEqual(['expense_payers', 'expense_splits', 'expenses']);
  }, 120_000);
});
