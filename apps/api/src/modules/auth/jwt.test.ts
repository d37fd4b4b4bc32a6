// The access-token verifier against tokens made by jose (the signing library): what it accepts
// and everything it must refuse.
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { JwtService } from './jwt.js';

const SECRET = 'jwt-test-secret-jwt-test-secret-0123456789';
const key = new TextEncoder().encode(SECRET);
const NOW = Date.parse('2026-05-01T12:00:00Z');
const nowS = NOW / 1000;
const service = new JwtService(SECRET, 3600, () => NOW);

function b64(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString(
    'base64url',
  );
}

/** A token with any header and payload, signed HS256 with `secret`. */
function forge(header: unknown, payload: unknown, secret = SECRET): string {
  const signing = `${b64(header)}.${b64(payload)}`;
  return `${signing}.${createHmac('sha256', secret).update(signing).digest('base64url')}`;
}

const good = { sub: '42', ver: 3, iat: nowS - 10, exp: nowS + 60 };

describe('JwtService.verify', () => {
  it('accepts what it issues and what jose signs', async () => {
    const issued = await service.issue({ userId: 7, tokenVersion: 2 }, new Date(NOW));
    expect(service.verify(issued.token)).toEqual({
      userId: 7,
      tokenVersion: 2,
      expiresAtMs: NOW + 3_600_000,
    });
    const byJose = await new SignJWT({ ver: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('42')
      .setIssuedAt(nowS - 10)
      .setExpirationTime(nowS + 60)
      .sign(key);
    expect(service.verify(byJose)).toMatchObject({ userId: 42, tokenVersion: 3 });
    expect(service.verify(forge({ alg: 'HS256', typ: 'JWT' }, good))).not.toBeNull();
  });

  it('refuses tampered, foreign, expired and ill-formed tokens', () => {
    const valid = forge({ alg: 'HS256' }, good);
    const [h, p, s] = valid.split('.') as [string, string, string];
    const refused = [
      '',
      'abc',
      `${h}.${p}`,
      `${valid}.x`,
      `${h}.${b64({ ...good, sub: '43' })}.${s}`, // payload changed
      `${h}.${p}.${s.slice(0, -2)}`, // signature cut
      `${h}.${p}.${s}=`, // not base64url
      forge({ alg: 'HS256' }, good, 'another-secret-another-secret-0123456789'),
      forge({ alg: 'none' }, good),
      forge({ alg: 'HS512' }, good),
      forge({ alg: 'HS256', crit: ['b64'] }, good),
      forge({ alg: 'HS256' }, { ...good, exp: nowS }), // expired this second
      forge({ alg: 'HS256' }, { ...good, exp: undefined }),
      forge({ alg: 'HS256' }, { ...good, exp: '9999999999' }),
      forge({ alg: 'HS256' }, { ...good, nbf: nowS + 5 }),
      forge({ alg: 'HS256' }, { ...good, iat: 'yesterday' }),
      forge({ alg: 'HS256' }, { ...good, sub: '2147483648' }), // beyond users.id
      forge({ alg: 'HS256' }, { ...good, sub: '0' }),
      forge({ alg: 'HS256' }, { ...good, sub: 42 }),
      forge({ alg: 'HS256' }, { ...good, ver: '3' }),
      forge({ alg: 'HS256' }, { ...good, ver: 1.5 }),
      forge({ alg: 'HS256' }, ['not', 'an', 'object']),
      forge('not json', good),
      'x'.repeat(5000),
    ];
    for (const token of refused) expect(service.verify(token), token).toBeNull();
  });
});
