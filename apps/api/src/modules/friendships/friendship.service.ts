// FriendshipService: friends, friend requests and their balances (docs/api.md §4.2, §5.7).
import { counterpartySummary } from '@evenly/core';
import type { CounterpartySummary, FriendRequestInput } from '@evenly/core';
import type { Db } from '../../db/database.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { findAccountById, findUserByEmail } from '../auth/index.js';
import type { CounterpartyFigures, Person } from '../balances/index.js';
import { counterpartyFigures, peopleByIds } from '../balances/index.js';
import { noteChange } from '../../db/transaction.js';
import type { ChangeAction } from '../../db/change-feed.js';
import { avatarUrlOf, avatarUrlsOf } from '../people/index.js';
import { recordFriendRequest } from './friend-request-notification.js';
import type { FriendshipRow, FriendshipWithOther } from './friendships.repository.js';
import {
  deleteFriendship,
  findFriendshipForUpdate,
  findPairForUpdate,
  friendsWithFigures,
  insertRequest,
  markAccepted,
  pendingOf,
} from './friendships.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'avatarLinks' | 'invitations'>;

export const FRIENDSHIP_TEXT = {
  self: 'You cannot send a friend request to yourself.',
  alreadyFriends: (name: string) => `You are already friends with ${name}.`,
  requestExists: (name: string) => `You have already sent a friend request to ${name}.`,
  requestNotFound: 'Friend request not found.',
  onlyRecipientAccepts: 'Only the recipient can accept this friend request.',
  onlyRecipientRejects: 'Only the recipient can reject this friend request.',
  notPending: 'This friend request is no longer pending.',
  friendshipNotFound: 'Friendship not found.',
  outstanding: (name: string) => `You still have an outstanding balance with ${name}.`,
} as const;

export interface FriendshipView {
  id: number;
  status: 'PENDING' | 'ACCEPTED';
  direction: 'INCOMING' | 'OUTGOING' | null;
  otherUser: Person & { avatarUrl: string | null };
  balance: CounterpartySummary;
  createdAt: Date;
}

export type FriendRequestResult =
  { kind: 'created'; friendship: FriendshipView } | { kind: 'invited' };

function summaryOf(figures: CounterpartyFigures | undefined): CounterpartySummary {
  return counterpartySummary(
    [...(figures?.byCurrency ?? new Map<string, { net: number; nonGroup: number }>())].map(
      ([currency, f]) => ({ currency, netCents: f.net, nonGroupCents: f.nonGroup }),
    ),
  );
}

function hasOutstanding(figures: CounterpartyFigures | undefined): boolean {
  if (figures === undefined) return false;
  for (const f of figures.byCurrency.values()) if (f.net !== 0 || f.nonGroup !== 0) return true;
  return false;
}

function viewOf(
  userId: number,
  row: Pick<FriendshipRow, 'id' | 'status' | 'addresseeId' | 'createdAt'>,
  other: Person,
  figures: CounterpartyFigures | undefined,
  avatarUrl: string | null,
): FriendshipView {
  return {
    id: row.id,
    status: row.status,
    direction:
      row.status === 'ACCEPTED' ? null : row.addresseeId === userId ? 'INCOMING' : 'OUTGOING',
    otherUser: { id: other.id, name: other.name, email: other.email, avatarUrl },
    balance: summaryOf(figures),
    createdAt: row.createdAt,
  };
}

function compareNames(a: FriendshipView, b: FriendshipView): number {
  const an = a.otherUser.name.toLowerCase();
  const bn = b.otherUser.name.toLowerCase();
  if (an !== bn) return an < bn ? -1 : 1;
  return a.id - b.id;
}

