// "Sign in with {provider}": a plain link, not a fetch. The API answers it with a redirect to
// the OpenID Connect provider, which sends the browser back to the API's callback.
import { Trans } from '@lingui/react/macro';
import { API_BASE } from '../api/client';

export function OidcSignInButton({
  name,
  next,
  primary = false,
}: {
  /** OIDC_NAME, from GET /api/config. */
  name: string;
  /** An invite path to come back to after signing in. */
  next?: string | null;
  /** The only way in (OIDC_ONLY): styled as the main action. */
  primary?: boolean;
}) {
  const query = next ? `?next=${encodeURIComponent(next)}` : '';
  return (
    <a
      href={`${API_BASE}/auth/oidc/start${query}`}
      className={`${primary ? 'btn-primary' : 'btn-secondary'} w-full`}
    >
      <Trans>Sign in with {name}</Trans>
    </a>
  );
}

/** The button, and below it the line before the password form when there is one (`divider`). */
export default function OidcSignIn({
  divider,
  ...button
}: Parameters<typeof OidcSignInButton>[0] & { divider: boolean }) {
  return (
    <>
      <OidcSignInButton {...button} />
      {divider ? <OrDivider /> : null}
    </>
  );
}

/** The line between the provider's button and the password form. */
export function OrDivider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs text-muted" aria-hidden="true">
      <span className="h-px flex-1 bg-border" />
      <Trans>or</Trans>
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
