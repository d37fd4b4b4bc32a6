// Measures the memory a large group CSV export takes (issue #14): a group with N expenses
// (default 200,000, written straight into the database), exported over a real HTTP connection
// and read chunk by chunk, while the server process's heap is sampled. The export is streamed
// from keyset batches, so the peak should not grow with N.
//
//   npx tsx apps/api/scripts/measure-export-memory.ts [N]
//   TEST_DATABASE_URL=postgres://… TEST_DB_KIND=postgres npx tsx apps/api/scripts/measure-export-memory.ts
import { sql } from 'drizzle-orm';
import { createTestContext } from '../test/support/test-app.js';
import { createUsers, befriend, createGroup } from '../test/support/fixtures.js';

const n = Number(process.argv[2] ?? 200_000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const ctx = await createTestContext();
try {
  const [ann, bea] = await createUsers(ctx, 'Ann', 'Bea');
  if (ann === undefined || bea === undefined) throw new Error('no users');
  const db = ctx.database.handle.db;
  await befriend(db, ann, bea);
  const groupId = await createGroup(db, ann, 'Big', [bea]);
  const started = Date.now();
  for (let from = 1; from <= n; from += 50_000) {
    const to = Math.min(n, from + 49_999);
    await db.execute(sql`insert into expenses (group_id, description, amount_cents, currency, date,
        split_type, created_by_id, payer_user_ids, payer_amounts, split_user_ids, split_owed)
      select ${groupId}, 'Expense number ' || i, 200 + i, 'USD', date '2020-01-01' + (i % 2000),
        'EXACT', ${ann.id}, array[${ann.id}::int], array[200 + i],
        array[${ann.id}::int, ${bea.id}::int], array[100 + i - (i / 2), 100 + (i / 2)]
      from generate_series(${from}::int, ${to}::int) as i`);
  }
  // As autovacuum would after such a load: the planner's statistics.
  await db.execute(sql`analyze expenses`);
  console.log(`${String(n)} expenses written in ${String(Date.now() - started)} ms`);
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  global.gc?.();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 20);
  const t0 = Date.now();
  const res = await fetch(`${address}/api/groups/${String(groupId)}/export.csv`, {
    headers: { ...ann.auth, 'accept-encoding': 'identity' },
  });
  if (res.body === null) throw new Error(`no body: ${String(res.status)}`);
  let bytes = 0;
  let lines = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const b of value) if (b === 10) lines += 1;
  }
  clearInterval(timer);
  console.log(
    `export: HTTP ${String(res.status)}, ${mb(bytes)}, ${String(lines)} lines in ${String(Date.now() - t0)} ms`,
  );
  console.log(
    `heap before ${mb(base.heapUsed)}, peak ${mb(peakHeap)} (+${mb(peakHeap - base.heapUsed)}); rss before ${mb(base.rss)}, peak ${mb(peakRss)}`,
  );
} finally {
  await ctx.close();
}
