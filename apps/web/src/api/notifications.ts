// Notification settings, reminders and the one-click unsubscribe (issue #11).
import type { NotificationSetting } from '@evenly/core';
import { api } from './client';

export interface SentReminder {
  user: { id: number; name: string; email: string };
  groupId: number | null;
  amount: number;
  currency: string;
}

export const notificationsApi = {
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
    api<{ unsubscribed: string; message: string }>(
      `/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      { method: 'POST', defaultMessage: 'Failed to unsubscribe' },
    ),
};
