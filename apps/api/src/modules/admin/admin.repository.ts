// What the admin area reads and writes: accounts, instance settings, the audit log and the
// instance's figures. Every function takes the database or an open transaction first.
import { and, desc, eq, ilike, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';
import { adminAudit, instanceSettings, jobs, pushSubscriptions, users } from '../../db/schema.js';

export interface PersonRow {
  id: number;
  name: string;
  email: string;
  createdAt: Date;
  emailVerifiedAt: Date | null;
  disabledAt: Date | null;
  isAdmin: boolean;
}

const personColumns = {
  id: users.id,
  name: users.name,
  email: sql<string>`${users.email}`,
  createdAt: users.createdAt,
  emailVerifiedAt: users.emailVerifiedAt,
  disabledAt: users.disabledAt,
  isAdmin: users.isAdmin,
};

/** `%`, `_` and `\` match themselves in the search words. */
function likePattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Accounts newest first (by id), those before `beforeId`, whose name or address has `query`. */
export async function listPeople(
  db: Db,
  query: string,
  rows: number,
  beforeId: number | null,
): Promise<PersonRow[]> {
  const pattern = likePattern(query);
  return db
    .select(personColumns)
    .from(users)
    .where(
      and(
        eq(users.kind, 'ACCOUNT'),
        beforeId === null ? undefined : lt(users.id, beforeId),
        query === '' ? undefined : or(ilike(users.name, pattern), ilike(users.email, pattern)),
      ),
    )
    .orderBy(desc(users.id))
    .limit(rows);
}

/** The account, its row locked until the transaction ends; undefined for guests and the deleted. */
export async function lockPerson(db: Db, id: number): Promise<PersonRow | undefined> {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.kind, 'ACCOUNT')))
    .for('update');
  return row;
}

export async function findPerson(db: Db, id: number): Promise<PersonRow | undefined> {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.kind, 'ACCOUNT')));
  return row;
}

/**
 * Disables (at `at`) or enables an account. Disabling moves the token version on: the users
 * trigger puts the change on the change feed, so every process drops the cached tokens at once.
 */
export async function setDisabled(db: Db, id: number, at: Date | null): Promise<void> {
  await db
    .update(users)
    .set({
      disabledAt: at,
      updatedAt: new Date(),
      ...(at === null ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }),
    })
    .where(eq(users.id, id));
}

export async function setAdmin(db: Db, id: number, isAdmin: boolean): Promise<void> {
  await db.update(users).set({ isAdmin, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Addresses of the accounts that are administrators by their row (not by ADMIN_EMAILS). */
export async function adminRowEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: sql<string>`${users.email}` })
    .from(users)
    .where(and(eq(users.kind, 'ACCOUNT'), eq(users.isAdmin, true)));
  return rows.map((r) => r.email);
}

/** Accounts, administrators by row, and whether any account has one of `emails`. */
export async function accountCounts(db: Db): Promise<{ accounts: number; rowAdmins: number }> {
  const [row] = await queryRows<{ accounts: number; rowAdmins: number }>(
    db,
    sql`select count(*)::int as accounts,
               (count(*) filter (where is_admin))::int as "rowAdmins"
          from users where kind = 'ACCOUNT'`,
  );
  return { accounts: Number(row?.accounts ?? 0), rowAdmins: Number(row?.rowAdmins ?? 0) };
}

export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: instanceSettings.value })
    .from(instanceSettings)
    .where(eq(instanceSettings.key, key));
  return row?.value;
}

export async function writeSetting(
  db: Db,
  key: string,
  value: unknown,
  byId: number,
): Promise<void> {
  const at = new Date();
  await db
    .insert(instanceSettings)
    .values({ key, value, updatedAt: at, updatedById: byId })
    .onConflictDoUpdate({
      target: instanceSettings.key,
      set: { value, updatedAt: at, updatedById: byId },
    });
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.delete(instanceSettings).where(eq(instanceSettings.key, key));
}

