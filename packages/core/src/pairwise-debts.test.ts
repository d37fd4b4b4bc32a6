import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cents } from './money.js';
import type { Cents } from './money.js';
import { expenseDebts, paymentDebt } from './pairwise-debts.js';
import { splitAmount } from './split.js';

const c = (n: number): Cents => cents(n);

describe('expenseDebts', () => {
  it('single payer: every other participant owes the payer their share', () => {
    expect(
      expenseDebts(
        [{ userId: 1, paidCents: c(9000) }],
        [
          { userId: 1, owedCents: c(3000) },
          { userId: 2, owedCents: c(3000) },
          { userId: 3, owedCents: c(3000) },
        ],
      ),
    ).toEqual([
      { from: 2, to: 1, cents: 3000 },
      { from: 3, to: 1, cents: 3000 },
    ]);
  });

  it('the payer not in the split is owed the whole amount', () => {
    expect(
      expenseDebts(
        [{ userId: 9, paidCents: c(1001) }],
        [
          { userId: 1, owedCents: c(501) },
          { userId: 2, owedCents: c(500) },
        ],
      ),
    ).toEqual([
      { from: 1, to: 9, cents: 501 },
      { from: 2, to: 9, cents: 500 },
    ]);
  });

  it('several payers: each share is split in proportion to what each paid', () => {
    // 60.00 paid 40 by A(1) and 20 by B(2); split equally between A, B, C(3) = 20 each.
    // A's 20 → 13.33 to A (cancels), 6.67 to B; B's 20 → 13.33 to A, 6.67 to B (cancels);
    // C's 20 → 13.33 to A, 6.67 to B.
    expect(
      expenseDebts(
        [
          { userId: 1, paidCents: c(4000) },
          { userId: 2, paidCents: c(2000) },
        ],
        [
          { userId: 1, owedCents: c(2000) },
          { userId: 2, owedCents: c(2000) },
          { userId: 3, owedCents: c(2000) },
        ],
      ),
    ).toEqual([
      { from: 1, to: 2, cents: 667 },
      { from: 2, to: 1, cents: 1333 },
      { from: 3, to: 1, cents: 1333 },
      { from: 3, to: 2, cents: 667 },
    ]);
  });

  it('someone who owes nothing and pays everything has no debts; zero shares are skipped', () => {
    expect(
      expenseDebts(
        [{ userId: 1, paidCents: c(500) }],
        [
          { userId: 1, owedCents: c(0) },
          { userId: 2, owedCents: c(500) },
          { userId: 3, owedCents: c(0) },
        ],
      ),
    ).toEqual([{ from: 2, to: 1, cents: 500 }]);
  });

  it('only the payer in the split: no debts', () => {
    expect(
      expenseDebts([{ userId: 1, paidCents: c(500) }], [{ userId: 1, owedCents: c(500) }]),
    ).toEqual([]);
  });

  it('zero-paid payers get nothing', () => {
    expect(
      expenseDebts(
        [
          { userId: 1, paidCents: c(0) },
          { userId: 2, paidCents: c(300) },
        ],
        [{ userId: 3, owedCents: c(300) }],
      ),
    ).toEqual([{ from: 3, to: 2, cents: 300 }]);
  });

  it('throws when a share is owed but nobody paid', () => {
    expect(() =>
      expenseDebts([{ userId: 1, paidCents: c(0) }], [{ userId: 2, owedCents: c(1) }]),
    ).toThrow(RangeError);
  });
});

describe('paymentDebt', () => {
  it('a payment X→Y counts as owed by Y to X', () => {
    expect(paymentDebt(5, 1, c(2500))).toEqual({ from: 1, to: 5, cents: 2500 });
  });
});

