// Helpers for ledger tests: multipart bodies, expense/payment requests and the independent
// recomputation of pairwise nets from the stored rows with @evenly/core.
import { computePairwiseNets, expenseDebts, pairOf, paymentDebt } from '@evenly/core';
import type { Cents, Debt } from '@evenly/core';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import type { Db } from '../../src/db/database.js';
import type { TestContext } from './test-app.js';
import type { TestUser } from './fixtures.js';

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body with the given parts. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----evenly${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.contentType !== undefined) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('fake png body'),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg')]);
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

export async function postExpense(
  ctx: TestContext,
  user: TestUser,
  data: unknown,
  extra: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/expenses',
    headers: { ...user.auth, ...extra },
    payload: data as Record<string, unknown>,
  });
}

export async function putExpense(ctx: TestContext, user: TestUser, id: number, data: unknown) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/expenses/${id}`,
    headers: user.auth,
    payload: data as Record<string, unknown>,
  });
}

export function equalExpense(
  payer: { id: number },
  people: { id: number }[],
  amount: number,
  extra: Record<string, unknown> = {},
) {
  return {
    description: 'Dinner',
    amount,
    splitType: 'EQUAL',
    payers: [{ userId: payer.id, amountPaid: amount }],
    splits: people.map((p) => ({ userId: p.id })),
    ...extra,
  };
}

/**
 * Pairwise nets per scope ("group id or 0") and currency, recomputed from the stored rows that are
 * not deleted.
 */
export async function recomputeNets(db: Db): Promise<Map<string, Map<string, number>>> {
  const debtsByScope = new Map<string, Debt[]>();
  const add = (scope: string, debts: Debt[]) => {
    const list = debtsByScope.get(scope) ?? [];
    list.push(...debts);
    debtsByScope.set(scope, list);
  };
  const expenses = await queryRows<{ id: number; group_id: number | null; currency: string }>(
    db,
    // Deleted entries (kept restorable) count for nothing until restored.
    sqlText('select id, group_id, currency from expenses where deleted_at is null order by id'),
  );
  const payers = await queryRows<{
    expense_id: number;
    user_id: number;
    amount_paid_cents: string | number;
  }>(
    db,
    sqlText(
      'select expense_id, user_id, amount_paid_cents from expense_payers order by expense_id, position',
    ),
  );
  const splits = await queryRows<{
    expense_id: number;
    user_id: number;
    owed_cents: string | number;
  }>(
    db,
    sqlText(
      'select expense_id, user_id, owed_cents from expense_splits order by expense_id, position',
    ),
  );
  for (const e of expenses) {
    const ps = payers
      .filter((p) => p.expense_id === e.id)
      .map((p) => ({ userId: p.user_id, paidCents: Number(p.amount_paid_cents) as Cents }));
    const ss = splits
      .filter((s) => s.expense_id === e.id)
      .map((s) => ({ userId: s.user_id, owedCents: Number(s.owed_cents) as Cents }));
    add(`${e.group_id ?? 0}|${e.currency}`, expenseDebts(ps, ss));
  }
  const payments = await queryRows<{
    group_id: number | null;
    currency: string;
    paid_by_id: number;
    paid_to_id: number;
    amount_cents: string | number;
  }>(
    db,
    sqlText(
      'select group_id, currency, paid_by_id, paid_to_id, amount_cents from payments where deleted_at is null',
    ),
  );
  for (const p of payments) {
    add(`${p.group_id ?? 0}|${p.currency}`, [
      paymentDebt(p.paid_by_id, p.paid_to_id, Number(p.amount_cents) as Cents),
    ]);
  }
  const out = new Map<string, Map<string, number>>();
  for (const [scope, debts] of debtsByScope) {
    const nets = computePairwiseNets(debts);
    const m = new Map<string, number>();
    for (const [k, v] of nets) if (v !== 0) m.set(k, v);
    if (m.size > 0) out.set(scope, m);
  }
  return out;
}

/** The stored pair nets (pair_balances summed over slots, non-zero) in the shape of recomputeNets. */
export async function storedNets(db: Db): Promise<Map<string, Map<string, number>>> {
  const rows = await queryRows<{
    group_id: number;
    currency: string;
    user_low: number;
    user_high: number;
    net_cents: string | number;
  }>(
    db,
    sqlText(`select group_id, currency, user_low, user_high, sum(net_cents) as net_cents
               from pair_balances group by group_id, currency, user_low, user_high
             having sum(net_cents) <> 0`),
  );
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const scope = `${r.group_id}|${r.currency}`;
    const m = out.get(scope) ?? new Map<string, number>();
    m.set(`${r.user_low}:${r.user_high}`, Number(r.net_cents));
    out.set(scope, m);
  }
  return out;
}

export async function expectBalancesMatchRecomputation(db: Db): Promise<void> {
  const toObj = (m: Map<string, Map<string, number>>) =>
    Object.fromEntries([...m].map(([k, v]) => [k, Object.fromEntries([...v].sort())]));
  expect(toObj(await storedNets(db))).toEqual(toObj(await recomputeNets(db)));
  await expectExpenseCopiesMatch(db);
}

/** Every expense row's copy of its payers, splits and comment count equals the tables. */
export async function expectExpenseCopiesMatch(db: Db): Promise<void> {
  const differing = await queryRows<{ id: number }>(
    db,
    sqlText(`select e.id from expenses e
      where e.payer_user_ids is distinct from
              coalesce((select array_agg(user_id order by position) from expense_payers where expense_id = e.id), '{}')
         or e.payer_amounts is distinct from
              coalesce((select array_agg(amount_paid_cents order by position) from expense_payers where expense_id = e.id), '{}')
         or e.split_ids is distinct from
              coalesce((select array_agg(id order by position) from expense_splits where expense_id = e.id), '{}')
         or e.split_user_ids is distinct from
              coalesce((select array_agg(user_id order by position) from expense_splits where expense_id = e.id), '{}')
         or e.split_owed is distinct from
              coalesce((select array_agg(owed_cents order by position) from expense_splits where expense_id = e.id), '{}')
         or e.split_values is distinct from
              coalesce((select array_agg(value order by position) from expense_splits where expense_id = e.id), '{}')
         or e.comment_count <> (select count(*) from comments where expense_id = e.id)`),
  );
  expect(differing).toEqual([]);
}

export { pairOf };

import { sql } from 'drizzle-orm';
function sqlText(text: string) {
  return sql.raw(text);
}

/**
 * Waits until `check` passes (notifications arrive asynchronously); the deadline only turns a
 * hang into a failure.
 */
export async function eventually(check: () => void, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (e) {
      if (Date.now() - start > timeoutMs) throw e;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
