// Accounts whose owner proves who they are elsewhere (an OpenID Connect provider): they get no
// password anyone knows. The users table wants a password hash on every account
// (users_account_can_sign_in), so theirs is the hash of random bytes that are thrown away;
// "Forgot password" still lets the owner choose one later, unless OIDC_ONLY.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { hashPassword } from './passwords.js';
import { insertUser } from './users.repository.js';
import type { AccountRow } from './users.repository.js';

/** Inserts the account; undefined when the address is taken (the unique index decides). */
export async function insertAccountWithoutPassword(
  tx: Db,
  values: { name: string; email: string; emailVerifiedAt: Date | null },
): Promise<AccountRow | undefined> {
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return insertUser(tx, { ...values, passwordHash });
}
