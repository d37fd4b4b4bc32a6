// Notification settings (issue #11): per kind of event, how e-mail is sent and whether push is on.
// Shared by the API (request/response schemas) and the web settings form.
import { z } from 'zod';

export const NOTIFICATION_KINDS = [
  'GROUP_ADDED',
  'EXPENSE',
  'PAYMENT',
  'COMMENT',
  'FRIEND_REQUEST',
  'REMINDER',
  'BUDGET',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const EMAIL_MODES = ['IMMEDIATE', 'DIGEST', 'OFF'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export interface NotificationSetting {
  kind: NotificationKind;
  email: EmailMode;
  push: boolean;
}

/**
 * What a kind does for someone who never changed it (a kind without a row uses these).
 * E-mail: rare events a person should act on at once (being added to a group, a friend request,
 * a reminder to pay) go out immediately; the frequent ledger traffic (expenses, payments,
 * comments — a busy flat adds several a day) goes into one daily digest, so the defaults never
 * flood an inbox. Push is on for every kind: it only reaches devices whose owner explicitly
 * subscribed them, so that opt-in already says "tell me".
 */
export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<
  Record<NotificationKind, NotificationSetting>
> = Object.freeze({
  GROUP_ADDED: { kind: 'GROUP_ADDED', email: 'IMMEDIATE', push: true },
  EXPENSE: { kind: 'EXPENSE', email: 'DIGEST', push: true },
  PAYMENT: { kind: 'PAYMENT', email: 'DIGEST', push: true },
  COMMENT: { kind: 'COMMENT', email: 'DIGEST', push: true },
  FRIEND_REQUEST: { kind: 'FRIEND_REQUEST', email: 'IMMEDIATE', push: true },
  REMINDER: { kind: 'REMINDER', email: 'IMMEDIATE', push: true },
  // My own spending against the budgets I set: rare (twice a month per budget at most).
  BUDGET: { kind: 'BUDGET', email: 'IMMEDIATE', push: true },
});

/** Labels used by the settings screen and the mails (one place, so both say the same). */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  GROUP_ADDED: 'Added to a group',
  EXPENSE: 'Expenses that involve me',
  PAYMENT: 'Payments that involve me',
  COMMENT: 'Comments on my expenses',
  FRIEND_REQUEST: 'Friend requests',
  REMINDER: 'Reminders to settle up',
  BUDGET: 'Budget alerts (80% and 100%)',
};

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS).meta({
  description: 'Kind of event',
  example: 'EXPENSE',
});
export const emailModeSchema = z.enum(EMAIL_MODES).meta({
  description: 'IMMEDIATE: one mail per event; DIGEST: one mail a day; OFF: no mail',
  example: 'DIGEST',
});

export const notificationSettingSchema = z
  .object({
    kind: notificationKindSchema,
    email: emailModeSchema,
    push: z.boolean(),
  })
  .meta({ id: 'NotificationSetting', example: { kind: 'EXPENSE', email: 'DIGEST', push: true } });

/** PUT body: some or all kinds, each at most once. */
export const notificationSettingsUpdateSchema = z
  .array(notificationSettingSchema)
  .max(NOTIFICATION_KINDS.length)
  .refine((list) => new Set(list.map((s) => s.kind)).size === list.length, {
    message: 'Each kind may appear only once.',
  })
  .meta({
    example: [
      { kind: 'EXPENSE', email: 'IMMEDIATE', push: true },
      { kind: 'COMMENT', email: 'OFF', push: false },
    ],
  });

/** Every kind in NOTIFICATION_KINDS order, the stored ones over the defaults. */
export function withDefaultSettings(stored: readonly NotificationSetting[]): NotificationSetting[] {
  const byKind = new Map(stored.map((s) => [s.kind, s]));
  return NOTIFICATION_KINDS.map((kind) => {
    const s = byKind.get(kind) ?? DEFAULT_NOTIFICATION_SETTINGS[kind];
    return { kind, email: s.email, push: s.push };
  });
}

/** POST /api/reminders: whom to remind, in a group or (null/absent) over everything. */
export const reminderRequestSchema = z
  .object({
    userId: z.number().int().positive(),
    groupId: z.number().int().positive().nullable().optional(),
  })
  .meta({ id: 'ReminderRequest', example: { userId: 12, groupId: 7 } });
