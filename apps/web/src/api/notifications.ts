// In-app notifications (issue #11): other people's actions that concern the user, with read state.
import { api, apiCall } from './client';
import type { NotificationItem } from './types';

export interface NotificationPage {
  items: NotificationItem[];
  /** Cursor of the next (older) page from `X-Next-Cursor`, or null on the last page. */
  next: string | null;
}

export const notificationsApi = {
  page: async (before: string | null): Promise<NotificationPage> => {
    const query = before === null ? '' : `?before=${encodeURIComponent(before)}`;
    const { body, headers } = await apiCall(`/notifications${query}`, {
      defaultMessage: 'Failed to fetch notifications',
    });
    return { items: body as NotificationItem[], next: headers.get('x-next-cursor') };
  },
  unreadCount: () =>
    api<{ count: number }>('/notifications/unread-count', {
      defaultMessage: 'Failed to fetch notifications',
    }),
  markRead: (ids: number[]) =>
    api<null>('/notifications/read', {
      method: 'POST',
      body: { ids },
      defaultMessage: 'Failed to mark the notification as read',
    }),
  markAllRead: () =>
    api<null>('/notifications/read-all', {
      method: 'POST',
      defaultMessage: 'Failed to mark notifications as read',
    }),
};
