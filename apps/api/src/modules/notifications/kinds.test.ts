import { describe, expect, it } from 'vitest';
import { notificationKindOf } from './kinds.js';

const ANN = 1;
const row = (type: string, subjectId: number | null = null) => ({
  type,
  recipientId: ANN,
  subjectId,
});

describe('notificationKindOf', () => {
  it('maps ledger, comment, friend and reminder rows', () => {
    expect(notificationKindOf(row('expense_deleted'))).toBe('EXPENSE');
    expect(notificationKindOf(row('expense_restored'))).toBe('EXPENSE');
    expect(notificationKindOf(row('payment_added'))).toBe('PAYMENT');
    expect(notificationKindOf(row('payment_restored'))).toBe('PAYMENT');
    expect(notificationKindOf(row('comment_added'))).toBe('COMMENT');
    expect(notificationKindOf(row('friend_request'))).toBe('FRIEND_REQUEST');
    expect(notificationKindOf(row('reminder'))).toBe('REMINDER');
    expect(notificationKindOf(row('budget_alert'))).toBe('BUDGET');
  });

  it('is GROUP_ADDED only for the added person, and nothing for the other group events', () => {
    expect(notificationKindOf(row('member_added', ANN))).toBe('GROUP_ADDED');
    // Another person added (even one with Ann's name): not "you were added".
    expect(notificationKindOf(row('member_added', ANN + 1))).toBeNull();
    expect(notificationKindOf(row('member_added', null))).toBeNull();
    expect(notificationKindOf(row('group_created'))).toBeNull();
    expect(notificationKindOf(row('member_left'))).toBeNull();
    expect(notificationKindOf(row('something_new'))).toBeNull();
  });
});
