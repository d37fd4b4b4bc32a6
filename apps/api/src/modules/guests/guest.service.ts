// GuestService: people without accounts in a group (issue #12): adding and editing them,
// claiming them (by the address they were added with, or through the group's invite link) and
// merging them into a member.
import type { Db } from '../../db/database.js';
import {
  ConflictError,
  NotFoundError,
  NotGroupMemberError,
  NotYourGuestError,
} from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { insertActivities } from '../activity/index.js';
import type { AccountRow } from '../auth/index.js';
import { findAccountById, findUserByEmail } from '../auth/index.js';
import type { Person } from '../balances/index.js';
import { peopleByIds } from '../balances/index.js';
import { groupPairRows } from '../balances/index.js';
import { acceptedFriendIds } from '../friendships/index.js';
import type { GroupView } from '../groups/index.js';
import { GROUP_TEXT } from '../groups/index.js';
import type { GroupRow } from '../groups/index.js';
import {
  addMember,
  currentMemberIds,
  currentMembers,
  lockGroup,
  updateGroup,
} from '../groups/index.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import { linkState } from '../invites/index.js';
import { findLinkByToken } from '../invites/index.js';
import { mergeGuestInto } from './guest-merge.js';
import type { GuestCreateInput, GuestPatchInput } from './guest-request.js';
import type { GuestRow } from './guests.repository.js';
import {
  claimableGuests,
  currentGuestWithEmail,
  findGroupGuest,
  findGuest,
  insertGuest,
  lockGuest,
  updateGuest,
} from './guests.repository.js';
import { mayClaimByLink, ownsAddress } from './guest-claim.js';
import { GUEST_TEXT } from './guest-text.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'groups'>;

export interface ClaimableGuest {
  guest: Person;
  group: { id: number; name: string; coverEmoji: string | null; coverColor: string | null };
  addedBy: Person | null;
  /** The guest's group net in the group's currency (+ = others owe them). */
  balance: { netCents: number; currency: string };
}

function guestPerson(g: GuestRow): Person {
  return { id: g.id, name: g.name, email: g.guestEmail };
}

/** The net of `userId` in the pair rows of one currency (+ = others owe them). */
export function netOf(
  pairs: readonly { currency: string; userLow: number; userHigh: number; netCents: number }[],
  userId: number,
  currency: string,
): number {
  let net = 0;
  for (const p of pairs) {
    if (p.currency !== currency) continue;
    if (p.userLow === userId) net += p.netCents;
    else if (p.userHigh === userId) net -= p.netCents;
  }
  return net;
}

