// Where the API's OpenID Connect callback sends the browser: `?code=` is a one-time code that is
// exchanged here for the session (the same one a password sign-in gets), then taken out of the
// address. The token itself never appears in a URL.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { authApi } from '../api/auth';
import { useAuth } from '../auth/authContext';
import { Alert } from '../components/Alert';
import { AuthCard, BackToSignIn } from '../components/PublicLayout';
import { Spinner } from '../components/Spinner';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { invitePath } from '@evenly/core';
import { apiErrorText } from '../i18n/publicMessages';

const FAILED = msg`This sign-in has expired or was already used. Please start again.`;

export default function OidcSignInPage() {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`Signing in`);
  const [params] = useSearchParams();
  const code = params.get('code');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  // `undefined`: no problem; null: a link without its code; else what the server answered.
  const [error, setError] = useState<unknown>(code ? undefined : null);
  // The code works once: a second run of the effect (React's development checks) must not
  // spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    // Out of the address (and the history) before anything else.
    window.history.replaceState(null, '', '/signin/oidc');
    authApi
      .oidcSession(code)
      .then((session) => {
        signIn(session);
        void navigate(invitePath(session.next) ?? '/app/', { replace: true });
      })
      .catch((e: unknown) => setError(e));
  }, [code, signIn, navigate]);

  if (error !== undefined) {
    return (
      <AuthCard title={t`Sign-in did not finish`}>
        <Alert>{error === null ? i18n._(FAILED) : apiErrorText(i18n, error, FAILED)}</Alert>
        <BackToSignIn />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t`Signing you in`}>
      <div className="flex justify-center py-6">
        <Spinner label={t`Signing you in…`} />
      </div>
    </AuthCard>
  );
}
