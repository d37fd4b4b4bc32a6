import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDebt,
  computePairwiseNets,
  counterpartySummary,
  netBetween,
  netLinesForUser,
  overallSummary,
  pairKey,
  pairOf,
  personNets,
  primaryCurrency,
} from './balances.js';
import { cents } from './money.js';
import type { Debt } from './pairwise-debts.js';
import { paymentDebt } from './pairwise-debts.js';

const d = (from: number, to: number, n: number): Debt => ({ from, to, cents: cents(n) });

describe('pair keys', () => {
  it('are unordered', () => {
    expect(pairKey(5, 2)).toBe('2:5');
    expect(pairKey(2, 5)).toBe('2:5');
    expect(pairOf('2:5')).toEqual([2, 5]);
  });
});

describe('pairwise nets', () => {
  it('nets debts both ways; positive = the other owes you', () => {
    const nets = computePairwiseNets([d(2, 1, 3000), d(1, 2, 1000), d(3, 1, 500)]);
    expect(netBetween(nets, 1, 2)).toBe(2000);
    expect(netBetween(nets, 2, 1)).toBe(-2000);
    expect(netBetween(nets, 1, 3)).toBe(500);
    expect(netBetween(nets, 3, 1)).toBe(-500);
    expect(netBetween(nets, 2, 3)).toBe(0);
    expect(netBetween(nets, 2, 2)).toBe(0);
  });
  it('a payment cancels a debt and the zero entry disappears', () => {
    const nets = computePairwiseNets([d(5, 1, 2500), paymentDebt(5, 1, cents(2500))]);
    expect(nets.size).toBe(0);
    expect(netBetween(nets, 1, 5)).toBe(0);
  });
  it('a payment beyond the debt creates a credit', () => {
    const nets = computePairwiseNets([d(5, 1, 2000), paymentDebt(5, 1, cents(2500))]);
    expect(netBetween(nets, 5, 1)).toBe(500);
  });
  it('addDebt updates in place; self-debts are ignored', () => {
    const nets = computePairwiseNets([]);
    addDebt(nets, d(4, 4, 100));
    expect(nets.size).toBe(0);
    addDebt(nets, d(4, 3, 100));
    expect(netBetween(nets, 3, 4)).toBe(100);
  });
  it('person nets and lines', () => {
    const nets = computePairwiseNets([d(2, 1, 3000), d(3, 1, 3000), d(3, 2, 100)]);
    expect([...personNets(nets)]).toEqual([
      [1, 6000],
      [2, -2900],
      [3, -3100],
    ]);
    expect(netLinesForUser(nets, 2)).toEqual([
      { otherUserId: 1, netCents: -3000 },
      { otherUserId: 3, netCents: 100 },
    ]);
    expect(netLinesForUser(nets, 9)).toEqual([]);
  });
});

const debtsArb = fc.array(
  fc
    .record({
      from: fc.integer({ min: 1, max: 8 }),
      to: fc.integer({ min: 1, max: 8 }),
      cents: fc.integer({ min: 1, max: 1_000_000 }),
    })
    .map((x) => d(x.from, x.to, x.cents)),
  { maxLength: 40 },
);

describe('nets properties', () => {
  it('are antisymmetric and person nets sum to zero', () => {
    fc.assert(
      fc.property(debtsArb, (debts) => {
        const nets = computePairwiseNets(debts);
        for (let u = 1; u <= 8; u++) {
          for (let v = 1; v <= 8; v++) {
            expect(netBetween(nets, u, v)).toBe(-netBetween(nets, v, u) || 0);
          }
        }
        const people = personNets(nets);
        expect([...people.values()].reduce((a, b) => a + b, 0)).toBe(0);
      }),
    );
  });
  it('net of U with V = Σ d(V→U) − Σ d(U→V), independent of order', () => {
    fc.assert(
      fc.property(
        debtsArb,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        (debts, u, v) => {
          fc.pre(u !== v);
          const expected =
            debts.filter((x) => x.from === v && x.to === u).reduce((t, x) => t + x.cents, 0) -
            debts.filter((x) => x.from === u && x.to === v).reduce((t, x) => t + x.cents, 0);
          expect(netBetween(computePairwiseNets(debts), u, v)).toBe(expected);
          expect(netBetween(computePairwiseNets([...debts].reverse()), u, v)).toBe(expected);
        },
      ),
    );
  });
  it("a user's lines sum to their person net", () => {
    fc.assert(
      fc.property(debtsArb, fc.integer({ min: 1, max: 8 }), (debts, u) => {
        const nets = computePairwiseNets(debts);
        const sum = netLinesForUser(nets, u).reduce((t, l) => t + l.netCents, 0);
        expect(sum).toBe(personNets(nets).get(u) ?? 0);
      }),
    );
  });
});

