import { describe, expect, it } from 'vitest';
import type { BalanceLine, PersonBalance, SettleSuggestion } from '../api/types';
import {
  EVERYONE_SETTLED,
  YOU_SETTLED,
  groupMatesOf,
  groupsOf,
  settledMessage,
} from './balanceScreens';

const ana = { id: 1, name: 'Ana', email: 'ana@example.com' };
const dani = { id: 2, name: 'Daniela', email: 'dani@example.com' };
const bea = { id: 3, name: 'Bea', email: 'bea@example.com' };

const line = (netAmount: number, currency = 'EUR'): BalanceLine => ({
  otherUser: dani,
  netAmount,
  currency,
});
const plan: SettleSuggestion[] = [{ from: dani, to: ana, amount: 887.64, currency: 'EUR' }];

function person(
  other: typeof dani,
  isFriend: boolean,
  groups: PersonBalance['groups'] = [],
): PersonBalance {
  return {
    otherUser: other,
    netBalance: -7.7,
    nonGroupBalance: 0,
    currency: 'EUR',
    byCurrency: [{ currency: 'EUR', netBalance: -7.7, nonGroupBalance: 0 }],
    groups,
    isFriend,
  };
}

describe('settledMessage', () => {
  it('says nothing while the caller has an open line, in any currency', () => {
    expect(settledMessage([line(0), line(12.5, 'USD')], [])).toBeNull();
    expect(settledMessage([line(-0.01)], plan)).toBeNull();
  });

  it('says "you" while others still owe each other', () => {
    expect(settledMessage([], plan)).toBe(YOU_SETTLED);
    // Below a cent is zero: the caller is settled.
    expect(settledMessage([line(0.001)], plan)).toBe(YOU_SETTLED);
  });

  it('says "everyone" only once the plan is known to be empty', () => {
    expect(settledMessage([], [])).toBe(EVERYONE_SETTLED);
    expect(settledMessage([line(0, 'JPY')], [])).toBe(EVERYONE_SETTLED);
    expect(settledMessage([], undefined)).toBe(YOU_SETTLED);
  });
});

describe('group-mates on the Friends page', () => {
  it('keeps the people who are not friends, in order', () => {
    const people = [person(bea, true), person(dani, false), person(ana, false)];
    expect(groupMatesOf(people).map((p) => p.otherUser.name)).toEqual(['Daniela', 'Ana']);
  });

  it('names each group behind a balance once', () => {
    const lisbon = { id: 7, name: 'Lisbon trip' };
    const porto = { id: 9, name: 'Porto' };
    const p = person(dani, false, [
      { group: lisbon, netAmount: -7.7, currency: 'EUR' },
      { group: lisbon, netAmount: 3, currency: 'USD' },
      { group: porto, netAmount: 1, currency: 'EUR' },
    ]);
    expect(groupsOf(p)).toEqual([lisbon, porto]);
    expect(groupsOf(person(dani, false))).toEqual([]);
  });
});
