// One-click unsubscribe tokens (RFC 8058): `<payload>.<mac>`, both base64url. The payload is
// user id, kind and expiry; the MAC is HMAC-SHA256 under a key derived from the server's signing
// secret with its own label, so a token is good for nothing else and cannot be made without the
// secret. Nothing is stored: the link in any notification mail works until it expires.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS } from '@evenly/core';
import type { NotificationKind } from '@evenly/core';

/** How long the link in a mail keeps working: a year, as mails are read (and kept) long after. */
export const UNSUBSCRIBE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

/** A kind, or DIGEST: every kind the user has on the daily digest (the digest mail's link). */
export type UnsubscribeScope = NotificationKind | 'DIGEST';
const SCOPES: readonly string[] = [...NOTIFICATION_KINDS, 'DIGEST'];

export interface UnsubscribeClaims {
  userId: number;
  kind: UnsubscribeScope;
}

export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(
    signingSecret: string,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.key = createHmac('sha256', signingSecret).update('evenly unsubscribe links').digest();
  }

  sign(claims: UnsubscribeClaims): string {
    const expires = Math.floor((this.now() + UNSUBSCRIBE_TTL_MS) / 1000);
    const payload = Buffer.from(`${claims.userId}.${claims.kind}.${expires}`).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The claims of a genuine, unexpired token; null otherwise. */
  verify(token: string): UnsubscribeClaims | null {
    const [payload, mac, extra] = token.split('.');
    if (payload === undefined || mac === undefined || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const [user, kind, expires] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
    const userId = Number(user);
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    if (kind === undefined || !SCOPES.includes(kind)) return null;
    if (!(Number(expires) * 1000 > this.now())) return null;
    return { userId, kind: kind as UnsubscribeScope };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
