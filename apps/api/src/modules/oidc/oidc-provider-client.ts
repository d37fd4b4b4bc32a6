// The conversation with the OpenID Connect provider, through openid-client (a certified relying
// party library): discovery, the authorization URL with PKCE, state and nonce, and the checks of
// the answer (state, issuer, PKCE at the token endpoint, the ID token's signature, audience,
// expiry and nonce). The discovery document is read on first use, and again after a failure.
import * as client from 'openid-client';
import type { OidcConfig } from '../../config/config.js';
import { OidcFlowError } from './oidc-errors.js';

/** Who the provider says signed in. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const DISCOVERY_TIMEOUT_SECONDS = 10;

/** A network failure (fetch's TypeError, a timeout) rather than an answer that failed a check. */
function unreachable(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
  );
}

export class OidcProviderClient {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(
    private readonly settings: OidcConfig,
    readonly redirectUri: string,
  ) {}

  private discover(): Promise<client.Configuration> {
    if (this.configuration === null) {
      const { issuer, clientId, clientSecret } = this.settings;
      const insecure = new URL(issuer).protocol === 'http:';
      this.configuration = client
        .discovery(
          new URL(issuer),
          clientId,
          { client_secret: clientSecret },
          client.ClientSecretBasic(clientSecret),
          {
            timeout: DISCOVERY_TIMEOUT_SECONDS,
            // config.ts accepts plain http on loopback only.
            ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
          },
        )
        .catch((error: unknown) => {
          this.configuration = null;
          throw new OidcFlowError('OIDC_PROVIDER_UNAVAILABLE', { cause: error });
        });
    }
    return this.configuration;
  }

  /** Where to send the browser: the provider's authorization endpoint with every check set. */
  async authorizationUrl(checks: AuthorizationChecks): Promise<string> {
    const configuration = await this.discover();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
    return url.href;
  }

  /** Checks the provider's answer (`query`: the callback's query string) and reads who it is. */
  async finish(query: string, checks: AuthorizationChecks): Promise<ProviderIdentity> {
    const configuration = await this.discover();
    try {
      const tokens = await client.authorizationCodeGrant(
        configuration,
        new URL(`${this.redirectUri}?${query}`),
        {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        },
      );
      const claims = tokens.claims();
      if (claims === undefined) throw new OidcFlowError('OIDC_FAILED');
      // Many providers put the e-mail in the UserInfo answer only, not in the ID token.
      const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      const email = info.email ?? (typeof claims['email'] === 'string' ? claims['email'] : null);
      const verified = info.email !== undefined ? info.email_verified : claims['email_verified'];
      const name = info.name ?? (typeof claims['name'] === 'string' ? claims['name'] : null);
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: email === null ? null : email.trim().toLowerCase(),
        emailVerified: verified === true,
        name,
      };
    } catch (error) {
      if (error instanceof OidcFlowError) throw error;
      throw new OidcFlowError(unreachable(error) ? 'OIDC_PROVIDER_UNAVAILABLE' : 'OIDC_FAILED', {
        cause: error,
      });
    }
  }
}
