// Random e-mail link tokens. Only their SHA-256 is stored, so a database leak reveals no link.
import { createHash, randomBytes } from 'node:crypto';

export function newEmailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashEmailToken(token) };
}

export function hashEmailToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
