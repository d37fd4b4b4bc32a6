import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BalanceLine, PersonBalance } from '../api/types';
import { groupMatesOf, groupsOf, settledMessage } from './balanceScreens';

// English with no catalog loaded: the messages' own English sentences.
beforeAll(() => {
  if (i18n.locale === undefined || i18n.locale === '')
    i18n.loadAndActivate({ locale: 'en', messages: {} });
});
const EVERYONE_SETTLED = 'Everyone is settled up within this group.';
const YOU_SETTLED = 'You are settled up in this group.';

const ana = { id: 1, name: 'Ana', email: 'ana@example.com' };
const dani = { id: 2, name: 'Daniela', email: 'dani@example.com' };
const bea = { id: 3, name: 'Bea', email: 'bea@example.com' };

const line = (netAmount: number, currency = 'EUR'): BalanceLine => ({
  otherUser: dani,
  netAmount,
  currency,
});

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
    expect(settledMessage([line(0), line(12.5, 'USD')], true)).toBeNull();
    expect(settledMessage([line(-0.01)], false)).toBeNull();
  });

  it('says "you" while others still owe each other', () => {
    expect(settledMessage([], false)).toBe(YOU_SETTLED);
    // Below a cent is zero: the caller is settled.
    expect(settledMessage([line(0.001)], false)).toBe(YOU_SETTLED);
  });

  it('says "everyone" only when the server says nobody owes anybody', () => {
    expect(settledMessage([], true)).toBe(EVERYONE_SETTLED);
    expect(settledMessage([line(0, 'JPY')], true)).toBe(EVERYONE_SETTLED);
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
