// InviteLinkService: a group's invite link (issue #12): members show, renew and revoke it; anyone
// signed in who has it may join the group, or claim one of its guests, in one tap.
import type { Db } from '../../db/database.js';
import {
  InviteExpiredError,
  InviteInvalidError,
  NotFoundError,
  NotYourGuestError,
} from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { findAccountById } from '../auth/index.js';
import type { Person } from '../balances/index.js';
import { peopleByIds } from '../balances/index.js';
import type { GroupMember, GroupView } from '../groups/index.js';
import type { GroupRow } from '../groups/index.js';
import {
  currentMemberIds,
  currentMembers,
  findGroup,
  lockGroup,
  requireGroupMember,
} from '../groups/index.js';
import { GUEST_TEXT } from '../guests/index.js';
import { findGroupGuest, lockGuest, mayClaimByLink, ownsAddress } from '../guests/index.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import type { InviteLinkRow } from './invite-links.repository.js';
import {
  currentLink,
  findLinkByToken,
  insertLink,
  linkState,
  revokeLinks,
} from './invite-links.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'groups' | 'guests'>;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InviteLinkView {
  token: string;
  url: string;
  createdAt: Date;
  expiresAt: Date | null;
  createdBy: Person;
}

export interface InvitePreview {
  group: {
    id: number;
    name: string;
    coverEmoji: string | null;
    coverColor: string | null;
    members: GroupMember[];
  };
  guests: GroupMember[];
  /** The guest added with the caller's verified address, proposed as "probably you". */
  proposedGuestId: number | null;
  invitedBy: Person;
  expiresAt: Date | null;
  alreadyMember: boolean;
}

