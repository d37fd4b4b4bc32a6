// The jobs that send account mails. They carry only the lower-cased address (and, for a
// verification link, the invite path to return to): the job looks the account up when it runs,
// so enqueuing costs the same whether or not the account exists. When there is nothing to mail,
// the job still reaches the mail server (Mailer.check), so its outcome is the same too.
import { z } from 'zod';
import { defineJob } from '../../jobs/job-type.js';

/**
 * `ticket`: the hash of the mail ticket the request answered with (mail/mail-ticket.ts), by
 * which the person waiting reads how the delivery goes.
 */
const byAddress = z.object({
  email: z.string().min(1),
  ticket: z.string().optional(),
  /** The asking request's language: the mail's, when the account has none stored (issue #32). */
  locale: z.string().optional(),
});

/**
 * A verification link, if the address belongs to an account not verified yet. `next` is the
 * group invite or friend link path the person signed up from (core's invitePath), carried on the
 * link so the first sign-in returns there.
 */
export const verificationMailJob = defineJob(
  'auth.verification-mail',
  byAddress.extend({ next: z.string().optional() }),
);

/** A password reset link, if the address belongs to an account. */
export const passwordResetMailJob = defineJob('auth.password-reset-mail', byAddress);

/**
 * The confirmation link of an address change (email_tokens row `tokenId`, purpose change_email),
 * to the new address, if that request is still the pending one. Each attempt puts a new token
 * on the row (only hashes are stored), so exactly the last mailed link works.
 */
export const changeEmailMailJob = defineJob(
  'auth.change-email-mail',
  z.object({ tokenId: z.number().int() }),
);

/** A notice to the old address that a change to `newEmail` was asked for. */
export const changeEmailNoticeJob = defineJob(
  'auth.change-email-notice',
  z.object({
    oldEmail: z.string().min(1),
    newEmail: z.string().min(1),
    name: z.string(),
    /** The account's language (users.locale) when the change was asked for. */
    locale: z.string().optional(),
  }),
);
