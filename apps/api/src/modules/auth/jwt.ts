// Access tokens: HS256 JWTs whose subject is the user id and whose `ver` claim is the user's
// token version (bumped by password reset/change, which invalidates every earlier token).
import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT } from 'jose';

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

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export class JwtService {
  /** A KeyObject made once: jose would otherwise import the raw secret on every call. */
  private readonly key: KeyObject;
  private readonly secret: Buffer;

  constructor(
    secret: string,
    /** Lifetime in seconds. */
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.secret = Buffer.from(secret, 'utf8');
    this.key = createSecretKey(this.secret);
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

  /**
   * Returns the claims, or null for a malformed, tampered or expired token. HS256 is checked
   * here with node:crypto, synchronously: every protected request whose token is not cached
   * pays for it, and jose's verify goes through WebCrypto (a key import and several promise
   * hops per call). The checks are jose's for a compact HS256 JWS with registered claims: the
   * header says HS256 and names no critical extension, the signature matches in constant time,
   * `exp` lies ahead, `nbf` (if any) behind, `iat` (if any) is a number.
   */
  verify(token: string): VerifiedClaims | null {
    if (token.length > 4096) return null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [head, body, signature] = parts as [string, string, string];
    if (!BASE64URL.test(head) || !BASE64URL.test(body) || !BASE64URL.test(signature)) return null;
    const expected = createHmac('sha256', this.secret).update(`${head}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const header = decodeJson(head);
    if (header === null || header['alg'] !== 'HS256' || header['crit'] !== undefined) return null;
    const payload = decodeJson(body);
    if (payload === null) return null;
    const nowSeconds = Math.floor(this.now() / 1000);
    const { exp, nbf, iat, sub } = payload;
    // Every token this server issues has `exp`.
    if (typeof exp !== 'number' || !(exp > nowSeconds)) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null;
    if (iat !== undefined && typeof iat !== 'number') return null;
    const userId = typeof sub === 'string' && /^[1-9][0-9]{0,15}$/.test(sub) ? Number(sub) : NaN;
    const version = payload['ver'];
    // users.id is a PostgreSQL integer: a larger subject names no user (and must not reach SQL).
    if (!Number.isSafeInteger(userId) || userId <= 0 || userId > MAX_USER_ID) return null;
    if (typeof version !== 'number' || !Number.isSafeInteger(version)) return null;
    return { userId, tokenVersion: version, expiresAtMs: exp * 1000 };
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