export class InviteLinkService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  private async view(db: Db, link: InviteLinkRow): Promise<InviteLinkView> {
    const people = await peopleByIds(db, [link.createdById]);
    return {
      token: link.token,
      url: `${this.deps.config.appUrl}/join/${link.token}`,
      createdAt: link.createdAt,
      expiresAt: link.expiresAt,
      createdBy: people.get(link.createdById) ?? {
        id: link.createdById,
        name: '',
        email: null,
      },
    };
  }

  /** The link when it exists and can be used; 404 INVITE_INVALID / 410 INVITE_EXPIRED. */
  private async usable(db: Db, token: string, now: Date): Promise<InviteLinkRow> {
    const link = await findLinkByToken(db, token);
    if (link === undefined) throw new InviteInvalidError();
    const state = linkState(link, now);
    if (state === 'revoked') throw new InviteInvalidError();
    if (state === 'expired') throw new InviteExpiredError();
    return link;
  }

  async get(userId: number, groupId: number): Promise<InviteLinkView | null> {
    const { db } = this.deps;
    await requireGroupMember(db, groupId, userId);
    const link = await currentLink(db, groupId, new Date());
    return link === undefined ? null : this.view(db, link);
  }

  /** A new link (the previous one stops working). */
  async create(
    userId: number,
    groupId: number,
    expiresInDays: number | null,
    key: IdempotencyScope<InviteLinkView> | null,
  ): Promise<WriteOutcome<InviteLinkView>> {
    const at = new Date();
    return this.deps.transaction(async (tx) => {
      const stored = key === null ? null : await key.claim(tx);
      if (stored !== null) return { kind: 'replayed' as const, stored };
      await this.services.groups.lockForMember(tx, groupId, userId);
      await revokeLinks(tx, groupId, at);
      const link = await insertLink(tx, {
        groupId,
        createdById: userId,
        expiresAt: expiresInDays === null ? null : new Date(at.getTime() + expiresInDays * DAY_MS),
        at,
      });
      const value = await this.view(tx, link);
      await this.noteGroup(tx, groupId, at);
      await key?.complete(tx, value);
      return { kind: 'done' as const, value };
    });
  }

  async revoke(userId: number, groupId: number): Promise<void> {
    const at = new Date();
    await this.deps.transaction(async (tx) => {
      await this.services.groups.lockForMember(tx, groupId, userId);
      await revokeLinks(tx, groupId, at);
      await this.noteGroup(tx, groupId, at);
    });
  }

  private async noteGroup(tx: Db, groupId: number, at: Date): Promise<void> {
    const members = await currentMembers(tx, groupId);
    this.services.groups.notify(
      tx,
      groupId,
      'updated',
      members.filter((m) => !m.guest).map((m) => m.id),
      at,
    );
  }

  /** GET /invites/{token}: what the join page shows a signed-in person. */
  async preview(userId: number, token: string): Promise<InvitePreview> {
    const { db } = this.deps;
    const link = await this.usable(db, token, new Date());
    const row = await findGroup(db, link.groupId);
    if (row === undefined) throw new InviteInvalidError();
    const group = await this.services.groups.load(db, row);
    const me = await findAccountById(db, userId);
    const invitedBy = (await peopleByIds(db, [link.createdById])).get(link.createdById) ?? {
      id: link.createdById,
      name: '',
      email: null,
    };
    const alreadyMember = group.members.some((m) => m.id === userId && !m.guest);
    // Names, not addresses, until the caller has joined (a member sees them in the group).
    const shown = <T extends { email: string | null }>(p: T): T =>
      alreadyMember ? p : { ...p, email: null };
    // Only the guests the caller may claim: added without an address, or with theirs.
    const claimable = group.members.filter(
      (m) => m.guest && me !== undefined && mayClaimByLink(me, { guestEmail: m.email }),
    );
    const proposed = claimable.find(
      (m) => me !== undefined && ownsAddress(me, { guestEmail: m.email }),
    );
    return {
      group: {
        id: group.id,
        name: group.name,
        coverEmoji: group.coverEmoji,
        coverColor: group.coverColor,
        members: group.members.map(shown),
      },
      guests: claimable.map(shown),
      proposedGuestId: alreadyMember ? null : (proposed?.id ?? null),
      invitedBy: shown(invitedBy),
      expiresAt: link.expiresAt,
      alreadyMember,
    };
  }

  /** GET /invites/{token}/public: the group's and the inviter's names only. */
  async publicPreview(token: string): Promise<{ groupName: string; invitedByName: string }> {
    const { db } = this.deps;
    const link = await this.usable(db, token, new Date());
    const row = await findGroup(db, link.groupId);
    if (row === undefined) throw new InviteInvalidError();
    const by = (await peopleByIds(db, [link.createdById])).get(link.createdById);
    return { groupName: row.name, invitedByName: by?.name ?? '' };
  }

  /** POST /invites/{token}/accept: join, or claim one of the group's guests. */
  async accept(userId: number, token: string, claimGuestId: number | null): Promise<GroupView> {
    const at = new Date();
    return this.deps.transaction(async (tx) => {
      const first = await this.usable(tx, token, at);
      const row: GroupRow | undefined = await lockGroup(tx, first.groupId);
      if (row === undefined) throw new InviteInvalidError();
      // Checked again under the group's lock: a revocation commits before or after this.
      await this.usable(tx, token, at);
      const me = await findAccountById(tx, userId);
      if (me === undefined) throw new InviteInvalidError();
      const caller: Person = { id: me.id, name: me.name, email: me.email };
      if (claimGuestId !== null) {
        await lockGuest(tx, claimGuestId);
        const guest = await findGroupGuest(tx, row.id, claimGuestId);
        if (guest === undefined) throw new NotFoundError(GUEST_TEXT.notFound);
        if (!mayClaimByLink(me, guest)) throw new NotYourGuestError(GUEST_TEXT.addressed);
        return this.services.guests.claimLocked(tx, caller, row, guest, at);
      }
      if ((await currentMemberIds(tx, row.id, [userId])).has(userId)) {
        return this.services.groups.load(tx, row);
      }
      return this.services.groups.addPeople(
        tx,
        row,
        userId,
        [caller],
        at,
        (_actor, p) => `${p.name} joined the group via the invite link`,
      );
    });
  }
}
