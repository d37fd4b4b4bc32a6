// The notification jobs. Mail and push payloads carry the rendered text, taken when the notifier
// read the activity, so a job never needs the row again (it may be gone by then).
import { NOTIFICATION_KINDS } from '@evenly/core';
import { z } from 'zod';
import { defineJob } from '../../jobs/job-type.js';

const noteShape = z.object({
  userId: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  activityId: z.number().int(),
  title: z.string(),
  body: z.string(),
  path: z.string(),
  /** When it happened (ISO 8601); absent in jobs queued before it was added. */
  at: z.string().optional(),
});

/** Follows `activities` from the cursor; one runs at a time (the cursor row lock). */
export const followActivitiesJob = defineJob('notifications.follow', z.object({}));

/** One immediate notification mail. */
export const notificationMailJob = defineJob('notifications.mail', noteShape);

/** One push notification (through the push channel, when the server has one). */
export const notificationPushJob = defineJob('notifications.push', noteShape);

/** The daily digest run: collects every user's DIGEST rows and enqueues their mails. */
export const digestRunJob = defineJob('notifications.digest-run', z.object({}), {
  maxAttempts: 5,
});

/** One user's digest mail. */
export const digestMailJob = defineJob(
  'notifications.digest-mail',
  z.object({
    userId: z.number().int(),
    items: z.array(noteShape),
    /** Rows left out of the mail to keep it short. */
    more: z.number().int().min(0),
  }),
);
