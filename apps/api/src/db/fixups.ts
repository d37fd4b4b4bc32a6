// Data changes that SQL alone does badly, run once after the SQL migrations, by name, in one
// transaction each (the migration lock of migrate.ts is held on PostgreSQL).
//
// `minor_units_zero_decimals` (migration 0007): amounts were hundredths for every currency; in
// currencies without decimals (JPY, KRW, …) they now count whole units. Each expense's total is
// rounded to whole units and its payers' and splits' amounts are split over that total in
// proportion to what they were (the one split function, so each side sums exactly); payments
// and activity rows are rounded; the running pairwise totals of those currencies are then
// recomputed from the entries with the same functions the writes use.
import { sql } from 'drizzle-orm';
import {
  cents,
  currencyDigits,
  expenseDebts,
  formatMinor,
  paymentDebt,
  splitAmount,
} from '@evenly/core';
import type { Cents } from '@evenly/core';
import type { Db, DatabaseHandle } from './database.js';

const ZERO_DECIMAL_FIXUP = 'minor_units_zero_decimals';

interface Rows<T> {
  rows: T[];
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** Hundredths → whole units, half away from zero (amounts here are ≥ 0 except balances). */
function roundHundredths(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(value) + 50) / 100);
}

/** Parts re-split over a new total in proportion to the old parts (all zero → all zero). */
function resplit(total: Cents, parts: readonly number[]): Cents[] {
  if (!parts.some((p) => p > 0)) return parts.map(() => cents(0));
  return splitAmount(
    total,
    parts.map((p) => BigInt(p)),
  );
}

async function fixZeroDecimalCurrencies(db: Db): Promise<void> {
  const zeroDecimal = (
    await rows<{ currency: string }>(
      db,
      sql`select distinct currency from expenses union select distinct currency from payments`,
    )
  )
    .map((r) => r.currency)
    .filter((c) => currencyDigits(c) === 0);
  if (zeroDecimal.length === 0) return;

  const expenses = await rows<{
    id: number;
    group_id: number | null;
    currency: string;
    amount_cents: string;
    split_type: string;
  }>(
    db,
    sql`select id, group_id, currency, amount_cents::text, split_type from expenses
         where currency in ${zeroDecimal} order by id`,
  );
  // scope key → pair key → net (low's view: + = high owes low)
  const nets = new Map<string, Map<string, number>>();
  const addDebt = (groupId: number, currency: string, from: number, to: number, amount: number) => {
    const scope = `${String(groupId)}|${currency}`;
    let pairs = nets.get(scope);
    if (!pairs) nets.set(scope, (pairs = new Map()));
    const low = Math.min(from, to);
    const high = Math.max(from, to);
    const key = `${String(low)}|${String(high)}`;
    // `from` owes `to`: positive when the debtor is the high one.
    const delta = from === high ? amount : -amount;
    pairs.set(key, (pairs.get(key) ?? 0) + delta);
  };

  for (const e of expenses) {
    const total = cents(Math.max(1, roundHundredths(Number(e.amount_cents))));
    const payers = await rows<{ position: number; user_id: number; amount: string }>(
      db,
      sql`select position, user_id, amount_paid_cents::text as amount from expense_payers
           where expense_id = ${e.id} order by position`,
    );
    const splits = await rows<{ id: number; position: number; user_id: number; amount: string }>(
      db,
      sql`select id, position, user_id, owed_cents::text as amount from expense_splits
           where expense_id = ${e.id} order by position`,
    );
    const paid = resplit(
      total,
      payers.map((p) => Number(p.amount)),
    );
    const owed = resplit(
      total,
      splits.map((s) => Number(s.amount)),
    );
    for (const [i, p] of payers.entries()) {
      await db.execute(sql`update expense_payers set amount_paid_cents = ${paid[i] ?? 0}
                            where expense_id = ${e.id} and position = ${p.position}`);
    }
    for (const [i, s] of splits.entries()) {
      const exact = e.split_type === 'EXACT' ? formatMinor(owed[i] ?? 0, e.currency) : null;
      await db.execute(sql`update expense_splits set owed_cents = ${owed[i] ?? 0},
                                  value = coalesce(${exact}, value)
                            where id = ${s.id}`);
    }
    const values = splits.map((s, i) =>
      e.split_type === 'EXACT' ? formatMinor(owed[i] ?? 0, e.currency) : null,
    );
    await db.execute(sql`update expenses
        set amount_cents = ${total},
            payer_amounts = ${`{${paid.join(',')}}`}::bigint[],
            split_owed = ${`{${owed.join(',')}}`}::bigint[],
            split_values = case when split_type = 'EXACT' then ${`{${values.map((v) => `"${v ?? ''}"`).join(',')}}`}::text[] else split_values end
      where id = ${e.id}`);
    const debts = expenseDebts(
      payers.map((p, i) => ({ userId: p.user_id, paidCents: paid[i] ?? cents(0) })),
      splits.map((s, i) => ({ userId: s.user_id, owedCents: owed[i] ?? cents(0) })),
    );
    for (const d of debts) addDebt(e.group_id ?? 0, e.currency, d.from, d.to, d.cents);
  }

  await db.execute(sql`update payments set amount_cents = greatest(1, round(amount_cents / 100.0))
                        where currency in ${zeroDecimal}`);
  const payments = await rows<{
    group_id: number | null;
    currency: string;
    paid_by_id: number;
    paid_to_id: number;
    amount_cents: string;
  }>(
    db,
    sql`select group_id, currency, paid_by_id, paid_to_id, amount_cents::text from payments
         where currency in ${zeroDecimal}`,
  );
  for (const p of payments) {
    const d = paymentDebt(p.paid_by_id, p.paid_to_id, cents(Number(p.amount_cents)));
    addDebt(p.group_id ?? 0, p.currency, d.from, d.to, d.cents);
  }
  await db.execute(sql`update activities
      set amount_cents = round(amount_cents / 100.0), my_share_cents = round(my_share_cents / 100.0)
    where currency in ${zeroDecimal}`);

  // Pair totals of these currencies: rebuilt from the entries (slot 0 only).
  await db.execute(sql`delete from pair_balances where currency in ${zeroDecimal}`);
  for (const [scope, pairs] of nets) {
    const [groupId = '0', currency = ''] = scope.split('|');
    for (const [key, net] of pairs) {
      if (net === 0) continue;
      const [low = '0', high = '0'] = key.split('|');
      await db.execute(sql`insert into pair_balances (group_id, currency, user_low, user_high, net_cents)
                           values (${Number(groupId)}, ${currency}, ${Number(low)}, ${Number(high)}, ${net})`);
    }
  }
}

const FIXUPS: readonly { name: string; run: (db: Db) => Promise<void> }[] = [
  { name: ZERO_DECIMAL_FIXUP, run: fixZeroDecimalCurrencies },
];

/** Runs every fixup not yet recorded in `data_fixups`, each in its own transaction. */
export async function runDataFixups(handle: DatabaseHandle): Promise<void> {
  for (const fixup of FIXUPS) {
    await handle.transaction(async (tx) => {
      const done = await rows<{ name: string }>(
        tx,
        sql`insert into data_fixups (name) values (${fixup.name})
            on conflict (name) do nothing returning name`,
      );
      if (done.length === 0) return; // already ran (or another process runs it now)
      await fixup.run(tx);
    });
  }
}
