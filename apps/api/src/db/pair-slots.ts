// Running pairwise balances in slots (design note: README.md in this folder). A pair's net in a
// scope (group, or 0 outside groups) and currency is the SUM of `net_cents` over its rows in
// pair_balances, one per slot (0 … PAIR_SLOTS − 1). A write adds its pairwise changes in its own
// statement (pairCtes): to slot 0 when it gets the scope's advisory lock without waiting, else to
// a random spill slot, so concurrent writers in one group do not queue behind each other's row
// locks. Spilled rows are folded back into slot 0 afterwards, off the write path (PairFolder).
import { computePairwiseNets, pairOf } from '@evenly/core';
import type { Debt } from '@evenly/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Transact } from './database.js';
import { run, statement } from './statements.js';
import type { Spill } from './transaction.js';
import { noteSpill } from './transaction.js';

export const NON_GROUP_SCOPE = 0;

export function scopeOf(groupId: number | null): number {
  return groupId ?? NON_GROUP_SCOPE;
}

/** Slots per pair: slot 0 plus the spill slots. */
export const PAIR_SLOTS = 64;

/** The pairwise changes of one write in one scope and currency. */
export interface PairDeltaArgs {
  scope: number;
  currency: string;
  lows: number[];
  highs: number[];
  deltas: number[];
  spillSlot: number;
}

/** A spill slot drawn at random (1 … PAIR_SLOTS − 1). */
export function randomSpillSlot(): number {
  return 1 + Math.floor(Math.random() * (PAIR_SLOTS - 1));
}

/**
 * The pairwise changes of adding (`sign` = 1) or removing (`sign` = -1) the effect of `debts`,
 * in key order so concurrent writers always lock rows in the same order (no deadlocks).
 */
export function pairDeltaArgs(
  groupId: number | null,
  currency: string,
  debts: readonly Debt[],
  sign: 1 | -1,
  spillSlot: number = randomSpillSlot(),
): PairDeltaArgs {
  const rows = [...computePairwiseNets(debts)]
    .filter(([, net]) => net !== 0)
    .map(([key, net]) => {
      const [userLow, userHigh] = pairOf(key);
      return { userLow, userHigh, delta: net * sign };
    })
    .sort((a, b) => a.userLow - b.userLow || a.userHigh - b.userHigh);
  return {
    scope: scopeOf(groupId),
    currency,
    lows: rows.map((r) => r.userLow),
    highs: rows.map((r) => r.userHigh),
    deltas: rows.map((r) => r.delta),
    spillSlot,
  };
}

/** The scope's slot-0 lock: held by the writer of slot 0 until its transaction ends. */
function slotLockSql(scope: string, currency: string): string {
  return `pg_try_advisory_xact_lock(${scope}, hashtext('evenly_pairs:' || ${currency}))`;
}

/**
 * SQL: CTEs `pl` (the slot-0 lock, tried only when `when` holds) and `pup` (the upsert of the
 * deltas into slot 0 or the spill slot, in key order, returning the slot), the PairDeltaArgs given
 * as the parameters $n … $n+5 in that order.
 */
export function pairCtes(n: number, when = 'true'): string {
  const [scope, currency, lows, highs, deltas, spill] = [0, 1, 2, 3, 4, 5].map((i) => `$${n + i}`);
  return `pl as materialized (
     select ${slotLockSql(`${scope}::int`, `${currency}::text`)} as got
      where ${when} and cardinality(${lows}::int[]) > 0),
   pup as (
     insert into pair_balances (group_id, currency, user_low, user_high, net_cents, slot)
     select ${scope}::int, ${currency}::text, w.l, w.h, w.d,
            case when (select got from pl) then 0 else ${spill}::smallint end
       from unnest(${lows}::int[], ${highs}::int[], ${deltas}::bigint[]) as w(l, h, d)
      where ${when}
      order by w.l, w.h
     on conflict (group_id, currency, user_low, user_high, slot)
       do update set net_cents = pair_balances.net_cents + excluded.net_cents
     returning slot)`;
}

/** SQL: the slot a write's deltas went to (null: none written). */
export const PAIR_SLOT_RESULT = `(select max(slot) from pup) as slot`;

/** The spill to fold for a write whose deltas went to `slot` (null: none, 0: not spilled). */
export function spillOf(slot: number | null | undefined, args: PairDeltaArgs): Spill | null {
  return slot === null || slot === undefined || slot === 0
    ? null
    : { scope: args.scope, currency: args.currency };
}

