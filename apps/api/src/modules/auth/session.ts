// A session: the bearer token a sign-in hands out, the same whether a password or an OpenID
// Connect provider proved who the person is.
import type { JwtService } from './jwt.js';
import type { AccountRow } from './users.repository.js';

export interface LoginResult {
  token: string;
  type: 'Bearer';
  id: number;
  name: string;
  email: string;
  expiresAt: Date;
}

/** A token for the account under its current token version (a password change voids it). */
export async function issueSession(jwt: JwtService, user: AccountRow): Promise<LoginResult> {
  const issued = await jwt.issue({ userId: user.id, tokenVersion: user.tokenVersion });
  return {
    token: issued.token,
    type: 'Bearer',
    id: user.id,
    name: user.name,
    email: user.email,
    expiresAt: issued.expiresAt,
  };
}
