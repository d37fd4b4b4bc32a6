// The `notification_settings` table: one row per (user, kind) the user changed; a kind without a
// row uses DEFAULT_NOTIFICATION_SETTINGS (packages/core), so defaults live in one place.
import { sql } from 'drizzle-orm';
import { withDefaultSettings } from '@evenly/core';
import type { NotificationKind, NotificationSetting } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { notificationSettings } from '../../db/schema.js';
import { run, statement } from '../../db/statements.js';

/** Every changed (user, kind) of some users: one plan for any number of them. */
const changedSettings = statement<{
  userId: number;
  kind: NotificationKind;
  email: NotificationSetting['email'];
  push: boolean;
}>(
  'notifications.settings-of',
  `select user_id as "userId", kind, email, push from notification_settings
    where user_id = any($1::int[])`,
);

/** Every kind of each user, defaults filled in. */
export async function settingsOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, NotificationSetting[]>> {
  const out = new Map<number, NotificationSetting[]>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return out;
  const byUser = new Map<number, NotificationSetting[]>();
  for (const r of await run(db, changedSettings, [ids])) {
    const setting = { kind: r.kind, email: r.email, push: r.push };
    const list = byUser.get(r.userId);
    if (list === undefined) byUser.set(r.userId, [setting]);
    else list.push(setting);
  }
  for (const id of ids) out.set(id, withDefaultSettings(byUser.get(id) ?? []));
  return out;
}

export async function saveSettings(
  db: Db,
  userId: number,
  settings: readonly NotificationSetting[],
): Promise<void> {
  if (settings.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(settings.map((s) => ({ userId, kind: s.kind, email: s.email, push: s.push })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: {
        email: sql`excluded.email`,
        push: sql`excluded.push`,
        updatedAt: sql`now()`,
      },
    });
}

/** Turns e-mail off for `kinds`, keeping each kind's push choice (its default when unset). */
export async function turnEmailOff(
  db: Db,
  userId: number,
  kinds: readonly NotificationKind[],
): Promise<void> {
  const current = (await settingsOf(db, [userId])).get(userId) ?? [];
  await saveSettings(
    db,
    userId,
    current.filter((s) => kinds.includes(s.kind)).map((s) => ({ ...s, email: 'OFF' as const })),
  );
}

/** The user's kinds whose e-mail is DIGEST. */
export async function digestKinds(db: Db, userId: number): Promise<NotificationKind[]> {
  const all = (await settingsOf(db, [userId])).get(userId) ?? [];
  return all.filter((s) => s.email === 'DIGEST').map((s) => s.kind);
}