export class FriendshipService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  private async views(userId: number, list: FriendshipWithOther[]): Promise<FriendshipView[]> {
    if (list.length === 0) return [];
    const figures = await counterpartyFigures(this.deps.db, userId);
    const avatars = await avatarUrlsOf(
      this.deps.db,
      this.services.avatarLinks,
      list.map((f) => f.other.id),
    );
    return list.map((f) =>
      viewOf(userId, f.row, f.other, figures.get(f.other.id), avatars.get(f.other.id) ?? null),
    );
  }

  private async viewInTx(tx: Db, userId: number, row: FriendshipRow): Promise<FriendshipView> {
    const otherId = row.requesterId === userId ? row.addresseeId : row.requesterId;
    const other = (await peopleByIds(tx, [otherId])).get(otherId);
    if (other === undefined) throw new NotFoundError(FRIENDSHIP_TEXT.friendshipNotFound);
    const figures = await counterpartyFigures(tx, userId);
    const avatars = await avatarUrlsOf(tx, this.services.avatarLinks, [otherId]);
    return viewOf(userId, row, other, figures.get(otherId), avatars.get(otherId) ?? null);
  }

  private async notify(tx: Db, row: FriendshipRow, action: ChangeAction, at: Date): Promise<void> {
    noteChange(tx, {
      entity: 'friendship',
      action,
      id: row.id,
      groupId: null,
      recipients: [row.requesterId, row.addresseeId],
      at,
    });
  }

  /** GET /friendships/friends: one named statement (friendsWithFigures). */
  async friends(userId: number): Promise<FriendshipView[]> {
    const { friends, figures } = await friendsWithFigures(this.deps.db, userId);
    const links = this.services.avatarLinks;
    return friends
      .map((f) =>
        viewOf(userId, f.row, f.other, figures.get(f.other.id), avatarUrlOf(links, f.avatar)),
      )
      .sort(compareNames);
  }

  async pending(userId: number, direction: 'INCOMING' | 'OUTGOING'): Promise<FriendshipView[]> {
    return this.views(userId, await pendingOf(this.deps.db, userId, direction));
  }

  async request(userId: number, input: FriendRequestInput): Promise<FriendRequestResult> {
    const me = await findAccountById(this.deps.db, userId);
    if (me === undefined) throw new NotFoundError();
    if (me.email === input.recipientEmail) throw new ValidationError(FRIENDSHIP_TEXT.self);
    const requester: Person = { id: me.id, name: me.name, email: me.email };
    const at = new Date();
    const { result, mailQueued } = await this.deps.transaction(
      async (tx): Promise<{ result: FriendRequestResult; mailQueued: boolean }> => {
        const other = await findUserByEmail(tx, input.recipientEmail);
        if (other === undefined) {
          const queued = await this.services.invitations.invite(
            tx,
            userId,
            input.recipientEmail,
            null,
            at,
          );
          return { result: { kind: 'invited' }, mailQueued: queued };
        }
        return { result: await this.requestExisting(tx, requester, other, at), mailQueued: false };
      },
    );
    if (mailQueued) await this.deps.jobs.wake();
    return result;
  }

  private async requestExisting(
    tx: Db,
    requester: Person,
    other: Person,
    at: Date,
  ): Promise<FriendRequestResult> {
    const userId = requester.id;
    for (let attempt = 0; ; attempt++) {
      const existing = await findPairForUpdate(tx, userId, other.id);
      if (existing?.status === 'ACCEPTED') {
        throw new ConflictError('ALREADY_FRIENDS', FRIENDSHIP_TEXT.alreadyFriends(other.name));
      }
      if (existing !== undefined && existing.requesterId === userId) {
        throw new ConflictError('REQUEST_EXISTS', FRIENDSHIP_TEXT.requestExists(other.name));
      }
      if (existing !== undefined) {
        // They already asked the caller: asking back accepts.
        const accepted = await this.acceptInTx(tx, existing, at);
        return { kind: 'created', friendship: await this.viewInTx(tx, userId, accepted) };
      }
      const created = await insertRequest(tx, userId, other.id);
      if (created !== undefined) {
        await this.notify(tx, created, 'created', at);
        await recordFriendRequest(tx, requester, other.id, at);
        return { kind: 'created', friendship: await this.viewInTx(tx, userId, created) };
      }
      // A concurrent request for the same pair committed first; decide again on its row.
      if (attempt > 0) throw new Error('friend request insert conflict persisted');
    }
  }

  private async acceptInTx(tx: Db, row: FriendshipRow, at: Date): Promise<FriendshipRow> {
    const accepted = await markAccepted(tx, row.id, at);
    const people = await peopleByIds(tx, [row.requesterId, row.addresseeId]);
    const requester = people.get(row.requesterId);
    const addressee = people.get(row.addresseeId);
    if (requester !== undefined && addressee !== undefined) {
      await this.services.invitations.completeGroupInvitations(tx, requester, addressee, at);
    }
    await this.notify(tx, accepted, 'updated', at);
    return accepted;
  }

  /**
   * Makes `userId` and `otherId` friends at once (a friend link: sharing it is the owner's
   * consent). A pending request either way is accepted; an accepted friendship is left as it is
   * (`created: false`). Completes pending group invitations between them as accepting does.
   */
  async befriendInTx(
    tx: Db,
    userId: number,
    otherId: number,
    at: Date,
  ): Promise<{ friendship: FriendshipView; created: boolean }> {
    for (let attempt = 0; ; attempt++) {
      const existing = await findPairForUpdate(tx, userId, otherId);
      if (existing?.status === 'ACCEPTED') {
        return { friendship: await this.viewInTx(tx, userId, existing), created: false };
      }
      const pending = existing ?? (await insertRequest(tx, userId, otherId));
      if (pending !== undefined) {
        const accepted = await this.acceptInTx(tx, pending, at);
        return { friendship: await this.viewInTx(tx, userId, accepted), created: true };
      }
      // A concurrent request for the same pair committed first; decide again on its row.
      if (attempt > 0) throw new Error('friendship insert conflict persisted');
    }
  }

  /** The pending request `id` for its recipient, locked; 404 / 403 / 409 otherwise. */
  private async pendingForRecipient(
    tx: Db,
    userId: number,
    id: number,
    forbidden: string,
  ): Promise<FriendshipRow> {
    const row = await findFriendshipForUpdate(tx, id);
    if (row === undefined || (row.requesterId !== userId && row.addresseeId !== userId)) {
      throw new NotFoundError(FRIENDSHIP_TEXT.requestNotFound);
    }
    if (row.addresseeId !== userId) throw new ForbiddenError(forbidden);
    if (row.status !== 'PENDING') {
      throw new ConflictError('REQUEST_NOT_PENDING', FRIENDSHIP_TEXT.notPending);
    }
    return row;
  }

  async accept(userId: number, id: number): Promise<FriendshipView> {
    const at = new Date();
    return this.deps.transaction(async (tx) => {
      const row = await this.pendingForRecipient(
        tx,
        userId,
        id,
        FRIENDSHIP_TEXT.onlyRecipientAccepts,
      );
      const accepted = await this.acceptInTx(tx, row, at);
      return this.viewInTx(tx, userId, accepted);
    });
  }

  async reject(userId: number, id: number): Promise<void> {
    const at = new Date();
    await this.deps.transaction(async (tx) => {
      const row = await this.pendingForRecipient(
        tx,
        userId,
        id,
        FRIENDSHIP_TEXT.onlyRecipientRejects,
      );
      await deleteFriendship(tx, row.id);
      await this.notify(tx, row, 'deleted', at);
    });
  }

  async remove(userId: number, id: number): Promise<void> {
    const at = new Date();
    await this.deps.transaction(async (tx) => {
      const row = await findFriendshipForUpdate(tx, id);
      if (row === undefined || (row.requesterId !== userId && row.addresseeId !== userId)) {
        throw new NotFoundError(FRIENDSHIP_TEXT.friendshipNotFound);
      }
      if (row.status === 'ACCEPTED') {
        const otherId = row.requesterId === userId ? row.addresseeId : row.requesterId;
        const figures = await counterpartyFigures(tx, userId);
        if (hasOutstanding(figures.get(otherId))) {
          const other = (await peopleByIds(tx, [otherId])).get(otherId);
          throw new ConflictError(
            'OUTSTANDING_BALANCE',
            FRIENDSHIP_TEXT.outstanding(other?.name ?? ''),
          );
        }
      }
      await deleteFriendship(tx, row.id);
      await this.notify(tx, row, 'deleted', at);
    });
  }
}
