import { api } from './client';
import type {
  ActivityItem,
  EventsTicket,
  ExchangeRateQuote,
  FriendBalance,
  OverallBalance,
  PersonBalance,
} from './types';

export const balancesApi = {
  overall: () =>
    api<OverallBalance>('/balances/overall', {
      defaultMessage: 'Failed to fetch overall balance summary',
    }),
  friends: () =>
    api<FriendBalance[]>('/balances/friends', {
      defaultMessage: 'Failed to fetch friend balances',
    }),
  people: () =>
    api<PersonBalance[]>('/balances/people', {
      defaultMessage: 'Failed to fetch the balances with the people in your groups',
    }),
};

export const activityApi = {
  list: () => api<ActivityItem[]>('/activity', { defaultMessage: 'Failed to fetch activity' }),
};

export const eventsApi = {
  ticket: () =>
    api<EventsTicket>('/events/ticket', {
      method: 'POST',
      defaultMessage: 'Failed to open live updates',
    }),
};

export const fxApi = {
  /** The rate the server would use for `date` (503 RATES_UNAVAILABLE when it has none). */
  rate: (from: string, to: string, date: string) =>
    api<ExchangeRateQuote>(
      `/fx/rate?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&date=${encodeURIComponent(date)}`,
      { defaultMessage: 'Exchange rates cannot be fetched right now. Please enter the rate.' },
    ),
};
