// OpenID Connect sign-in settings (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME,
// OIDC_ONLY), validated at start like the rest of the configuration.
import { ConfigError } from './config-error.js';

export interface OidcConfig {
  /** The provider's issuer URL; its discovery document is read from here. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-in button says: "Sign in with {name}". */
  name: string;
  /** `OIDC_ONLY`: password sign-in, sign-up and reset are off; only the provider signs in. */
  only: boolean;
}

type Env = Record<string, string | undefined>;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function opt(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
}

/**
 * The issuer must be https: the client secret and the codes travel to it. Plain http is
 * accepted on loopback only (a provider on the same machine, and the tests).
 */
function issuerUrl(value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError('OIDC_ISSUER', `must be a URL (got "${value}")`);
  }
  const loopbackHttp = parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname);
  if (parsed.protocol !== 'https:' && !loopbackHttp) {
    throw new ConfigError(
      'OIDC_ISSUER',
      `must use https: (http: only on localhost) (got "${parsed.protocol}")`,
    );
  }
  return value;
}

/** The OIDC settings, or null when OIDC_ISSUER is unset (no provider sign-in). */
export function oidcConfig(env: Env): OidcConfig | null {
  const issuer = opt(env, 'OIDC_ISSUER');
  const clientId = opt(env, 'OIDC_CLIENT_ID');
  const clientSecret = opt(env, 'OIDC_CLIENT_SECRET');
  const onlyRaw = opt(env, 'OIDC_ONLY');
  let only = false;
  if (onlyRaw !== null) {
    if (/^(true|1|yes)$/i.test(onlyRaw)) only = true;
    else if (!/^(false|0|no)$/i.test(onlyRaw)) {
      throw new ConfigError('OIDC_ONLY', `must be true or false (got "${onlyRaw}")`);
    }
  }
  if (issuer === null) {
    const stray =
      clientId !== null ? 'OIDC_CLIENT_ID' : clientSecret !== null ? 'OIDC_CLIENT_SECRET' : null;
    if (stray !== null) throw new ConfigError('OIDC_ISSUER', `is required when ${stray} is set`);
    if (only)
      throw new ConfigError('OIDC_ONLY', 'needs OIDC_ISSUER (there would be no way to sign in)');
    return null;
  }
  if (clientId === null)
    throw new ConfigError('OIDC_CLIENT_ID', 'is required when OIDC_ISSUER is set');
  if (clientSecret === null) {
    throw new ConfigError('OIDC_CLIENT_SECRET', 'is required when OIDC_ISSUER is set');
  }
  const name = opt(env, 'OIDC_NAME') ?? 'single sign-on';
  if (name.length > 40) {
    throw new ConfigError('OIDC_NAME', `must be at most 40 characters (got ${name.length})`);
  }
  return { issuer: issuerUrl(issuer).replace(/\/+$/, ''), clientId, clientSecret, name, only };
}