/** A random expense: distinct payers with amounts summing to A, distinct split people with shares. */
const expenseArb = fc
  .record({
    amount: fc.integer({ min: 1, max: 10_000_000 }),
    payerIds: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }),
    payerWeights: fc.array(fc.bigInt({ min: 0n, max: 1000n }), { minLength: 6, maxLength: 6 }),
    splitIds: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 8 }),
    splitWeights: fc.array(fc.bigInt({ min: 0n, max: 1000n }), { minLength: 8, maxLength: 8 }),
  })
  .map(({ amount, payerIds, payerWeights, splitIds, splitWeights }) => {
    const pw = payerIds.map((_, i) => (i === 0 ? 1n : 0n) + (payerWeights[i] ?? 0n));
    const sw = splitIds.map((_, i) => (i === 0 ? 1n : 0n) + (splitWeights[i] ?? 0n));
    const paid = splitAmount(cents(amount), pw);
    const owed = splitAmount(cents(amount), sw);
    return {
      amount,
      payers: payerIds.map((userId, i) => ({ userId, paidCents: paid[i] ?? cents(0) })),
      shares: splitIds.map((userId, i) => ({ userId, owedCents: owed[i] ?? cents(0) })),
    };
  });

describe('expenseDebts properties', () => {
  it('a single payer ends exactly at paid − owed', () => {
    fc.assert(
      fc.property(expenseArb, ({ amount, shares }) => {
        const payers = [{ userId: 1, paidCents: cents(amount) }];
        const debts = expenseDebts(payers, shares);
        const receives = debts.reduce((t, d) => t + d.cents, 0);
        const own = shares.find((s) => s.userId === 1)?.owedCents ?? 0;
        expect(receives).toBe(amount - own);
      }),
    );
  });

  it('per ower: Σ debts = share − the part falling to themselves', () => {
    fc.assert(
      fc.property(expenseArb, ({ payers, shares }) => {
        const debts = expenseDebts(payers, shares);
        const weights = payers.map((p) => BigInt(p.paidCents));
        for (const s of shares) {
          const parts = splitAmount(s.owedCents, weights);
          const own = payers.reduce(
            (t, p, j) => t + (p.userId === s.userId ? (parts[j] ?? 0) : 0),
            0,
          );
          const owed = debts.filter((d) => d.from === s.userId).reduce((t, d) => t + d.cents, 0);
          expect(owed).toBe(s.owedCents - own);
        }
      }),
      { numRuns: 300 },
    );
  });
  it('debts are positive, never to oneself, unique per (from, to), and only to payers', () => {
    fc.assert(
      fc.property(expenseArb, ({ payers, shares }) => {
        const debts = expenseDebts(payers, shares);
        const keys = new Set<string>();
        const payerIds = new Set(payers.map((p) => p.userId));
        for (const d of debts) {
          expect(d.cents).toBeGreaterThan(0);
          expect(d.from).not.toBe(d.to);
          expect(payerIds.has(d.to)).toBe(true);
          const key = `${d.from}>${d.to}`;
          expect(keys.has(key)).toBe(false);
          keys.add(key);
        }
      }),
    );
  });
  // Each share is rounded over the payers on its own, so a payer's receipts can differ from
  // what they paid: per share, each payer's part is off by at most half a cent, and the last
  // payer absorbs the others' rounding, so by at most (payers − 1) / 2 cents. Hence the bound
  // of one cent per (participant, payer) pair.
  it('each person ends within rounding of paid − owed', () => {
    fc.assert(
      fc.property(expenseArb, ({ payers, shares }) => {
        const debts = expenseDebts(payers, shares);
        const ids = new Set([...payers.map((p) => p.userId), ...shares.map((s) => s.userId)]);
        for (const id of ids) {
          const receives = debts.filter((d) => d.to === id).reduce((t, d) => t + d.cents, 0);
          const gives = debts.filter((d) => d.from === id).reduce((t, d) => t + d.cents, 0);
          const paid = payers.find((p) => p.userId === id)?.paidCents ?? 0;
          const owed = shares.find((s) => s.userId === id)?.owedCents ?? 0;
          expect(Math.abs(receives - gives - (paid - owed))).toBeLessThanOrEqual(
            shares.length * payers.length,
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});
