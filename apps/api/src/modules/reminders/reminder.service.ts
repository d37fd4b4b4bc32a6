// Reminders (issue #11 point 6): "Remind" on a friend who owes you, or on a group balance line.
// A reminder is an activity row of type `reminder` for the debtor, written with a notifier run
// in one transaction; the notifier then delivers it through the debtor's REMINDER settings
// (e-mail now or in the digest, push) exactly like any other row, and the in-app list shows it.
// At most one reminder a day per (caller, debtor) pair, counted in the database's rate limits.
import { formatMinor } from '@evenly/core';
import { noteNotificationsChanged } from '../notifications/index.js';
import type { Db } from '../../db/database.js';
import {
  AppError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { insertActivities } from '../activity/index.js';
import { findUserById } from '../auth/index.js';
import { isCurrentMember } from '../groups/index.js';
import { MAX_ROW_ID } from '../../db/row-id.js';
import { findReminderPerson } from './reminders.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'balances' | 'groups' | 'notifications'>;

/** The window of the once-a-day limit, in seconds (a fixed UTC day, as the rate limits count). */
export const REMINDER_WINDOW_SECONDS = 24 * 60 * 60;

export const REMINDER_TEXT = {
  self: 'You cannot remind yourself.',
  userNotFound: 'User not found.',
  owesNothing: (name: string) => `${name} does not owe you anything.`,
  owesNothingInGroup: (name: string) => `${name} does not owe you anything in this group.`,
  guest: (name: string) =>
    `${name} has no account to remind. Share the group's invite link with them.`,
  tooSoon: (name: string) =>
    `You already reminded ${name} today. You can send another reminder tomorrow.`,
} as const;

/** 429 with Retry-After, in words that fit a reminder. */
export class ReminderTooSoonError extends AppError {
  readonly status = 429;
  readonly code = 'RATE_LIMITED';
  constructor(name: string, retryAfterSeconds: number) {
    super(REMINDER_TEXT.tooSoon(name));
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

export interface ReminderInput {
  userId: number;
  groupId: number | null;
}

export interface SentReminder {
  user: { id: number; name: string; email: string | null };
  groupId: number | null;
  /** What they owe the caller, in minor units of `currency`. */
  amountCents: number;
  currency: string;
}

export class ReminderService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  private async person(
    id: number,
  ): Promise<{ id: number; name: string; email: string | null } | undefined> {
    return findReminderPerson(this.deps.db, id);
  }

  /** The largest debt of `userId` to the caller: in the group, or over all currencies. */
  private async debt(
    callerId: number,
    input: ReminderInput,
  ): Promise<{
    name: string;
    email: string | null;
    cents: number;
    currency: string;
    groupName: string | null;
  }> {
    if (input.groupId !== null) {
      // 404 / 403 for a group the caller cannot see, as every group endpoint.
      const lines = await this.services.balances.groupBalance(input.groupId, callerId);
      const group = await this.services.groups.get(callerId, input.groupId);
      const owed = lines
        .filter((l) => l.otherUser.id === input.userId && l.netCents > 0)
        .sort((a, b) => b.netCents - a.netCents)[0];
      if (owed === undefined) {
        // Named only when the caller can see them in this group (a member, or on a balance
        // line); anyone else gets the answer of an id that names nobody.
        const who =
          group.members.find((m) => m.id === input.userId) ??
          lines.find((l) => l.otherUser.id === input.userId)?.otherUser;
        if (who === undefined) throw new NotFoundError(REMINDER_TEXT.userNotFound);
        throw new ValidationError(REMINDER_TEXT.owesNothingInGroup(who.name));
      }
      return {
        name: owed.otherUser.name,
        email: owed.otherUser.email,
        cents: owed.netCents,
        currency: owed.currency,
        groupName: group.name,
      };
    }
    const friend = (await this.services.balances.friends(callerId)).find(
      (f) => f.otherUser.id === input.userId,
    );
    if (friend === undefined) throw new NotFoundError(REMINDER_TEXT.userNotFound);
    const owed = friend.byCurrency
      .filter((c) => c.netCents > 0)
      .sort((a, b) => b.netCents - a.netCents)[0];
    if (owed === undefined)
      throw new ValidationError(REMINDER_TEXT.owesNothing(friend.otherUser.name));
    return {
      name: friend.otherUser.name,
      email: friend.otherUser.email,
      cents: owed.netCents,
      currency: owed.currency,
      groupName: null,
    };
  }

  async remind(callerId: number, input: ReminderInput): Promise<SentReminder> {
    if (input.userId === callerId) throw new ValidationError(REMINDER_TEXT.self);
    // A guest has nobody to tell; said only to members of the guest's group (who can see them).
    const target =
      input.userId <= MAX_ROW_ID ? await findUserById(this.deps.db, input.userId) : undefined;
    if (
      target?.kind === 'GUEST' &&
      target.guestGroupId !== null &&
      (await isCurrentMember(this.deps.db, target.guestGroupId, callerId))
    ) {
      throw new ValidationError(REMINDER_TEXT.guest(target.name));
    }
    const debt = await this.debt(callerId, input);
    const caller = await this.person(callerId);
    try {
      await this.deps.rateLimiter.hit([
        {
          key: `reminder:${callerId}:${input.userId}`,
          limit: 1,
          windowSeconds: REMINDER_WINDOW_SECONDS,
        },
      ]);
    } catch (error) {
      if (error instanceof RateLimitedError) {
        throw new ReminderTooSoonError(debt.name, error.retryAfterSeconds);
      }
      throw error;
    }
    const amount = `${formatMinor(debt.cents, debt.currency)} ${debt.currency}`;
    await this.deps.transaction(async (tx: Db) => {
      await insertActivities(tx, [
        {
          recipientId: input.userId,
          type: 'reminder',
          actorId: callerId,
          groupId: input.groupId,
          groupName: debt.groupName,
          description: `You owe ${caller?.name ?? ''} ${amount}${
            debt.groupName === null ? '' : ` in ${debt.groupName}`
          }`,
          amountCents: debt.cents,
          currency: debt.currency,
          myShareCents: -debt.cents,
        },
      ]);
      await this.services.notifications.requestFollow(tx);
      // No other change comes with a reminder: ring the debtor's bell through the event stream.
      noteNotificationsChanged(tx, input.userId, new Date());
    });
    await this.deps.jobs.wake();
    return {
      user: { id: input.userId, name: debt.name, email: debt.email },
      groupId: input.groupId,
      amountCents: debt.cents,
      currency: debt.currency,
    };
  }
}
