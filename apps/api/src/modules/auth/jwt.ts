// Access tokens: HS256 JWTs whose subject is the user id and whose `ver` claim is the user's
// token version (bumped by password reset/change, which invalidates every earlier token).
import { createSecretKey, randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const MAX_USER_ID = 2_147_483_647;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

export interface VerifiedClaims extends TokenClaims {
  /** When the token expires (ms since the epoch). */
  expiresAtMs: number;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

export class JwtService {
  /** A KeyObject made once: jose would otherwise import the raw secret on every call. */
  private readonly key: KeyObject;

  constructor(
    secret: string,
    /** Lifetime in seconds. */
    private readonly ttlSeconds: number,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async issue(claims: TokenClaims, now: Date = new Date()): Promise<IssuedToken> {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + this.ttlSeconds;
    const token = await new SignJWT({ ver: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** Returns the claims, or null for a malformed, tampered or expired token. */
  async verify(token: string): Promise<VerifiedClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const version = payload['ver'];
      // users.id is a PostgreSQL integer: a larger subject names no user (and must not reach SQL).
      if (!Number.isSafeInteger(userId) || userId <= 0 || userId > MAX_USER_ID) return null;
      if (typeof version !== 'number' || !Number.isSafeInteger(version)) return null;
      // jwtVerify has checked `exp` when present; every token this server issues has one.
      if (typeof payload.exp !== 'number') return null;
      return { userId, tokenVersion: version, expiresAtMs: payload.exp * 1000 };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}

/**
 * JWT_SECRET when set; otherwise a secret generated once and kept in DATA_DIR/jwt-secret
 * (mode 0600) so tokens survive restarts.
 */
export async function resolveJwtSecret(
  configured: string | null,
  dataDir: string,
): Promise<string> {
  if (configured !== null) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    await writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return (await readFile(file, 'utf8')).trim();
    throw error;
  }
  await chmod(file, 0o600);
  return secret;
}
