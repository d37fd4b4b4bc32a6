// What a personal API token looks like: `evy_` and 32 random bytes in base64url (47 characters).
// The prefix lets the authenticator tell one from a session JWT without any signature work, and
// lets secret scanners recognise a leaked one. Only its SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';

export const API_TOKEN_PREFIX = 'evy_';
const API_TOKEN_PATTERN = /^evy_[A-Za-z0-9_-]{43}$/;
/** Characters of the secret kept in clear (`evy_` and 4 more), so a person can tell tokens apart. */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 4;

/** Whether `token` is meant as an API token (a session JWT never starts with `evy_`). */
export function isApiTokenFormat(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

/** Whether `token` is a well-formed API token (anything else is refused before any lookup). */
export function isWellFormedApiToken(token: string): boolean {
  return API_TOKEN_PATTERN.test(token);
}

export function newApiToken(): { token: string; hash: string; hint: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashApiToken(token), hint: token.slice(0, HINT_LENGTH) };
}

/** The stored form: hex SHA-256. The secret is random, so no salt or slow hash is needed. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
