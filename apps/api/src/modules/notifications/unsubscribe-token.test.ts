import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_TTL_MS, UnsubscribeTokens } from './unsubscribe-token.js';

const secret = 'a-signing-secret-of-at-least-32-bytes!!';

describe('UnsubscribeTokens', () => {
  it('round-trips user and kind', () => {
    const tokens = new UnsubscribeTokens(secret);
    expect(tokens.verify(tokens.sign({ userId: 12, kind: 'COMMENT' }))).toEqual({
      userId: 12,
      kind: 'COMMENT',
    });
  });

  it('rejects forged, tampered, foreign and expired tokens', () => {
    const tokens = new UnsubscribeTokens(secret);
    const token = tokens.sign({ userId: 12, kind: 'COMMENT' });
    const [, mac] = token.split('.');
    const forged = `${Buffer.from(`13.COMMENT.99999999999`).toString('base64url')}.${mac}`;
    expect(tokens.verify(forged)).toBeNull();
    expect(tokens.verify(`${token}x`)).toBeNull();
    expect(tokens.verify('garbage')).toBeNull();
    expect(new UnsubscribeTokens(`${secret}-other`).verify(token)).toBeNull();
    const later = new UnsubscribeTokens(secret, () => Date.now() + UNSUBSCRIBE_TTL_MS + 60_000);
    expect(later.verify(token)).toBeNull();
  });
});
