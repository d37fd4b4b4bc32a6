// The seed's self-check: a sample of groups recomputed with @evenly/core (computeShares,
// expenseDebts, paymentDebt, computePairwiseNets), activity myShares included, and compared with
// what the set-based SQL wrote. A difference stops the seed.
import {
  computePairwiseNets,
  computeShares,
  expenseDebts,
  pairOf,
  parseMoney,
  paymentDebt,
} from '@evenly/core';
import type { Cents, Debt, SplitType } from '@evenly/core';
import type pg from 'pg';
import { log } from './seed-sql.js';

/**
 * Recomputes one group's shares, pair balances and activity myShares with @evenly/core from
 * the stored expenses and payments, and compares.
 */
export async function verifyGroup(client: pg.Client, groupId: number): Promise<void> {
  const started = Date.now();
  const rows = await client.query<{
    id: number;
    amount: string;
    split_type: SplitType;
    payers: [number, string][];
    splits: [number, string, string | null][];
  }>(
    `select e.id, e.amount_cents::text as amount, e.split_type,
            (select json_agg(json_build_array(p.user_id, p.amount_paid_cents::text) order by p.position)
               from expense_payers p where p.expense_id = e.id) as payers,
            (select json_agg(json_build_array(s.user_id, s.owed_cents::text, s.value) order by s.position)
               from expense_splits s where s.expense_id = e.id) as splits
       from expenses e
      where e.group_id = $1`,
    [groupId],
  );
  const debts: Debt[] = [];
  // What the app records as each recipient's myShare: paid − owed, ± a payment's amount.
  const effect = new Map<number, number>();
  const addEffect = (userId: number, cents: number) =>
    effect.set(userId, (effect.get(userId) ?? 0) + cents);
  for (const r of rows.rows) {
    const amount = Number(r.amount) as Cents;
    const inputs = r.splits.map(([userId, , value]) => {
      if (value === null) return { userId, value: null };
      const parsed = parseMoney(value);
      if (!parsed.ok) throw new Error(`seed: expense ${r.id} has a bad value ${value}`);
      return { userId, value: parsed.cents };
    });
    const shares = computeShares(r.split_type, amount, inputs);
    shares.forEach((share, i) => {
      if (share.owedCents !== Number(r.splits[i]?.[1])) {
        throw new Error(`seed: expense ${r.id} share ${i} differs from @evenly/core`);
      }
    });
    const payers = r.payers.map(([userId, paid]) => ({ userId, paidCents: Number(paid) as Cents }));
    if (payers.reduce((t, p) => t + p.paidCents, 0) !== amount) {
      throw new Error(`seed: expense ${r.id} payers do not add up`);
    }
    debts.push(...expenseDebts(payers, shares));
    for (const p of payers) addEffect(p.userId, p.paidCents);
    for (const sh of shares) addEffect(sh.userId, -sh.owedCents);
  }
  const pays = await client.query<{ by: number; to: number; amount: string }>(
    `select paid_by_id as by, paid_to_id as to, amount_cents::text as amount
       from payments where group_id = $1`,
    [groupId],
  );
  for (const p of pays.rows) {
    debts.push(paymentDebt(p.by, p.to, Number(p.amount) as Cents));
    addEffect(p.by, Number(p.amount));
    addEffect(p.to, -Number(p.amount));
  }
  const expected = computePairwiseNets(debts);
  const stored = await client.query<{ user_low: number; user_high: number; net: string }>(
    `select user_low, user_high, sum(net_cents)::text as net from pair_balances where group_id = $1
      group by user_low, user_high having sum(net_cents) <> 0`,
    [groupId],
  );
  const got = new Map(stored.rows.map((r) => [`${r.user_low}:${r.user_high}`, Number(r.net)]));
  for (const [key, net] of expected) {
    const [low, high] = pairOf(key);
    if (got.get(`${low}:${high}`) !== net)
      throw new Error(`seed: pair ${key} of group ${groupId} differs`);
    got.delete(`${low}:${high}`);
  }
  if (got.size > 0) throw new Error(`seed: extra pairs in group ${groupId}`);

  // Every member received one activity row per expense and payment, with its myShare.
  const members = await client.query<{ user_id: number }>(
    `select user_id from group_members where group_id = $1`,
    [groupId],
  );
  const shares = await client.query<{ recipient_id: number; total: string; n: number }>(
    `select recipient_id, sum(my_share_cents)::text as total, count(*)::int as n from activities
      where recipient_id = any($1) and group_id = $2
        and type in ('expense_added', 'payment_added')
      group by recipient_id`,
    [members.rows.map((m) => m.user_id), groupId],
  );
  const totals = new Map(shares.rows.map((s) => [s.recipient_id, s]));
  for (const m of members.rows) {
    const got = totals.get(m.user_id);
    if (
      (got?.n ?? 0) !== rows.rows.length + pays.rows.length ||
      Number(got?.total ?? 0) !== (effect.get(m.user_id) ?? 0)
    ) {
      throw new Error(`seed: activity of user ${m.user_id} in group ${groupId} differs`);
    }
  }
  log(
    `group ${groupId}: ${rows.rows.length} expenses, ${pays.rows.length} payments and ` +
      `${members.rows.length} members' activity match @evenly/core ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