export function pairDeltaParams(a: PairDeltaArgs): unknown[] {
  return [a.scope, a.currency, a.lows, a.highs, a.deltas, a.spillSlot];
}

const applyPairDeltas = statement<{ slot: number | null }>(
  'pair_balances.apply',
  `with ${pairCtes(1)} select ${PAIR_SLOT_RESULT}`,
);

/**
 * Applies one write's pair deltas (one round trip) in the transaction `tx`, noting a spill for
 * the fold after the commit; the slot written, or null if none.
 */
export async function applyPairDeltaArgs(tx: Db, args: PairDeltaArgs): Promise<number | null> {
  if (args.lows.length === 0) return null;
  const [row] = await run(tx, applyPairDeltas, pairDeltaParams(args));
  const slot = row?.slot ?? null;
  const spill = spillOf(slot, args);
  if (spill !== null) noteSpill(tx, spill);
  return slot;
}

/**
 * Adds (`sign` = 1) or removes (`sign` = -1) the effect of `debts` in one scope and currency;
 * the slot written, or null if none.
 */
export async function applyDebts(
  tx: Db,
  groupId: number | null,
  currency: string,
  debts: readonly Debt[],
  sign: 1 | -1,
): Promise<number | null> {
  return applyPairDeltaArgs(tx, pairDeltaArgs(groupId, currency, debts, sign));
}

const foldLock = statement<{ got: boolean }>(
  'pair_balances.fold_lock',
  `select ${slotLockSql('$1::int', '$2::text')} as got`,
);

// Runs after foldLock in the same transaction (a later snapshot): the spilled rows nobody holds
// move into slot 0. Every slot-0 upsert adds to the newest row version, so nothing is lost.
const foldStatement = statement<{ n: number }>(
  'pair_balances.fold',
  `with spilled as (
     delete from pair_balances pb
      using (select s.ctid from pair_balances s
              where s.group_id = $1 and s.currency = $2 and s.slot <> 0
              for update of s skip locked) x
      where pb.ctid = x.ctid
     returning pb.user_low, pb.user_high, pb.net_cents),
   folded as (
     insert into pair_balances (group_id, currency, user_low, user_high, net_cents, slot)
     select $1, $2, user_low, user_high, sum(net_cents), 0 from spilled
      group by user_low, user_high
      order by user_low, user_high
     on conflict (group_id, currency, user_low, user_high, slot)
       do update set net_cents = pair_balances.net_cents + excluded.net_cents
     returning 1)
   select (select count(*) from spilled)::int as n`,
);

/**
 * Folds spilled pair rows back into slot 0, off the write path: a write that spilled asks for its
 * scope to be folded; the fold runs shortly after (at most one at a time per scope, and not while
 * another transaction holds slot 0), so a pair returns to one row once the contention is over.
 */
export class PairFolder {
  private readonly due = new Map<string, Spill>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly transact: Transact,
    private readonly logger: FastifyBaseLogger,
    private readonly delayMs = 50,
  ) {}

  /** Writes put deltas into spill slots of these scopes and currencies. */
  spilled(spills: readonly Spill[]): void {
    for (const { scope, currency } of spills)
      this.due.set(`${scope}|${currency}`, { scope, currency });
    this.schedule();
  }

  private schedule(): void {
    if (this.closed || this.due.size === 0) return;
    if (this.timer === null && this.running === null) {
      this.timer = setTimeout(() => this.runDue(), this.delayMs);
      this.timer.unref();
    }
  }

  /** Resolves once no fold is pending (tests). */
  async settled(): Promise<void> {
    while (this.timer !== null || this.running !== null) {
      if (this.timer !== null) {
        clearTimeout(this.timer);
        this.timer = null;
        this.runDue();
      }
      await this.running;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private runDue(): void {
    this.timer = null;
    const batch = [...this.due.values()];
    this.due.clear();
    this.running = (async () => {
      for (const { scope, currency } of batch) {
        try {
          const folded = await this.transact(async (tx) => {
            const [lock] = await run(tx, foldLock, [scope, currency]);
            // Someone is writing slot 0 right now: they may spill more; try again later.
            if (lock?.got !== true) return false;
            await run(tx, foldStatement, [scope, currency]);
            return true;
          });
          if (!folded) this.due.set(`${scope}|${currency}`, { scope, currency });
        } catch (error) {
          this.logger.warn({ err: error, scope, currency }, 'folding pair balances failed');
        }
      }
    })().finally(() => {
      this.running = null;
      this.schedule();
    });
  }
}
