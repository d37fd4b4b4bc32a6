// The realistic mix: every request is a random one of the mix's users reading their own groups,
// balances, transaction pages and activity, and MIX_WRITE_PERCENT of requests create expenses
// (70% of the writes) and payments (30%) in their groups, each with its own Idempotency-Key.
// Reads may repeat a (user, URL) pair; how many did is counted and reported.
import { MIX_EXPENSE_PERCENT, MIX_PAYMENT_PERCENT, MIX_WRITE_PERCENT, PARTS } from './config.js';
import { fmtInt } from './format.js';
import type { LoadResult, Planned } from './load.js';
import { load, probe } from './load.js';
import { openLoad } from './open-load.js';
import type { Population } from './population.js';
import { authOf, groupsOf, membersOf } from './population.js';
import { pick, prng } from './random.js';
import type { ReadRoute } from './read-routes.js';
import { READS } from './read-routes.js';
import type { Row } from './rows.js';
import { missingRow, rowOf } from './rows.js';

export const EXPENSE = READS.length;
export const PAYMENT = READS.length + 1;
export const MIX_KINDS = [...READS.map((r) => r.name), 'POST /api/expenses', 'POST /api/payments'];

export function money(c: number): number {
  return c / 100;
}

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export interface WriteTemplate {
  auth: Record<string, string>;
  body: string;
}

/**
 * A valid POST /api/expenses body from `userId` in one of their groups: a random payer among
 * the members, split EQUAL (70%) or EXACT (30%) among all members or all but one; EXACT amounts
 * are random positive cents that add up to the amount.
 */
export function expenseBody(
  pop: Population,
  userId: number,
  rand: () => number,
  date: string,
): string {
  const groupId = pick(groupsOf(pop, userId), rand);
  const members = membersOf(pop, groupId);
  let people = members;
  if (members.length >= 3 && rand() < 0.3) {
    const out = Math.floor(rand() * members.length);
    people = members.filter((_, i) => i !== out);
  }
  const amount = 100 + Math.floor(rand() * 29_900);
  const payer = pick(members, rand);
  const exact = rand() < 0.3;
  let splits: { userId: number; value?: number }[];
  if (exact) {
    const weights = people.map(() => 1 + Math.floor(rand() * 9));
    const total = weights.reduce((s, w) => s + w, 0);
    let rest = amount;
    splits = people.map((u, i) => {
      const owed =
        i === people.length - 1 ? rest : Math.floor((amount * (weights[i] ?? 1)) / total);
      rest -= owed;
      return { userId: u, value: money(owed) };
    });
  } else {
    splits = people.map((u) => ({ userId: u }));
  }
  return JSON.stringify({
    description: pick(['Dinner', 'Groceries', 'Taxi', 'Tickets', 'Coffee', 'Drinks'], rand),
    amount: money(amount),
    date,
    groupId,
    splitType: exact ? 'EXACT' : 'EQUAL',
    payers: [{ userId: payer, amountPaid: money(amount) }],
    splits,
  });
}

/** A valid POST /api/payments body: between two members of one of `userId`'s groups. */
export function paymentBody(
  pop: Population,
  userId: number,
  rand: () => number,
  date: string,
): string {
  const groups = groupsOf(pop, userId).filter((g) => membersOf(pop, g).length >= 2);
  const groupId = pick(groups, rand);
  const members = membersOf(pop, groupId);
  const from = Math.floor(rand() * members.length);
  const to = (from + 1 + Math.floor(rand() * (members.length - 1))) % members.length;
  return JSON.stringify({
    paidByUserId: members[from],
    paidToUserId: members[to],
    amount: money(500 + Math.floor(rand() * 20_000)),
    date,
    groupId,
  });
}

export interface Mix {
  next: () => Planned;
  /** Reads sent, and how many of them repeated a (user, URL) pair sent before. */
  reads: () => { sent: number; repeats: number };
}

export function makeMix(
  pop: Population,
  users: readonly number[],
  kinds: ReadonlySet<number>,
): Mix {
  const rand = prng(0x5eed);
  // Write bodies are prepared up front (a few thousand per kind), so building a request costs a
  // random pick and a string concatenation; each send gets a fresh Idempotency-Key.
  const today = new Date();
  const dates = Array.from({ length: 30 }, (_, i) =>
    isoDate(new Date(today.getTime() - i * 86_400_000)),
  );
  const templates = (make: typeof expenseBody, n: number): WriteTemplate[] =>
    Array.from({ length: n }, () => {
      const u = pick(users, rand);
      return { auth: authOf(pop, u), body: make(pop, u, rand, pick(dates, rand)) };
    });
  const expenses = templates(expenseBody, 4_096);
  const payments = templates(paymentBody, 2_048);
  const thresholds: [number, number][] = [];
  let acc = 0;
  const readPercent = (100 - MIX_WRITE_PERCENT) / READS.length;
  for (let k = 0; k < READS.length; k++) {
    if (kinds.has(k) && readPercent > 0) thresholds.push([(acc += readPercent), k]);
  }
  if (kinds.has(EXPENSE) && MIX_EXPENSE_PERCENT > 0) {
    thresholds.push([(acc += MIX_EXPENSE_PERCENT), EXPENSE]);
  }
  if (kinds.has(PAYMENT) && MIX_PAYMENT_PERCENT > 0) {
    thresholds.push([(acc += MIX_PAYMENT_PERCENT), PAYMENT]);
  }
  const total = acc;
  const run = Date.now().toString(36);
  let writes = 0;
  const seen = new Set<string>();
  let sent = 0;
  let repeats = 0;
  const next = (): Planned => {
    const x = rand() * total;
    let kind = thresholds[thresholds.length - 1]?.[1] ?? 0;
    for (const [upTo, k] of thresholds) {
      if (x < upTo) {
        kind = k;
        break;
      }
    }
    if (kind === EXPENSE || kind === PAYMENT) {
      const t = pick(kind === EXPENSE ? expenses : payments, rand);
      return {
        kind,
        method: 'POST',
        path: kind === EXPENSE ? '/api/expenses' : '/api/payments',
        headers: {
          ...t.auth,
          'content-type': 'application/json',
          'idempotency-key': `bench-${run}-${++writes}`,
        },
        body: t.body,
      };
    }
    const route = READS[kind] as ReadRoute;
    const user = pick(users, rand);
    const p = route.path(route.group ? pick(groupsOf(pop, user), rand) : 0);
    const key = `${user} ${p}`;
    sent++;
    if (seen.has(key)) repeats++;
    else seen.add(key);
    return { kind, method: 'GET', path: p, headers: authOf(pop, user) };
  };
  return { next, reads: () => ({ sent, repeats }) };
}

