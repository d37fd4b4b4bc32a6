// Friendship rows (table friendships): one row per pair of people, a pending request
// (requester → addressee) or an accepted friendship.
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { friendships, users } from '../../db/schema.js';
import { isoSql, run, statement } from '../../db/statements.js';
import type { CounterpartyFigures, CounterpartyTuple } from '../balances/index.js';
import { COUNTERPARTY_ROWS_JSON, counterpartyFiguresOf } from '../balances/index.js';
import { MAX_ROW_ID } from '../../db/row-id.js';
import type { Person } from '../people/index.js';

export type FriendshipRow = typeof friendships.$inferSelect;

export interface FriendshipWithOther {
  row: FriendshipRow;
  other: { id: number; name: string; email: string | null };
}

function pair(a: number, b: number): { userLow: number; userHigh: number } {
  return { userLow: Math.min(a, b), userHigh: Math.max(a, b) };
}

export async function findFriendship(db: Db, id: number): Promise<FriendshipRow | undefined> {
  if (id > MAX_ROW_ID) return undefined;
  const rows = await db.select().from(friendships).where(eq(friendships.id, id)).limit(1);
  return rows[0];
}

/** The row between two people, locked for the rest of the transaction. */
export async function findPairForUpdate(
  db: Db,
  a: number,
  b: number,
): Promise<FriendshipRow | undefined> {
  const { userLow, userHigh } = pair(a, b);
  const rows = await db
    .select()
    .from(friendships)
    .where(and(eq(friendships.userLow, userLow), eq(friendships.userHigh, userHigh)))
    .limit(1)
    .for('update');
  return rows[0];
}

/** Locks a row by id (accept, reject, delete). */
export async function findFriendshipForUpdate(
  db: Db,
  id: number,
): Promise<FriendshipRow | undefined> {
  if (id > MAX_ROW_ID) return undefined;
  const rows = await db
    .select()
    .from(friendships)
    .where(eq(friendships.id, id))
    .limit(1)
    .for('update');
  return rows[0];
}

/** Inserts a pending request; undefined when a row for the pair appeared meanwhile. */
export async function insertRequest(
  db: Db,
  requesterId: number,
  addresseeId: number,
): Promise<FriendshipRow | undefined> {
  const rows = await db
    .insert(friendships)
    .values({ requesterId, addresseeId, status: 'PENDING', ...pair(requesterId, addresseeId) })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

export async function markAccepted(db: Db, id: number, at: Date): Promise<FriendshipRow> {
  const rows = await db
    .update(friendships)
    .set({ status: 'ACCEPTED', acceptedAt: at })
    .where(eq(friendships.id, id))
    .returning();
  const row = rows[0];
  if (row === undefined) throw new Error(`friendship ${id} vanished`);
  return row;
}

export async function deleteFriendship(db: Db, id: number): Promise<void> {
  await db.delete(friendships).where(eq(friendships.id, id));
}

/** Accepted friends of a user, with the other person. */
export async function acceptedOf(db: Db, userId: number): Promise<FriendshipWithOther[]> {
  const rows = await db
    .select({ row: friendships, other: { id: users.id, name: users.name, email: users.email } })
    .from(friendships)
    .innerJoin(
      users,
      or(
        and(eq(friendships.requesterId, userId), eq(users.id, friendships.addresseeId)),
        and(eq(friendships.addresseeId, userId), eq(users.id, friendships.requesterId)),
      ),
    )
    .where(eq(friendships.status, 'ACCEPTED'));
  return rows;
}

/** Pending requests addressed to (`incoming`) or sent by the user, newest first. */
export async function pendingOf(
  db: Db,
  userId: number,
  direction: 'INCOMING' | 'OUTGOING',
): Promise<FriendshipWithOther[]> {
  const incoming = direction === 'INCOMING';
  return db
    .select({ row: friendships, other: { id: users.id, name: users.name, email: users.email } })
    .from(friendships)
    .innerJoin(users, eq(users.id, incoming ? friendships.requesterId : friendships.addresseeId))
    .where(
      and(
        eq(friendships.status, 'PENDING'),
        eq(incoming ? friendships.addresseeId : friendships.requesterId, userId),
      ),
    )
    .orderBy(desc(friendships.createdAt), desc(friendships.id));
}

/** The ids among `candidates` that are accepted friends of `userId`. */
export async function acceptedFriendIds(
  db: Db,
  userId: number,
  candidates: readonly number[],
): Promise<Set<number>> {
  const out = new Set<number>();
  // Ids beyond the integer column name nobody (and must not reach the query).
  const list = [...new Set(candidates)].filter(
    (id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647,
  );
  if (list.length === 0) return out;
  const rows = await db
    .select({ requesterId: friendships.requesterId, addresseeId: friendships.addresseeId })
    .from(friendships)
    .where(
      and(
        eq(friendships.status, 'ACCEPTED'),
        or(
          and(eq(friendships.requesterId, userId), inArray(friendships.addresseeId, list)),
          and(eq(friendships.addresseeId, userId), inArray(friendships.requesterId, list)),
        ),
      ),
    );
  for (const r of rows) out.add(r.requesterId === userId ? r.addresseeId : r.requesterId);
  return out;
}

/** An accepted friendship as the friends list shows it. */
export interface FriendListEntry {
  row: Pick<FriendshipRow, 'id' | 'status' | 'addresseeId' | 'createdAt'>;
  other: Person;
  /** What the other person's picture link is made of. */
  avatar: { id: number; avatarKey: string | null; avatarVersion: number };
}

/** [friendship id, createdAt (ISO), addressee, other id, name, email, avatar key, avatar version] */
type FriendTuple = [number, string, number, number, string, string | null, string | null, number];

const friendsStatement = statement<{ friends: FriendTuple[]; rows: CounterpartyTuple[] }>(
  'friendships.friends',
  `select coalesce((select json_agg(json_build_array(f.id, ${isoSql('f.created_at')},
                      f.addressee_id, u.id, u.name, u.email, u.avatar_key, u.avatar_version))
                      from friendships f
                      cross join lateral (select u.* from users u
                        where u.id = case when f.requester_id = $1 then f.addressee_id
                                          else f.requester_id end
                        limit 1) u
                     where f.status = 'ACCEPTED'
                       and (f.requester_id = $1 or f.addressee_id = $1)), '[]') as friends,
          ${COUNTERPARTY_ROWS_JSON} as rows`,
);

/**
 * GET /friendships/friends in one round trip: the user's accepted friendships with the other
 * person and their picture, and the user's per-counterparty figures.
 */
export async function friendsWithFigures(
  db: Db,
  userId: number,
): Promise<{ friends: FriendListEntry[]; figures: Map<number, CounterpartyFigures> }> {
  const [row] = await run(db, friendsStatement, [userId]);
  const friends = (row?.friends ?? []).map(
    ([id, createdAt, addresseeId, otherId, name, email, avatarKey, avatarVersion]) => ({
      row: { id, status: 'ACCEPTED' as const, addresseeId, createdAt: new Date(createdAt) },
      other: { id: otherId, name, email },
      avatar: { id: otherId, avatarKey, avatarVersion: Number(avatarVersion) },
    }),
  );
  return { friends, figures: counterpartyFiguresOf(userId, row?.rows ?? []) };
}
