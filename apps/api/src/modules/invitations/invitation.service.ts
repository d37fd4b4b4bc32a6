// InvitationService: e-mails to addresses with no account yet, and what happens when such an
// address is verified or its friend request accepted (docs/api.md §5.7, limits §1.11).
import type { Db } from '../../db/database.js';
import type { JobRegistry } from '../../jobs/job-registry.js';
import type { AccountRow } from '../auth/index.js';
import { findAccountById } from '../auth/index.js';
import type { Person } from '../balances/index.js';
import { peopleByIds } from '../balances/index.js';
import { noteChange } from '../../db/transaction.js';
import { recordFriendRequest } from '../friendships/index.js';
import { findPairForUpdate, insertRequest } from '../friendships/index.js';
import type { GroupRow } from '../groups/index.js';
import { addPeopleToGroup, currentMemberIds, lockGroup } from '../groups/index.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { translatorForRecipient } from '../../i18n/index.js';
import { invitationEmail, registerLink } from './invitation-mail.js';
import { invitationMailJob } from './invitation-mail.job.js';
import type { InvitationMailPayload } from './invitation-mail.job.js';
import {
  clearGroupOf,
  groupInvitationsBetween,
  insertInvitation,
  lockInviter,
  mailedSince,
  markConverted,
  unconvertedTo,
} from './invitations.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'avatarLinks'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** §1.11: invitation e-mails per (inviter, address) and per inviter, per 24 hours. */
export const INVITES_PER_ADDRESS = 1;
export const INVITES_PER_INVITER = 20;

export class InvitationService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  /**
   * Records an invitation of `email` (no account) by `inviterId`, optionally to a group, in the
   * caller's transaction, and queues its e-mail there unless the limits suppress it (§1.11: they
   * count the mails queued, whenever they are delivered). Returns whether a mail was queued: the
   * caller then wakes the job workers after its commit.
   */
  async invite(
    tx: Db,
    inviterId: number,
    email: string,
    group: GroupRow | null,
    at: Date,
  ): Promise<boolean> {
    await lockInviter(tx, inviterId);
    const sent = await mailedSince(tx, inviterId, email, new Date(at.getTime() - DAY_MS));
    const mayMail = sent.toAddress < INVITES_PER_ADDRESS && sent.total < INVITES_PER_INVITER;
    await insertInvitation(tx, {
      inviterId,
      email,
      groupId: group?.id ?? null,
      mailedAt: mayMail ? at : null,
    });
    if (mayMail) {
      await this.deps.jobs.enqueue(tx, invitationMailJob, {
        inviterId,
        email,
        groupName: group?.name ?? null,
      });
    }
    return mayMail;
  }

  /** Invitation e-mails are sent by this job. */
  registerJobs(registry: JobRegistry): void {
    registry.register(invitationMailJob, (payload) => this.mailInvitation(payload));
  }

  /** Job: the invitation e-mail; a failure is retried by the job queue, never shown to anyone. */
  async mailInvitation({ inviterId, email, groupName }: InvitationMailPayload): Promise<void> {
    const inviter = await findAccountById(this.deps.db, inviterId);
    await this.deps.mailer.send(
      invitationEmail(
        translatorForRecipient(inviter?.locale),
        email,
        inviter?.name ?? null,
        groupName,
        registerLink(this.deps.config.appUrl, email),
      ),
    );
  }

  /**
   * Runs in the transaction that marks `user`'s address verified: every invitation to that
   * address becomes a PENDING request from the inviter, unless they are already friends or
   * either has asked the other (§5.7).
   */
  async onEmailVerified(tx: Db, user: AccountRow): Promise<void> {
    const open = await unconvertedTo(tx, user.email);
    if (open.length === 0) return;
    const at = new Date();
    const inviters = [...new Set(open.map((i) => i.inviterId))].filter((id) => id !== user.id);
    for (const inviterId of inviters) {
      if ((await findPairForUpdate(tx, inviterId, user.id)) !== undefined) continue;
      const row = await insertRequest(tx, inviterId, user.id);
      if (row === undefined) continue;
      const inviter = (await peopleByIds(tx, [inviterId])).get(inviterId);
      if (inviter !== undefined) await recordFriendRequest(tx, inviter, user.id, at);
      noteChange(tx, {
        entity: 'friendship',
        action: 'created',
        id: row.id,
        groupId: null,
        recipients: [inviterId, user.id],
        at,
      });
    }
    await markConverted(
      tx,
      open.map((i) => i.id),
      at,
    );
  }

  /**
   * Two people just became friends: every group one of them invited the other's address to is
   * completed, if the group still exists and the inviter is still a member (§5.7).
   */
  async completeGroupInvitations(tx: Db, a: Person, b: Person, at: Date): Promise<void> {
    const open = await groupInvitationsBetween(tx, a, b);
    if (open.length === 0) return;
    const done = new Set<string>();
    for (const inv of open) {
      const groupId = inv.groupId;
      if (groupId === null) continue;
      const key = `${groupId}:${inv.inviterId}`;
      if (done.has(key)) continue;
      done.add(key);
      const invitee = inv.inviterId === a.id ? b : a;
      const group = await lockGroup(tx, groupId);
      if (group === undefined) continue;
      const members = await currentMemberIds(tx, groupId, [inv.inviterId, invitee.id]);
      if (!members.has(inv.inviterId) || members.has(invitee.id)) continue;
      // The groups module's function, not its service: groups uses invitations (invites by e-mail).
      await addPeopleToGroup(this.services, tx, group, inv.inviterId, [invitee], at);
    }
    await clearGroupOf(
      tx,
      open.map((i) => i.id),
    );
  }
}
