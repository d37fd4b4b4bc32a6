// TanStack Query keys, one place so live events can invalidate by entity.
export const queryKeys = {
  friends: ['friends'] as const,
  incoming: ['friendships', 'incoming'] as const,
  outgoing: ['friendships', 'outgoing'] as const,
  groups: ['groups'] as const,
  group: (id: number) => ['group', id] as const,
  transactions: (id: number) => ['group', id, 'transactions'] as const,
  groupBalances: (id: number) => ['group', id, 'balances'] as const,
  suggestions: (id: number) => ['group', id, 'suggestions'] as const,
  groupSeries: (id: number) => ['group', id, 'series'] as const,
  overall: ['balances', 'overall'] as const,
  friendBalances: ['balances', 'friends'] as const,
  me: ['me'] as const,
  expenses: ['expenses'] as const,
  comments: (expenseId: number) => ['comments', expenseId] as const,
  activity: ['activity'] as const,
  /** Prefix of both notification queries (read-state events invalidate only these). */
  notifications: ['notifications'] as const,
  notificationList: ['notifications', 'list'] as const,
  unreadNotifications: ['notifications', 'unread'] as const,
};
