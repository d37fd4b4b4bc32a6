// Mail tickets: how a person waiting for an account mail (verification, password reset) learns
// whether it went out, without anyone learning whether an address has an account. The request
// that enqueues the mail job answers with a random ticket; the job's payload carries only the
// ticket's hash. The ticket's state is read from the job: a job that is gone has finished.
// Requests for addresses without an account get a ticket too, and their job reaches the mail
// server just as a real one would (Mailer.check), so both tickets read the same.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { findTicketedJob } from '../jobs/jobs.repository.js';

export const MAIL_TICKET_STATES = ['pending', 'sent', 'retrying', 'failed'] as const;
/**
 * pending: not tried yet (or the first try is under way); sent: the mail server took it (or
 * there was nothing to send); retrying: a try failed and another one is planned; failed: the
 * last try failed, no more are planned.
 */
export type MailTicketState = (typeof MAIL_TICKET_STATES)[number];

/** A ticket is 32 base64url characters (24 random bytes). */
export const MAIL_TICKET_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export function newMailTicket(): { ticket: string; hash: string } {
  const ticket = randomBytes(24).toString('base64url');
  return { ticket, hash: hashMailTicket(ticket) };
}

export function hashMailTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('base64url');
}

/**
 * The delivery state of the mail a ticket stands for. An unknown ticket reads `sent`: finished
 * jobs are deleted, so a ticket whose job finished and one never issued look alike.
 */
export async function mailTicketState(db: Db, ticket: string): Promise<MailTicketState> {
  const job = await findTicketedJob(db, hashMailTicket(ticket));
  if (job === undefined) return 'sent';
  if (job.failed) return 'failed';
  return job.lastError === null ? 'pending' : 'retrying';
}
