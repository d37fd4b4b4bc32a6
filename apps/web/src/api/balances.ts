import { api } from './client';
import type { ActivityItem, OverallBalance } from './types';

export const balancesApi = {
  overall: () =>
    api<OverallBalance>('/balances/overall', {
      defaultMessage: 'Failed to fetch overall balance summary',
    }),
};

export const activityApi = {
  list: () => api<ActivityItem[]>('/activity', { defaultMessage: 'Failed to fetch activity' }),
};

export const eventsApi = {
  ticket: () =>
    api<{ ticket: string; expiresAt: string }>('/events/ticket', {
      method: 'POST',
      defaultMessage: 'Failed to open live updates',
    }),
};