/** Inserts the setting unless the key exists; true when this call inserted it. */
export async function insertSettingOnce(
  db: Db,
  key: string,
  value: unknown,
  byId: number,
): Promise<boolean> {
  const rows = await db
    .insert(instanceSettings)
    .values({ key, value, updatedById: byId })
    .onConflictDoNothing({ target: instanceSettings.key })
    .returning({ key: instanceSettings.key });
  return rows.length > 0;
}

export type AuditInsert = typeof adminAudit.$inferInsert;
export type AuditRow = typeof adminAudit.$inferSelect;

export async function insertAudit(db: Db, entry: AuditInsert): Promise<void> {
  await db.insert(adminAudit).values(entry);
}

export async function listAudit(
  db: Db,
  rows: number,
  beforeId: number | null,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(adminAudit)
    .where(beforeId === null ? undefined : lt(adminAudit.id, beforeId))
    .orderBy(desc(adminAudit.id))
    .limit(rows);
}

export interface InstanceCounts {
  people: number;
  groups: number;
  expenses: number;
  databaseBytes: number;
}

export async function instanceCounts(db: Db): Promise<InstanceCounts> {
  const [row] = await queryRows<Record<keyof InstanceCounts, string | number>>(
    db,
    sql`select (select count(*) from users where kind = 'ACCOUNT')::int as people,
               (select count(*) from groups)::int as groups,
               (select count(*) from expenses where deleted_at is null)::int as expenses,
               pg_database_size(current_database())::text as "databaseBytes"`,
  );
  return {
    people: Number(row?.people ?? 0),
    groups: Number(row?.groups ?? 0),
    expenses: Number(row?.expenses ?? 0),
    databaseBytes: Number(row?.databaseBytes ?? 0),
  };
}

export type FailedJobRow = Pick<
  typeof jobs.$inferSelect,
  'id' | 'kind' | 'payload' | 'attempts' | 'lastError' | 'failedAt' | 'createdAt'
>;

/** The newest failed jobs (failed_at set), at most `rows`. */
export async function failedJobs(db: Db, rows: number): Promise<FailedJobRow[]> {
  return db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      failedAt: jobs.failedAt,
      createdAt: jobs.createdAt,
    })
    .from(jobs)
    .where(isNotNull(jobs.failedAt))
    .orderBy(desc(jobs.failedAt), desc(jobs.id))
    .limit(rows);
}

/** Puts a failed job back in the queue, due now with fresh attempts; false when it is not failed. */
export async function requeueFailedJob(db: Db, id: number): Promise<FailedJobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ failedAt: null, runAfter: sql`now()`, attempts: 0, lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.id, id), isNotNull(jobs.failedAt)))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      failedAt: jobs.failedAt,
      createdAt: jobs.createdAt,
    });
  return row;
}

export interface PushFailureRow {
  subscriptionId: number;
  userId: number;
  userName: string;
  failedAt: Date | null;
  answer: string | null;
  lastSuccessAt: Date | null;
}

/** Devices whose last push failed, newest failure first. */
export async function pushFailures(db: Db, rows: number): Promise<PushFailureRow[]> {
  return db
    .select({
      subscriptionId: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      userName: users.name,
      failedAt: pushSubscriptions.lastFailureAt,
      answer: pushSubscriptions.lastFailure,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(isNotNull(pushSubscriptions.lastFailureAt))
    .orderBy(desc(pushSubscriptions.lastFailureAt))
    .limit(rows);
}

export type MailJobRow = FailedJobRow & { runAfter: Date };

/**
 * Mail jobs whose last attempt failed, failed for good or waiting for their next try, newest
 * first: their last error holds the SMTP server's answer. Mail jobs are the kinds ending in
 * `mail` or `notice` (auth.verification-mail, notifications.digest-mail, auth.change-email-notice…).
 */
export async function failedMailJobs(db: Db, rows: number): Promise<MailJobRow[]> {
  return db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      failedAt: jobs.failedAt,
      createdAt: jobs.createdAt,
      runAfter: jobs.runAfter,
    })
    .from(jobs)
    .where(
      and(isNotNull(jobs.lastError), or(ilike(jobs.kind, '%mail'), ilike(jobs.kind, '%notice'))),
    )
    .orderBy(desc(jobs.id))
    .limit(rows);
}
