// Picture links of people: `avatarUrl` in Me, in friendships and wherever a person is shown.
import type { Db } from '../../db/database.js';
import type { AvatarLinks } from './avatar-url.js';
import { findAvatarRows } from './people.repository.js';

/** The signed picture link of a user row, or null when they have no picture. */
export function avatarUrlOf(
  links: AvatarLinks,
  row: { id: number; avatarKey: string | null; avatarVersion: number },
): string | null {
  return links.url({
    id: row.id,
    avatarVersion: row.avatarVersion,
    hasAvatar: row.avatarKey !== null,
  });
}

/** Picture links of several people (id → link or null); unknown ids are left out. */
export async function avatarUrlsOf(
  db: Db,
  links: AvatarLinks,
  ids: Iterable<number>,
): Promise<Map<number, string | null>> {
  const list = [...new Set(ids)].filter(
    (id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647,
  );
  const out = new Map<number, string | null>();
  if (list.length === 0) return out;
  const rows = await findAvatarRows(db, list);
  for (const r of rows) out.set(r.id, avatarUrlOf(links, r));
  return out;
}
