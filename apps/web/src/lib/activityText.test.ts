import { beforeAll, describe as suite, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import type { ActivityItem } from '../api/types';
import { describe, target } from './activityText';

// The texts are the messages' English (no catalog loaded: the source text is shown).
beforeAll(() => i18n.activate('en'));

const me = { id: 1, name: 'Ann Lee' };
const bea = { id: 5, name: 'Bea Costa', email: 'bea@example.com' };

function item(over: Partial<ActivityItem>): ActivityItem {
  return {
    id: 900,
    type: 'expense_added',
    createdAt: '2026-11-20T18:04:05.123Z',
    actor: bea,
    groupId: 7,
    group: { id: 7, name: 'Lisbon trip' },
    expenseId: 42,
    paymentId: null,
    commentId: null,
    description: 'Dinner',
    amount: 60,
    currency: 'USD',
    myShare: -30,
    category: null,
    ...over,
  };
}

suite('activity text', () => {
  it('names who did what, where', () => {
    expect(describe(item({}), me)).toBe('Bea Costa added "Dinner" in "Lisbon trip"');
    expect(
      describe(item({ type: 'friend_request', group: null, groupId: null, expenseId: null }), me),
    ).toBe('Bea Costa sent you a friend request');
    expect(describe(item({ type: 'expense_restored' }), me)).toBe(
      'Bea Costa restored "Dinner" in "Lisbon trip"',
    );
    expect(
      describe(item({ type: 'payment_restored', description: 'Bea Costa paid Ann Lee' }), me),
    ).toBe('Bea Costa restored a payment: Bea Costa paid Ann Lee in "Lisbon trip"');
  });

  it('leads to the expense in its group, or to the group when it is gone', () => {
    expect(target(item({}))).toBe('/app/group/7?expense=42');
    expect(target(item({ type: 'comment_added' }))).toBe('/app/group/7?expense=42');
    expect(target(item({ type: 'expense_deleted' }))).toBe('/app/group/7');
    // A restored expense is there again (until deleted anew, when its details say so).
    expect(target(item({ type: 'expense_restored' }))).toBe('/app/group/7?expense=42');
    expect(target(item({ type: 'payment_added', expenseId: null, paymentId: 3 }))).toBe(
      '/app/group/7',
    );
  });

  it('sends friend requests and items outside groups to the friends page', () => {
    const outside = { groupId: null, group: null };
    expect(target(item(outside))).toBe('/app/friends');
    expect(target(item({ ...outside, type: 'friend_request', expenseId: null }))).toBe(
      '/app/friends',
    );
    expect(target(item({ ...outside, type: 'group_created', expenseId: null }))).toBeNull();
  });
});

suite('budget alerts', () => {
  it('read as the server words them and lead to the charts and budgets', () => {
    const alert = item({
      type: 'budget_alert',
      actor: { id: 1, name: 'Ann Lee', email: 'ann@example.com' },
      groupId: null,
      group: null,
      expenseId: null,
      description: '80% of your Groceries budget used',
      amount: 85,
      myShare: 100,
      category: 'groceries',
    });
    expect(describe(alert, me)).toBe('80% of your Groceries budget used');
    expect(target(alert)).toBe('/app/reports');
    // Written on the web from the amounts, whatever the server's English says.
    expect(describe({ ...alert, amount: 120, description: 'x' }, me)).toBe(
      'Over your Groceries budget',
    );
  });
});

suite('in the reader’s language', () => {
  it('reads payments and expenses from the German catalog, the reader as "du"', async () => {
    const { messages } = await import('../locales/app/de');
    i18n.load('de', messages);
    i18n.activate('de');
    try {
      expect(describe(item({}), me)).toBe('Bea Costa hat „Dinner“ in „Lisbon trip“ hinzugefügt');
      const paid = item({
        type: 'payment_added',
        description: 'Bea Costa paid Ann Lee',
        myShare: -5,
      });
      expect(describe(paid, me)).toBe('Bea Costa hat dir gezahlt in „Lisbon trip“');
    } finally {
      i18n.activate('en');
    }
  });
});
