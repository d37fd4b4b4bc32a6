import { describe, expect, it } from 'vitest';
import { notificationKindOf } from './kinds.js';

const row = (type: string, description = 'x', recipientName = 'Ann') => ({
  type,
  description,
  recipientName,
});

describe('notificationKindOf', () => {
  it('maps ledger, comment, friend and reminder rows', () => {
    expect(notificationKindOf(row('expense_deleted'))).toBe('EXPENSE');
    expect(notificationKindOf(row('payment_added'))).toBe('PAYMENT');
    expect(notificationKindOf(row('comment_added'))).toBe('COMMENT');
    expect(notificationKindOf(row('friend_request'))).toBe('FRIEND_REQUEST');
    expect(notificationKindOf(row('reminder'))).toBe('REMINDER');
  });

  it('is GROUP_ADDED only for the added person, and nothing for the other group events', () => {
    expect(notificationKindOf(row('member_added', 'Bob added Ann', 'Ann'))).toBe('GROUP_ADDED');
    expect(notificationKindOf(row('member_added', 'Bob added Cy', 'Ann'))).toBeNull();
    expect(notificationKindOf(row('group_created'))).toBeNull();
    expect(notificationKindOf(row('member_left'))).toBeNull();
    expect(notificationKindOf(row('something_new'))).toBeNull();
  });
});
