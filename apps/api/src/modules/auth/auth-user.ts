// Who a valid bearer token belongs to. Defined by the auth module, which resolves tokens; the
// authentication plugin (plugins/authentication.ts) only puts it on the request.
export interface AuthUser {
  id: number;
  name: string;
  email: string;
}

/** What a personal API token may do: READ is GET and HEAD only. */
export type TokenScope = 'READ' | 'READ_WRITE';

/**
 * How a request signed in: with a session (a JWT from login, full rights) or with a personal
 * API token (its scope, and never the account's own management: plugins/authentication.ts).
 */
export type Authentication =
  | { kind: 'session'; user: AuthUser }
  | { kind: 'token'; user: AuthUser; tokenId: number; scope: TokenScope };

/** Resolves personal API tokens (the api-tokens module's verifier), handed to the authenticator. */
export interface ApiTokenResolver {
  /** Whether the token is meant as an API token (its prefix), not a session JWT. */
  claims(token: string): boolean;
  verify(token: string): Promise<{ tokenId: number; scope: TokenScope; user: AuthUser } | null>;
}
