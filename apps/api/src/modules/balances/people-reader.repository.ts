// People (id, name, e-mail) by id, for the views that name them: read directly, or as a JSON
// array inside another statement.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';
import type { Person } from '../people/index.js';

export async function peopleByIds(db: Db, ids: Iterable<number>): Promise<Map<number, Person>> {
  const list = [...new Set(ids)];
  const out = new Map<number, Person>();
  if (list.length === 0) return out;
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, list));
  for (const r of rows) out.set(r.id, r);
  return out;
}

/** People as the JSON array `[id, name, email]` (see peopleJson). */
export type PersonTuple = [number, string, string];

/**
 * SQL: the users whose ids `idsSql` selects (one column, no duplicates), as one JSON array of
 * PersonTuple (never null); one primary-key lookup per id (LIMIT 1 keeps the planner from
 * turning the lookups into a scan of every user).
 */
export function peopleJson(idsSql: string): string {
  return `coalesce((select json_agg(json_build_array(u.id, u.name, u.email))
            from (${idsSql}) as ids(id)
            cross join lateral (select u.id, u.name, u.email from users u where u.id = ids.id limit 1) u),
          '[]')`;
}

export function peopleMap(tuples: readonly PersonTuple[]): Map<number, Person> {
  return new Map(tuples.map(([id, name, email]) => [id, { id, name, email }]));
}