export class GuestService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  private get groups() {
    return this.services.groups;
  }

  /** POST /groups/{id}/guests: a guest, or (an accepted friend's address) that friend. */
  async add(
    userId: number,
    groupId: number,
    input: GuestCreateInput,
    key: IdempotencyScope<GroupView> | null,
  ): Promise<WriteOutcome<GroupView>> {
    const at = new Date();
    return this.deps.transaction(async (tx) => {
      const stored = key === null ? null : await key.claim(tx);
      if (stored !== null) return { kind: 'replayed' as const, stored };
      const row = await this.groups.lockForMember(tx, groupId, userId);
      if (input.email !== null) {
        const account = await findUserByEmail(tx, input.email);
        if (account !== undefined) {
          if ((await currentMemberIds(tx, groupId, [account.id])).has(account.id)) {
            throw new ConflictError('ALREADY_MEMBER', GROUP_TEXT.alreadyMember(account.name));
          }
          if (!(await acceptedFriendIds(tx, userId, [account.id])).has(account.id)) {
            throw new ConflictError('HAS_ACCOUNT', GUEST_TEXT.hasAccount(input.email));
          }
          const group = await this.groups.addPeople(tx, row, userId, [account], at);
          await key?.complete(tx, group);
          return { kind: 'done' as const, value: group };
        }
        const same = await currentGuestWithEmail(tx, groupId, input.email);
        if (same !== undefined) {
          throw new ConflictError('ALREADY_MEMBER', GROUP_TEXT.alreadyMember(same.name));
        }
      }
      const guest = await insertGuest(tx, {
        name: input.name,
        guestEmail: input.email,
        groupId,
        addedById: userId,
      });
      const group = await this.groups.addPeople(tx, row, userId, [guestPerson(guest)], at);
      await key?.complete(tx, group);
      return { kind: 'done' as const, value: group };
    });
  }

  /** PATCH /groups/{id}/guests/{userId}: rename, or change or clear the address. */
  async patch(
    userId: number,
    groupId: number,
    guestId: number,
    patch: GuestPatchInput,
  ): Promise<GroupView> {
    const at = new Date();
    return this.deps.transaction(async (tx) => {
      const row = await this.groups.lockForMember(tx, groupId, userId);
      const guest = await findGroupGuest(tx, groupId, guestId);
      if (guest === undefined) throw new NotFoundError(GUEST_TEXT.notInGroup);
      if (patch.email !== undefined && patch.email !== null) {
        const same = await currentGuestWithEmail(tx, groupId, patch.email, guestId);
        if (same !== undefined) {
          throw new ConflictError('ALREADY_MEMBER', GROUP_TEXT.alreadyMember(same.name));
        }
      }
      const values: { name?: string; guestEmail?: string | null } = {};
      if (patch.name !== undefined) values.name = patch.name;
      if (patch.email !== undefined) values.guestEmail = patch.email;
      if (Object.keys(values).length > 0) {
        await updateGuest(tx, guestId, values, at);
        const updated = await updateGroup(tx, groupId, { lastActivityAt: at });
        const result = await this.groups.load(tx, updated);
        this.groups.notify(tx, groupId, 'updated', accountIds(result), at);
        return result;
      }
      return this.groups.load(tx, row);
    });
  }

  /** GET /guests/claimable: unclaimed guests with the caller's verified address. */
  async claimable(userId: number): Promise<ClaimableGuest[]> {
    const { db } = this.deps;
    const me = await findAccountById(db, userId);
    if (me === undefined || me.emailVerifiedAt === null) return [];
    const found = await claimableGuests(db, me.email);
    const adders = await peopleByIds(
      db,
      found.flatMap((f) => (f.guest.guestAddedById === null ? [] : [f.guest.guestAddedById])),
    );
    const out: ClaimableGuest[] = [];
    for (const { guest, group } of found) {
      const pairs = await groupPairRows(db, group.id);
      out.push({
        guest: guestPerson(guest),
        group: {
          id: group.id,
          name: group.name,
          coverEmoji: group.coverEmoji,
          coverColor: group.coverColor,
        },
        addedBy: guest.guestAddedById === null ? null : (adders.get(guest.guestAddedById) ?? null),
        balance: {
          netCents: netOf(pairs, guest.id, group.defaultCurrency),
          currency: group.defaultCurrency,
        },
      });
    }
    return out;
  }

  /**
   * The caller takes over the guest in a transaction that holds the group's lock: joins the group
   * if not a member yet, then the guest is merged into them.
   */
  async claimLocked(
    tx: Db,
    caller: Person,
    row: GroupRow,
    guest: GuestRow,
    at: Date,
  ): Promise<GroupView> {
    const isMember = (await currentMemberIds(tx, row.id, [caller.id])).has(caller.id);
    if (!isMember) await addMember(tx, row.id, caller.id, at);
    const members = await currentMembers(tx, row.id);
    const accounts = members.filter((m) => !m.guest).map((m) => m.id);
    await mergeGuestInto(
      tx,
      { groupId: row.id, guestId: guest.id, intoUserId: caller.id },
      accounts,
      at,
    );
    await insertActivities(
      tx,
      accounts.map((recipientId) => ({
        recipientId,
        type: 'member_added',
        actorId: caller.id,
        groupId: row.id,
        groupName: row.name,
        description: GUEST_TEXT.joinedAs(caller.name, guest.name),
        amountCents: null,
        currency: null,
        myShareCents: 0,
        subjectId: caller.id,
        at,
      })),
    );
    const updated = await updateGroup(tx, row.id, { lastActivityAt: at });
    return this.groups.load(tx, updated);
  }

  /** POST /guests/{guestId}/claim. */
  async claim(userId: number, guestId: number, inviteToken: string | null): Promise<GroupView> {
    const at = new Date();
    return this.deps.transaction(async (tx) => {
      const me = await findAccountById(tx, userId);
      const first = await findGuest(tx, guestId);
      if (first === undefined || first.guestGroupId === null) {
        throw new NotFoundError(GUEST_TEXT.notFound);
      }
      const groupId = first.guestGroupId;
      // Lock order: the group, then the guest (as merges by members take them).
      const row = await lockGroup(tx, groupId);
      await lockGuest(tx, guestId);
      const guest = row === undefined ? undefined : await findGroupGuest(tx, groupId, guestId);
      if (row === undefined || guest === undefined || me === undefined) {
        throw new NotFoundError(GUEST_TEXT.notFound);
      }
      if (!(await mayClaim(tx, me, guest, inviteToken, at))) {
        throw new NotYourGuestError(
          inviteToken !== null && guest.guestEmail !== null ? GUEST_TEXT.addressed : undefined,
        );
      }
      return this.claimLocked(tx, me, row, guest, at);
    });
  }

  /** POST /groups/{id}/guests/{guestId}/merge: a member merges a guest into a member. */
  async merge(
    userId: number,
    groupId: number,
    guestId: number,
    intoUserId: number,
  ): Promise<GroupView> {
    const at = new Date();
    return this.deps.transaction(async (tx) => {
      const row = await this.groups.lockForMember(tx, groupId, userId);
      const guest = await findGroupGuest(tx, groupId, guestId);
      if (guest === undefined) throw new NotFoundError(GUEST_TEXT.notInGroup);
      await lockGuest(tx, guestId);
      const members = await currentMembers(tx, groupId);
      const into = members.find((m) => m.id === intoUserId && !m.guest);
      if (into === undefined) throw new NotGroupMemberError(GUEST_TEXT.intoNotMember);
      const accounts = members.filter((m) => !m.guest).map((m) => m.id);
      await mergeGuestInto(tx, { groupId, guestId, intoUserId }, accounts, at);
      const people = await peopleByIds(tx, [userId]);
      const actor = people.get(userId)?.name ?? '';
      await insertActivities(
        tx,
        accounts.map((recipientId) => ({
          recipientId,
          type: 'member_added',
          actorId: userId,
          groupId,
          groupName: row.name,
          description: `${actor} merged ${guest.name} into ${into.name}`,
          amountCents: null,
          currency: null,
          myShareCents: 0,
          subjectId: intoUserId,
          at,
        })),
      );
      const updated = await updateGroup(tx, groupId, { lastActivityAt: at });
      return this.groups.load(tx, updated);
    });
  }
}

function accountIds(g: GroupView): number[] {
  return g.members.filter((m) => !m.guest).map((m) => m.id);
}

/**
 * The caller's verified address is the guest's, or the guest has no address and the token is a
 * live link of its group.
 */
async function mayClaim(
  tx: Db,
  me: AccountRow,
  guest: GuestRow,
  inviteToken: string | null,
  at: Date,
): Promise<boolean> {
  if (ownsAddress(me, guest)) return true;
  if (inviteToken === null || !mayClaimByLink(me, guest)) return false;
  const link = await findLinkByToken(tx, inviteToken);
  return link !== undefined && link.groupId === guest.guestGroupId && linkState(link, at) === 'ok';
}
