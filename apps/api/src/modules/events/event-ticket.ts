// Event-stream tickets (§4.10): 60-second HS256 JWTs for EventSource, which cannot send headers.
// Signed with a key derived from the signing secret and a distinct audience, so a ticket is
// never accepted as an access token (nor the reverse); the user's token version is checked, so a
// password reset or change invalidates outstanding tickets too.
import { createHmac } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const TICKET_TTL_SECONDS = 60;
const AUDIENCE = 'evenly-events';

export interface TicketClaims {
  userId: number;
  tokenVersion: number;
}

export class TicketSigner {
  private readonly key: Uint8Array;

  constructor(signingSecret: string) {
    this.key = createHmac('sha256', signingSecret).update('evenly event tickets').digest();
  }

  async issue(
    claims: TicketClaims,
    now: Date = new Date(),
  ): Promise<{ ticket: string; expiresAt: Date }> {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + TICKET_TTL_SECONDS;
    const ticket = await new SignJWT({ ver: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { ticket, expiresAt: new Date(exp * 1000) };
  }

  /** The claims, or null for a malformed, tampered, expired or foreign ticket. */
  async verify(ticket: string): Promise<TicketClaims | null> {
    if (ticket === '' || ticket.length > 4096) return null;
    try {
      const { payload } = await jwtVerify(ticket, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
      });
      const userId = Number(payload.sub);
      const version = payload['ver'];
      if (!Number.isSafeInteger(userId) || userId <= 0) return null;
      if (typeof version !== 'number' || !Number.isSafeInteger(version)) return null;
      return { userId, tokenVersion: version };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
