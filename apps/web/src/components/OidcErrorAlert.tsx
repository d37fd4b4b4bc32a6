// Why an OpenID Connect sign-in stopped, on the sign-in page (`?oidc_error=CODE`): core's
// oidcErrorMessage in the page's language. Its own chunk and catalog (`account`), loaded only
// when there is such an error, so the sign-in page's first load does not carry them.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { isOidcErrorCode, type OidcErrorCode } from '@evenly/core';
import { Alert } from './Alert';

function oidcErrorText(i18n: I18n, code: OidcErrorCode, provider: string): string {
  switch (code) {
    case 'OIDC_CANCELLED':
      return i18n._(msg`Sign-in with ${provider} was cancelled. You can try again.`);
    case 'OIDC_STATE_REFUSED':
      return i18n._(
        msg`This sign-in was not started in this browser, or it took too long. Please start again.`,
      );
    case 'OIDC_PROVIDER_UNAVAILABLE':
      return i18n._(msg`${provider} could not be reached. Please try again in a moment.`);
    case 'OIDC_FAILED':
      return i18n._(msg`The answer from ${provider} could not be verified. Please start again.`);
    case 'OIDC_NO_EMAIL':
      return i18n._(msg`${provider} did not tell us your email address, so we cannot sign you in.`);
    case 'OIDC_EMAIL_UNVERIFIED':
      return i18n._(
        msg`An account with your email address already exists, but ${provider} has not confirmed that the address is yours, so the two were not linked. Sign in with your password, or confirm your address with ${provider} first.`,
      );
    case 'OIDC_REGISTRATION_CLOSED':
      return i18n._(msg`This server is not accepting new accounts.`);
    case 'OIDC_REGISTRATION_INVITE_ONLY':
      return i18n._(
        msg`Sign-ups on this server need an invitation. Ask a member for an invite link.`,
      );
    case 'OIDC_CODE_INVALID':
      return i18n._(msg`This sign-in has expired or was already used. Please start again.`);
    case 'OIDC_ACCOUNT_DISABLED':
      return i18n._(msg`This account has been disabled by an administrator of this server.`);
  }
}

/** `code`: the `oidc_error` of the address; `provider`: OIDC_NAME, or null when not known. */
export default function OidcErrorAlert({
  code,
  provider,
}: {
  code: string;
  provider: string | null;
}) {
  const { i18n, t } = useLingui();
  const text = isOidcErrorCode(code)
    ? oidcErrorText(i18n, code, provider ?? t`single sign-on`)
    : t`Sign-in with single sign-on did not finish. Please try again.`;
  return (
    <div className="mb-4">
      <Alert>{text}</Alert>
    </div>
  );
}
