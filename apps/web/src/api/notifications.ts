// Notifications (issue #11): the in-app list with read state, the settings, reminders and the
// one-click unsubscribe.
import type { NotificationSetting } from '@evenly/core';
import { api, apiCall } from './client';
import type { NotificationItem, SentReminder, UnreadCount, Unsubscribed } from './types';

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
    api<UnreadCount>('/notifications/unread-count', {
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
  settings: () =>
    api<NotificationSetting[]>('/notification-settings', {
      defaultMessage: 'Failed to load your notification settings',
    }),
  saveSettings: (settings: NotificationSetting[]) =>
    api<NotificationSetting[]>('/notification-settings', {
      method: 'PUT',
      body: settings,
      defaultMessage: 'Failed to save your notification settings',
    }),
  remind: (userId: number, groupId: number | null) =>
    api<SentReminder>('/reminders', {
      method: 'POST',
      body: { userId, groupId },
      defaultMessage: 'Failed to send the reminder',
    }),
  unsubscribe: (token: string) =>
    api<Unsubscribed>(`/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      defaultMessage: 'Failed to unsubscribe',
    }),
};
