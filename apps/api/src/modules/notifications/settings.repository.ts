// The `notification_settings` table: one row per (user, kind) the user changed; a kind without a
// row uses DEFAULT_NOTIFICATION_SETTINGS (packages/core), so defaults live in one place.
import { inArray, sql } from 'drizzle-orm';
import { withDefaultSettings } from '@evenly/core';
import type { NotificationKind, NotificationSetting } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { notificationSettings } from '../../db/schema.js';

/** Every kind of each user, defaults filled in. */
export async function settingsOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, NotificationSetting[]>> {
  const out = new Map<number, NotificationSetting[]>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      userId: notificationSettings.userId,
      kind: notificationSettings.kind,
      email: notificationSettings.email,
      push: notificationSettings.push,
    })
    .from(notificationSettings)
    .where(inArray(notificationSettings.userId, ids));
  for (const id of ids) {
    out.set(id, withDefaultSettings(rows.filter((r) => r.userId === id)));
  }
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