describe('primaryCurrency', () => {
  it('USD when empty or all zero', () => {
    expect(primaryCurrency([])).toBe('USD');
    expect(primaryCurrency([{ currency: 'EUR', figure: 0 }])).toBe('USD');
  });
  it('largest absolute figure wins', () => {
    expect(
      primaryCurrency([
        { currency: 'USD', figure: 100 },
        { currency: 'EUR', figure: -300 },
      ]),
    ).toBe('EUR');
  });
  it('compares major units across currencies with different decimals', () => {
    // 3.000 KWD (3000 fils) < 10.00 USD (1000 cents) < 2500 JPY (2500 yen)
    const kwd = { currency: 'KWD', figure: 3000 };
    const usd = { currency: 'USD', figure: -1000 };
    expect(primaryCurrency([kwd, usd])).toBe('USD');
    expect(primaryCurrency([kwd, usd, { currency: 'JPY', figure: 2500 }])).toBe('JPY');
    expect(
      primaryCurrency([
        { currency: 'JPY', figure: 5 },
        { currency: 'EUR', figure: 499 },
      ]),
    ).toBe('JPY');
    // 1.000 KWD and 1.00 USD tie: USD
    expect(
      primaryCurrency([
        { currency: 'KWD', figure: 1000 },
        { currency: 'USD', figure: 100 },
      ]),
    ).toBe('USD');
  });
  it('ties: USD, else alphabetical', () => {
    expect(
      primaryCurrency([
        { currency: 'EUR', figure: 300 },
        { currency: 'USD', figure: -300 },
      ]),
    ).toBe('USD');
    expect(
      primaryCurrency([
        { currency: 'GBP', figure: 300 },
        { currency: 'EUR', figure: 300 },
        { currency: 'USD', figure: 5 },
      ]),
    ).toBe('EUR');
  });
  it('is independent of input order', () => {
    const figureArb = fc.array(
      fc.record({
        currency: fc.constantFrom('USD', 'EUR', 'GBP', 'JPY'),
        figure: fc.integer({ min: -3, max: 3 }),
      }),
    );
    fc.assert(
      fc.property(figureArb, (figs) => {
        const unique = [...new Map(figs.map((f) => [f.currency, f])).values()];
        expect(primaryCurrency(unique)).toBe(primaryCurrency([...unique].reverse()));
      }),
    );
  });
});

describe('overallSummary', () => {
  it('nets per counterparty first, then sums positives and negatives', () => {
    const s = overallSummary([
      { counterpartyId: 5, currency: 'USD', netCents: 3000 },
      { counterpartyId: 5, currency: 'USD', netCents: -1000 }, // group + non-group: nets to +20
      { counterpartyId: 6, currency: 'USD', netCents: -1250 },
      { counterpartyId: 7, currency: 'USD', netCents: 2500 },
      { counterpartyId: 7, currency: 'EUR', netCents: -100 },
      { counterpartyId: 8, currency: 'GBP', netCents: 0 },
    ]);
    expect(s).toEqual({
      currency: 'USD',
      totalOwedToUser: 4500,
      totalOwedByUser: 1250,
      byCurrency: [
        { currency: 'EUR', totalOwedToUser: 0, totalOwedByUser: 100 },
        { currency: 'USD', totalOwedToUser: 4500, totalOwedByUser: 1250 },
      ],
    });
  });
  it('settled: USD with zeros and no byCurrency entries', () => {
    expect(overallSummary([{ counterpartyId: 1, currency: 'EUR', netCents: 0 }])).toEqual({
      currency: 'USD',
      totalOwedToUser: 0,
      totalOwedByUser: 0,
      byCurrency: [],
    });
  });
  it('primary is the currency with the largest owed-to + owed-by', () => {
    const s = overallSummary([
      { counterpartyId: 1, currency: 'USD', netCents: 100 },
      { counterpartyId: 1, currency: 'EUR', netCents: 60 },
      { counterpartyId: 2, currency: 'EUR', netCents: -60 },
    ]);
    expect(s.currency).toBe('EUR');
    expect(s.totalOwedToUser).toBe(60);
    expect(s.totalOwedByUser).toBe(60);
  });
});

describe('counterpartySummary', () => {
  it('adds entries per currency and picks the primary currency by |netBalance|', () => {
    expect(
      counterpartySummary([
        { currency: 'USD', netCents: -1000, nonGroupCents: 0 },
        { currency: 'USD', netCents: -250, nonGroupCents: -250 },
        { currency: 'EUR', netCents: 500, nonGroupCents: 500 },
        { currency: 'GBP', netCents: 0, nonGroupCents: 0 },
      ]),
    ).toEqual({
      currency: 'USD',
      netBalance: -1250,
      nonGroupBalance: -250,
      byCurrency: [
        { currency: 'EUR', netBalance: 500, nonGroupBalance: 500 },
        { currency: 'USD', netBalance: -1250, nonGroupBalance: -250 },
      ],
    });
  });
  it('nothing owed: USD and zeros', () => {
    expect(counterpartySummary([])).toEqual({
      currency: 'USD',
      netBalance: 0,
      nonGroupBalance: 0,
      byCurrency: [],
    });
  });
  it('keeps a currency whose total is zero but non-group part is not', () => {
    const s = counterpartySummary([{ currency: 'EUR', netCents: 0, nonGroupCents: 300 }]);
    expect(s.currency).toBe('USD');
    expect(s.byCurrency).toEqual([{ currency: 'EUR', netBalance: 0, nonGroupBalance: 300 }]);
  });
});
