// The bench's view of the seeded users: who is in which group, and a signed-in Authorization
// header for each, minted the way the server does (JwtService, the same JWT_SECRET) instead of
// logging each user in.
import pg from 'pg';
import { JwtService } from '../modules/auth/jwt.js';
import { JWT_SECRET, JWT_TTL_SECONDS } from './config.js';

export interface Population {
  /** user id → Authorization headers (a token minted as the server does). */
  auth: Map<number, Record<string, string>>;
  /** user id → the groups they are a current member of. */
  groupsOf: Map<number, number[]>;
  /** group id → current members in joining order. */
  members: Map<number, number[]>;
}

export async function population(dbUrl: string): Promise<Population> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const rows = await client.query<{ group_id: number; members: number[] }>(
      `select group_id, array_agg(user_id order by join_seq) as members
         from group_members where left_at is null group by group_id`,
    );
    const members = new Map<number, number[]>();
    const groupsOf = new Map<number, number[]>();
    for (const r of rows.rows) {
      members.set(r.group_id, r.members);
      for (const u of r.members) {
        const list = groupsOf.get(u);
        if (list === undefined) groupsOf.set(u, [r.group_id]);
        else list.push(r.group_id);
      }
    }
    const versions = await client.query<{ id: number; token_version: number }>(
      `select id, token_version from users order by id`,
    );
    // Minted exactly as the server issues them at login: same class, secret and lifetime; the
    // token carries the user's token version (0 for every seeded user).
    const jwt = new JwtService(JWT_SECRET, JWT_TTL_SECONDS);
    const auth = new Map<number, Record<string, string>>();
    const chunk = 1_000;
    for (let i = 0; i < versions.rows.length; i += chunk) {
      const part = versions.rows.slice(i, i + chunk);
      const tokens = await Promise.all(
        part.map((u) => jwt.issue({ userId: u.id, tokenVersion: u.token_version })),
      );
      part.forEach((u, k) => {
        const t = tokens[k];
        if (t !== undefined) auth.set(u.id, { authorization: `Bearer ${t.token}` });
      });
    }
    return { auth, groupsOf, members };
  } finally {
    await client.end();
  }
}

export function authOf(pop: Population, userId: number): Record<string, string> {
  const a = pop.auth.get(userId);
  if (a === undefined) throw new Error(`no token for user ${userId}`);
  return a;
}

export function groupsOf(pop: Population, userId: number): number[] {
  return pop.groupsOf.get(userId) ?? [];
}

export function membersOf(pop: Population, groupId: number): number[] {
  return pop.members.get(groupId) ?? [];
}
