// Statements of the notifier and the daily digest: the cursors in `follower_cursors`, the
// activity rows after a cursor or a user's digest watermark, and the users they go to.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { run, statement } from '../../db/statements.js';

/** An activity row with its recipient's and actor's names, as the notes are written from. */
export type ActivityNoteRow = {
  id: string | number;
  recipient_id: number;
  recipient_name: string;
  actor_id: number;
  actor_name: string;
  type: string;
  group_id: number | null;
  group_name: string | null;
  description: string;
  amount_cents: string | number | null;
  currency: string | null;
  my_share_cents: string | number;
  subject_id: number | null;
  category?: string | null;
  /** The recipient's language (users.locale): the note is written in it. */
  recipient_locale?: string | null;
  /** When it happened (shown in the reader's time zone). */
  created_at?: Date | string | null;
};

// The notifier runs these in every batch, many times a second under writes: named statements,
// parsed and planned once per connection.
const ensure = statement(
  'cursors.ensure',
  `insert into follower_cursors (name, position) values ($1, $2) on conflict (name) do nothing`,
);
const lock = statement<{ position: string | number }>(
  'cursors.lock',
  `select position from follower_cursors where name = $1 for update`,
);
const move = statement(
  'cursors.move',
  `update follower_cursors set position = $2, updated_at = now() where name = $1`,
);

/** Creates the cursor if missing, at `position`; an existing cursor is left as it is. */
export async function ensureCursor(db: Db, name: string, position: number): Promise<void> {
  await run(db, ensure, [name, position]);
}

/** The cursor's position, locked for this transaction (waits for a concurrent batch). */
export async function lockCursor(tx: Db, name: string): Promise<number> {
  await ensureCursor(tx, name, 0);
  const [row] = await run(tx, lock, [name]);
  return Number(row?.position ?? 0);
}

export async function readCursor(db: Db, name: string): Promise<number> {
  const [row] = await queryRows<{ position: string | number }>(
    db,
    sql`select position from follower_cursors where name = ${name}`,
  );
  return Number(row?.position ?? 0);
}

export async function moveCursor(tx: Db, name: string, position: number): Promise<void> {
  await run(tx, move, [name, position]);
}

/** The newest activity id, 0 when there is none. */
export async function newestActivityId(db: Db): Promise<number> {
  const [max] = await queryRows<{ id: string | number }>(
    db,
    sql`select coalesce(max(id), 0) as id from activities`,
  );
  return Number(max?.id ?? 0);
}

/** An activity row after the cursor, with whether it is older than the gap grace. */
export type FollowedRow = ActivityNoteRow & { category: string | null; settled: boolean };

const after = statement<FollowedRow>(
  'notifier.activities-after',
  `select a.id, a.recipient_id, r.name as recipient_name, r.locale as recipient_locale,
          a.actor_id, x.name as actor_name,
          a.type, a.group_id, a.group_name, a.description, a.amount_cents, a.currency,
          a.my_share_cents, a.subject_id, a.category, a.created_at,
          a.created_at <= now() - $2::int * interval '1 millisecond' as settled
     from activities a
     join users r on r.id = a.recipient_id
     join users x on x.id = a.actor_id
    where a.id > $1::int8
    order by a.id
    limit $3::int`,
);

/**
 * Up to `limit` rows after `position` in id order, each with whether it is older than the gap
 * grace (`settled`).
 */
export async function activitiesAfter(
  tx: Db,
  position: number,
  gapGraceMs: number,
  limit: number,
): Promise<FollowedRow[]> {
  return run(tx, after, [position, gapGraceMs, limit]);
}

export interface DigestCandidate {
  id: number;
  /** IANA name; null = UTC. */
  timeZone: string | null;
  /** YYYY-MM-DD: the person's local date of their last digest; null = never. */
  lastDay: string | null;
}

/** Users with rows by others past their digest watermark, up to `upTo`, with their clock. */
export async function usersWithDigestRows(db: Db, upTo: number): Promise<DigestCandidate[]> {
  return queryRows<DigestCandidate>(
    db,
    sql`select u.id, u.time_zone as "timeZone", u.digest_local_date::text as "lastDay"
          from users u
         where exists (select 1 from activities a
                        where a.recipient_id = u.id and a.id > u.email_digest_through
                          and a.id <= ${upTo}
                          and (a.actor_id <> a.recipient_id or a.type = 'budget_alert'))
         order by u.id`,
  );
}

/**
 * The user's digest watermark and the local date of their last digest, locked for this
 * transaction; undefined for no such user.
 */
export async function lockDigestState(
  tx: Db,
  userId: number,
): Promise<{ through: number; lastDay: string | null } | undefined> {
  const [user] = await queryRows<{ through: string | number; lastDay: string | null }>(
    tx,
    sql`select email_digest_through as through, digest_local_date::text as "lastDay"
          from users where id = ${userId} for update`,
  );
  return user === undefined ? undefined : { through: Number(user.through), lastDay: user.lastDay };
}

/** The user's rows by others (and their budget alerts) in (through, upTo], in id order. */
export async function digestRows(
  tx: Db,
  userId: number,
  through: number,
  upTo: number,
): Promise<ActivityNoteRow[]> {
  return queryRows<ActivityNoteRow>(
    tx,
    sql`select a.id, a.recipient_id, r.name as recipient_name, r.locale as recipient_locale,
               a.actor_id, x.name as actor_name,
               a.type, a.group_id, a.group_name, a.description, a.amount_cents, a.currency,
               a.my_share_cents, a.subject_id, a.category, a.created_at
          from activities a
          join users r on r.id = a.recipient_id
          join users x on x.id = a.actor_id
         where a.recipient_id = ${userId} and a.id > ${through} and a.id <= ${upTo}
           and (a.actor_id <> a.recipient_id or a.type = 'budget_alert')
         order by a.id`,
  );
}

/** Moves the watermark to `upTo` and notes `day` (the person's local date) as digested. */
export async function setDigestThrough(
  tx: Db,
  userId: number,
  upTo: number,
  day: string,
): Promise<void> {
  await tx.execute(
    sql`update users set email_digest_through = ${upTo}, digest_local_date = ${day}::date
         where id = ${userId}`,
  );
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** A user's address and name (the address is null for guests and deleted users). */
export async function findMailRecipient(
  db: Db,
  userId: number,
): Promise<
  { email: string | null; name: string; locale: string | null; timeZone: string | null } | undefined
> {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      locale: users.locale,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
