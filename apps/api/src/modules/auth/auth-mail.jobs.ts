// The jobs that send account mails. They carry only the lower-cased address: the job looks the
// account up when it runs, so enqueuing costs the same whether or not the account exists.
import { z } from 'zod';
import { defineJob } from '../../jobs/job-type.js';

const byAddress = z.object({ email: z.string().min(1) });

/** A verification link, if the address belongs to an account not verified yet. */
export const verificationMailJob = defineJob('auth.verification-mail', byAddress);

/** A password reset link, if the address belongs to an account. */
export const passwordResetMailJob = defineJob('auth.password-reset-mail', byAddress);
