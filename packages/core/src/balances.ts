// Nets from debts (docs/api.md §5.2–5.3) and the multi-currency summary rules (§1.4, §4.7).
import { currencyDigits, MAX_CURRENCY_DIGITS } from './currency-units.js';
import { cents } from './money.js';
import type { Cents } from './money.js';
import type { Debt } from './pairwise-debts.js';

/** Key of an unordered pair of users: `"lowerId:higherId"`. */
export type PairKey = `${number}:${number}`;

export function pairKey(a: number, b: number): PairKey {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/** Parses a {@link PairKey} back into `[lowerId, higherId]`. */
export function pairOf(key: PairKey): [number, number] {
  const [a, b] = key.split(':').map(Number);
  return [a ?? 0, b ?? 0];
}

/**
 * Pairwise nets in one scope and currency. The value stored under `pairKey(a, b)` is the net of
 * the lower id with the higher id: positive = the higher id owes the lower id. Zero nets are
 * absent. Read it through {@link netBetween}, which is antisymmetric.
 */
export type PairwiseNets = Map<PairKey, Cents>;

/** Adds one debt (`from` owes `to`) into `nets` in place. */
export function addDebt(nets: PairwiseNets, debt: Debt): void {
  addToNet(nets, debt.to, debt.from, debt.cents);
}

/** Adds `amount` to the net of `u` with `v` (positive = `v` owes `u`) in place. */
export function addToNet(nets: PairwiseNets, u: number, v: number, amount: number): void {
  if (u === v || amount === 0) return;
  const key = pairKey(u, v);
  const signed = u < v ? amount : -amount;
  const next = (nets.get(key) ?? 0) + signed;
  if (next === 0) nets.delete(key);
  else nets.set(key, cents(next));
}

/** Pairwise nets of a list of debts (one scope, one currency). */
export function computePairwiseNets(debts: Iterable<Debt>): PairwiseNets {
  const nets: PairwiseNets = new Map();
  for (const d of debts) addDebt(nets, d);
  return nets;
}

/** Net of `u` with `v`: positive = `v` owes `u`. Antisymmetric; 0 for u = v. */
export function netBetween(nets: PairwiseNets, u: number, v: number): Cents {
  if (u === v) return cents(0);
  const x = nets.get(pairKey(u, v)) ?? 0;
  return cents(u < v ? x : -x);
}

/** Each person's net in the scope (what others owe them minus what they owe); sums to zero. */
export function personNets(nets: PairwiseNets): Map<number, Cents> {
  const result = new Map<number, number>();
  for (const [key, x] of nets) {
    const [a, b] = pairOf(key);
    result.set(a, (result.get(a) ?? 0) + x);
    result.set(b, (result.get(b) ?? 0) - x);
  }
  const out = new Map<number, Cents>();
  for (const [id, x] of [...result].sort((p, q) => p[0] - q[0])) out.set(id, cents(x));
  return out;
}

export interface NetLine {
  readonly otherUserId: number;
  /** Positive = the other person owes `userId`. */
  readonly netCents: Cents;
}

/** The non-zero pairwise nets of one user, ordered by the other user's id. */
export function netLinesForUser(nets: PairwiseNets, userId: number): NetLine[] {
  const lines: NetLine[] = [];
  for (const key of nets.keys()) {
    const [a, b] = pairOf(key);
    if (a !== userId && b !== userId) continue;
    const other = a === userId ? b : a;
    const net = netBetween(nets, userId, other);
    if (net !== 0) lines.push({ otherUserId: other, netCents: net });
  }
  return lines.sort((p, q) => p.otherUserId - q.otherUserId);
}

// ---------------------------------------------------------------------------------------------
// Multi-currency summaries

export const DEFAULT_CURRENCY = 'USD';

/**
 * |figure| (minor units of `currency`) in 10^-4 of a major unit, exactly: figures of currencies
 * with different decimals compare by their major amounts (3.000 KWD < 10.00 USD < 2500 JPY), as
 * they did when every currency counted hundredths.
 */
function majorMagnitude(currency: string, figure: number): bigint {
  return BigInt(Math.abs(figure)) * 10n ** BigInt(MAX_CURRENCY_DIGITS - currencyDigits(currency));
}

/**
 * The primary currency (§1.4): the one with the largest absolute figure in major units; `USD`
 * when every figure is zero (or there are none) or on a tie involving `USD`; otherwise the
 * alphabetically first of the tied currencies.
 */
export function primaryCurrency(
  figures: readonly { readonly currency: string; readonly figure: number }[],
): string {
  let best: string | null = null;
  let bestAbs = 0n;
  for (const { currency, figure } of figures) {
    const abs = majorMagnitude(currency, figure);
    if (abs === 0n) continue;
    if (
      best === null ||
      abs > bestAbs ||
      (abs === bestAbs && currency !== best && currencyTieWinner(currency, best) === currency)
    ) {
      best = currency;
      bestAbs = abs;
    }
  }
  return best ?? DEFAULT_CURRENCY;
}

function currencyTieWinner(a: string, b: string): string {
  if (a === DEFAULT_CURRENCY || b === DEFAULT_CURRENCY) return DEFAULT_CURRENCY;
  return a < b ? a : b;
}

export interface CounterpartyNet {
  readonly counterpartyId: number;
  readonly currency: string;
  /** Positive = the counterparty owes the user. */
  readonly netCents: number;
}

export interface CurrencyTotals {
  readonly currency: string;
  readonly totalOwedToUser: Cents;
  readonly totalOwedByUser: Cents;
}

export interface OverallSummary extends CurrencyTotals {
  /** One entry per currency with a non-zero figure, alphabetical. */
  readonly byCurrency: CurrencyTotals[];
}

/**
 * Overall summary (§4.7): nets are first summed per (counterparty, currency); then per currency
 * `totalOwedToUser` = Σ positive nets and `totalOwedByUser` = Σ |negative nets|. The headline
 * figures are those of the primary currency (figure = totalOwedToUser + totalOwedByUser).
 */
export function overallSummary(nets: Iterable<CounterpartyNet>): OverallSummary {
  const perCounterparty = new Map<string, Map<number, number>>();
  for (const n of nets) {
    let byPerson = perCounterparty.get(n.currency);
    if (!byPerson) {
      byPerson = new Map();
      perCounterparty.set(n.currency, byPerson);
    }
    byPerson.set(n.counterpartyId, (byPerson.get(n.counterpartyId) ?? 0) + n.netCents);
  }
  const byCurrency: CurrencyTotals[] = [];
  for (const currency of [...perCounterparty.keys()].sort()) {
    let owedTo = 0;
    let owedBy = 0;
    for (const net of perCounterparty.get(currency)?.values() ?? []) {
      if (net > 0) owedTo += net;
      else owedBy -= net;
    }
    if (owedTo !== 0 || owedBy !== 0) {
      byCurrency.push({ currency, totalOwedToUser: cents(owedTo), totalOwedByUser: cents(owedBy) });
    }
  }
  const currency = primaryCurrency(
    byCurrency.map((c) => ({
      currency: c.currency,
      figure: c.totalOwedToUser + c.totalOwedByUser,
    })),
  );
  const primary = byCurrency.find((c) => c.currency === currency);
  return {
    currency,
    totalOwedToUser: primary?.totalOwedToUser ?? cents(0),
    totalOwedByUser: primary?.totalOwedByUser ?? cents(0),
    byCurrency,
  };
}

export interface CounterpartyCurrencyBalance {
  readonly currency: string;
  /** Everything with that person (group lines as shown + non-group net); + = they owe the user. */
  readonly netCents: number;
  /** The non-group part alone. */
  readonly nonGroupCents: number;
}

export interface CounterpartyBalanceEntry {
  readonly currency: string;
  readonly netBalance: Cents;
  readonly nonGroupBalance: Cents;
}

export interface CounterpartySummary extends CounterpartyBalanceEntry {
  /** One entry per currency where either figure is non-zero, alphabetical. */
  readonly byCurrency: CounterpartyBalanceEntry[];
}

/**
 * Summary of the balance with one counterparty (Friendship, `/balances/friends`): entries for
 * the same currency are added up; the headline currency is the primary currency (§1.4) by
 * |netBalance|.
 */
export function counterpartySummary(
  balances: Iterable<CounterpartyCurrencyBalance>,
): CounterpartySummary {
  const sums = new Map<string, { net: number; nonGroup: number }>();
  for (const b of balances) {
    const s = sums.get(b.currency) ?? { net: 0, nonGroup: 0 };
    s.net += b.netCents;
    s.nonGroup += b.nonGroupCents;
    sums.set(b.currency, s);
  }
  const byCurrency: CounterpartyBalanceEntry[] = [...sums.keys()].sort().flatMap((currency) => {
    const s = sums.get(currency);
    if (!s || (s.net === 0 && s.nonGroup === 0)) return [];
    return [{ currency, netBalance: cents(s.net), nonGroupBalance: cents(s.nonGroup) }];
  });
  const currency = primaryCurrency(
    byCurrency.map((e) => ({ currency: e.currency, figure: e.netBalance })),
  );
  const primary = byCurrency.find((e) => e.currency === currency);
  return {
    currency,
    netBalance: primary?.netBalance ?? cents(0),
    nonGroupBalance: primary?.nonGroupBalance ?? cents(0),
    byCurrency,
  };
}
