// FriendLinkService: the personal "add me as a friend" link (API plan §B). The token is random,
// kept on the user row (users.friend_link_token) and replaced on request; whoever opens a valid
// link becomes a friend of its owner at once (sharing the link is the owner's consent).
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { NotFoundError, ValidationError } from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { asAccount } from '../auth/index.js';
import type { AccountRow } from '../auth/index.js';
import type { FriendshipView } from '../friendships/index.js';
import { avatarUrlOf } from '../people/index.js';
import { FriendLinkInvalidError, PROFILE_TEXT } from '../profile/index.js';
import {
  findFriendLinkToken,
  findPairStatus,
  findUserByFriendLinkToken,
  setFriendLinkToken,
  setFriendLinkTokenIfNone,
} from './friend-links.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'avatarLinks' | 'friendships'>;

export interface FriendLink {
  token: string;
  url: string;
}

export interface FriendLinkPreview {
  user: { id: number; name: string; email: string | null; avatarUrl: string | null };
  self: boolean;
  alreadyFriends: boolean;
}

/** URL-safe base64 of 18 random bytes (24 characters). */
export function newFriendLinkToken(): string {
  return randomBytes(18).toString('base64url');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

async function ownerOf(db: Db, token: string): Promise<AccountRow | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  return asAccount(await findUserByFriendLinkToken(db, token));
}

export class FriendLinkService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  private linkOf(token: string): FriendLink {
    return { token, url: `${this.deps.config.appUrl}/add-friend/${token}` };
  }

  /** GET /friend-link: the caller's link, made on the first call. */
  async current(userId: number): Promise<FriendLink> {
    const db = this.deps.db;
    const existing = await findFriendLinkToken(db, userId);
    if (existing != null) return this.linkOf(existing);
    // Two first calls at once: only one token is set; both answer with it.
    await setFriendLinkTokenIfNone(db, userId, newFriendLinkToken());
    const token = await findFriendLinkToken(db, userId);
    if (token == null) throw new NotFoundError();
    return this.linkOf(token);
  }

  /** POST /friend-link: a new link; the old one stops working. */
  async replace(userId: number): Promise<FriendLink> {
    const token = newFriendLinkToken();
    await setFriendLinkToken(this.deps.db, userId, token);
    return this.linkOf(token);
  }

  /** GET /friend-link/{token}: whose link it is. */
  async preview(userId: number, token: string): Promise<FriendLinkPreview> {
    const db = this.deps.db;
    const owner = await ownerOf(db, token);
    if (owner === undefined) throw new FriendLinkInvalidError();
    const self = owner.id === userId;
    const pair = self ? undefined : await findPairStatus(db, userId, owner.id);
    return {
      user: {
        id: owner.id,
        name: owner.name,
        email: owner.email,
        avatarUrl: avatarUrlOf(this.services.avatarLinks, owner),
      },
      self,
      alreadyFriends: pair === 'ACCEPTED',
    };
  }

  /** POST /friend-link/{token}/accept: friends at once (`created` false when they already were). */
  async accept(
    userId: number,
    token: string,
  ): Promise<{ friendship: FriendshipView; created: boolean }> {
    const at = new Date();
    return this.deps.transaction(async (tx) => {
      const owner = await ownerOf(tx, token);
      if (owner === undefined) throw new FriendLinkInvalidError();
      if (owner.id === userId) throw new ValidationError(PROFILE_TEXT.ownFriendLink);
      return this.services.friendships.befriendInTx(tx, userId, owner.id, at);
    });
  }
}