/** What the mix part measured, for the report's per-request table. */
export interface MixOutcome {
  result: LoadResult | null;
  /** Reads sent (warm-up included), and how many repeated a (user, URL) pair. */
  reads: { sent: number; repeats: number };
  /** The kinds of MIX_KINDS this build answers. */
  kinds: Set<number>;
  /** Kinds left out because this build lacks them. */
  missing: string[];
}

/**
 * Probes each kind of the mix once (as `probeUser`; kinds this build lacks are left out), then
 * measures the mix over `users` if the mix part runs. The probes run even when it does not.
 */
export async function measureMix(
  base: string,
  pop: Population,
  users: readonly number[],
  probeUser: number,
  report: (row: Row) => void,
): Promise<MixOutcome> {
  const probeRand = prng(7);
  const probeDate = isoDate(new Date());
  const mixMissing: string[] = [];
  const mixErrors: string[] = [];
  const mixKinds = new Set<number>();
  for (let k = 0; k < MIX_KINDS.length; k++) {
    const share =
      k === EXPENSE
        ? MIX_EXPENSE_PERCENT
        : k === PAYMENT
          ? MIX_PAYMENT_PERCENT
          : 100 - MIX_WRITE_PERCENT;
    // A kind with no share (BENCH_MIX_WRITES=0 or 100) is neither probed nor listed.
    if (share === 0) continue;
    let p: Planned;
    if (k === EXPENSE || k === PAYMENT) {
      p = {
        kind: k,
        method: 'POST',
        path: k === EXPENSE ? '/api/expenses' : '/api/payments',
        headers: { ...authOf(pop, probeUser), 'content-type': 'application/json' },
        body: (k === EXPENSE ? expenseBody : paymentBody)(pop, probeUser, probeRand, probeDate),
      };
    } else {
      const route = READS[k] as ReadRoute;
      const g = route.group ? (groupsOf(pop, probeUser)[0] ?? 0) : 0;
      p = { kind: k, method: 'GET', path: route.path(g), headers: authOf(pop, probeUser) };
    }
    const why = await probe(base, p);
    if (why === null) mixKinds.add(k);
    else if (why.startsWith('not available')) mixMissing.push(`${MIX_KINDS[k]}: ${why}`);
    else mixErrors.push(`${MIX_KINDS[k]}: ${why}`);
  }
  const mixName = `mix: ${fmtInt(users.length)} users, ${MIX_WRITE_PERCENT}% writes`;
  let mixResult: LoadResult | null = null;
  let mixReads = { sent: 0, repeats: 0 };
  if (mixErrors.length > 0) {
    report(missingRow(mixName, 'mix', mixErrors.join('; ')));
  } else if (PARTS.has('mix')) {
    const mix = makeMix(pop, users, mixKinds);
    mixResult = await load(base, MIX_KINDS.length, mix.next);
    mixReads = mix.reads();
    const repeatShare = mixReads.sent === 0 ? 0 : mixReads.repeats / mixReads.sent;
    report(
      rowOf(
        mixName,
        'mix',
        mixResult,
        `${(repeatShare * 100).toFixed(0)}% of reads repeat a (user, URL)`,
      ),
    );
  }
  return { result: mixResult, reads: mixReads, kinds: mixKinds, missing: mixMissing };
}

/**
 * The same mix offered at a steady `rate` requests per second (issue #36: 1% of hello-world's
 * rate in the same run) instead of as fast as answers come back: what a user waits for when the
 * server is not saturated. Requests go out evenly spaced (open-load.ts), and latency counts a
 * request held back by busy connections.
 */
export async function measureSteadyMix(
  base: string,
  pop: Population,
  users: readonly number[],
  outcome: MixOutcome,
  rate: number,
  report: (row: Row) => void,
): Promise<void> {
  if (!PARTS.has('mix') || outcome.result === null) return;
  const mix = makeMix(pop, users, outcome.kinds);
  const result = await openLoad(base, MIX_KINDS.length, mix.next, rate);
  report(
    rowOf(
      `mix offered at a steady ${fmtInt(rate)} req/s (1% of hello-world)`,
      'steady',
      result,
      result.errorSamples[0] ?? '',
    ),
  );
}
