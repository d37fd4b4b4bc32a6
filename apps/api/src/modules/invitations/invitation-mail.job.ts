// The job that sends one invitation e-mail (§5.7). The group's name is taken when the invitation
// is made, so the mail names the group even if it is renamed or deleted before it goes out.
import { z } from 'zod';
import { defineJob } from '../../jobs/job-type.js';

const payload = z.object({
  inviterId: z.number().int(),
  email: z.string().min(1),
  groupName: z.string().nullable(),
});
export type InvitationMailPayload = z.infer<typeof payload>;

export const invitationMailJob = defineJob('invitations.mail', payload);
