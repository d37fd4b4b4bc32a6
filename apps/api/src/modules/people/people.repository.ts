// What a person's picture link is made of, read from `users`.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';

export interface AvatarRow {
  id: number;
  avatarKey: string | null;
  avatarVersion: number;
}

/** The picture fields of the given users (ids must be valid row ids); unknown ids are left out. */
export async function findAvatarRows(db: Db, ids: number[]): Promise<AvatarRow[]> {
  return db
    .select({ id: users.id, avatarKey: users.avatarKey, avatarVersion: users.avatarVersion })
    .from(users)
    .where(inArray(users.id, ids));
}
