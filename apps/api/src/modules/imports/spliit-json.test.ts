import { describe, expect, it } from 'vitest';
import { readSpliitJson, spliitShares } from './spliit-json.js';
import { problemsOf, sample, totalsOf } from './import-test-support.js';

describe("Spliit's group JSON export", () => {
  it('reads the sample: shares as Spliit apportions them, reimbursements as payments', () => {
    const file = readSpliitJson(sample('spliit.json'));
    expect(file.people).toEqual(['Ann', 'Bea', 'Cy']);
    expect(file.rows.map((r) => [r.description, r.isPayment])).toEqual([
      ['Dinner', false],
      ['Tram tickets', false],
      ['Hotel', false],
      ['Cy pays Ann back', true],
    ]);
    expect(totalsOf(file, 'EUR')).toEqual({ Ann: 55, Bea: -38.33, Cy: -16.67 });
    const hotel = file.rows[2];
    expect(hotel?.original).toEqual({ costCents: 3300, currency: 'USD' });
    expect(file.rows[0]?.category).toBe('dining_out');
  });

  it('apportions like Spliit: floor, then largest remainder with the rotated tie-break', () => {
    expect(spliitShares(1000, [1, 2], 0)).toEqual([333, 667]);
    expect(spliitShares(100, [1, 1, 1], 0)).toEqual([34, 33, 33]);
    expect(spliitShares(100, [1, 1, 1], 1)).toEqual([33, 34, 33]);
    // Income (a negative amount): floor towards −∞ keeps the leftover non-negative.
    expect(spliitShares(-100, [1, 1, 1], 0)).toEqual([-33, -33, -34]);
  });

  it('names the line of a bad expense', () => {
    const bad = Buffer.from(
      '{"currencyCode":"EUR","participants":[{"id":"a","name":"A"},{"id":"b","name":"B"}],\n"expenses":[\n{"id":"x","expenseDate":"2025-01-01","title":"T","amount":1.5,"paidById":"a","paidFor":[{"participantId":"b","shares":1}]}]}',
    );
    expect(problemsOf(() => readSpliitJson(bad))).toEqual([
      'Line 3: expense 1 ("T"): the amount is not whole minor units.',
    ]);
  });

  it('refuses a group without an ISO currency', () => {
    const bad = Buffer.from('{"currency":"Ł","participants":[],"expenses":[]}');
    expect(problemsOf(() => readSpliitJson(bad))[0]).toMatch(/^Line 1: the group's currency "Ł"/);
  });
});
