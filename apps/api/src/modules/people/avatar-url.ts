// Profile picture links. A picture is served by GET /api/users/{id}/avatar?v={version}&sig={sig}
// (people module): the signature, an HMAC of (user id, picture version) under a key derived from
// the signing secret, is the authorization, as signed receipt links are. It is handed out only
// in responses that already name the person (to people who may see them), and it never expires:
// a new picture bumps the version, so the link changes and old links stop working, which lets
// browsers cache a picture for good.
import { createHmac, timingSafeEqual } from 'node:crypto';

export class AvatarLinks {
  private readonly key: Buffer;

  /** `basePath`: the app's path prefix (BASE_PATH), '' at the root. */
  constructor(
    signingSecret: string,
    private readonly basePath = '',
  ) {
    this.key = createHmac('sha256', signingSecret).update('evenly avatar links').digest();
  }

  private signature(userId: number, version: number): string {
    return createHmac('sha256', this.key)
      .update(`${userId}.${version}`)
      .digest('base64url')
      .slice(0, 22);
  }

  /** Same-origin path of the picture, or null when the person has none (initials are shown). */
  url(person: { id: number; avatarVersion: number; hasAvatar: boolean }): string | null {
    if (!person.hasAvatar) return null;
    const sig = this.signature(person.id, person.avatarVersion);
    return `${this.basePath}/api/users/${person.id}/avatar?v=${person.avatarVersion}&sig=${sig}`;
  }

  /** True when `sig` was issued for this user and picture version. */
  verify(userId: number, version: number, sig: string): boolean {
    const expected = Buffer.from(this.signature(userId, version));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
