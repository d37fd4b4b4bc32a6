// Where the API's OpenID Connect callback sends the browser: `?code=` is a one-time code that is
// exchanged here for the session (the same one a password sign-in gets), then taken out of the
// address. The token itself never appears in a URL.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../api/auth';
import { errorMessage } from '../api/client';
import { useAuth } from '../auth/authContext';
import { Alert } from '../components/Alert';
import { AuthCard, BackToSignIn } from '../components/PublicLayout';
import { Spinner } from '../components/Spinner';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { invitePath } from '@evenly/core';

const FAILED = 'This sign-in has expired or was already used. Please start again.';

export default function OidcSignInPage() {
  useDocumentTitle('Signing in');
  const [params] = useSearchParams();
  const code = params.get('code');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(code ? null : FAILED);
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
      .catch((e: unknown) => setError(errorMessage(e, FAILED)));
  }, [code, signIn, navigate]);

  if (error !== null) {
    return (
      <AuthCard title="Sign-in did not finish">
        <Alert>{error}</Alert>
        <BackToSignIn />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Signing you in">
      <div className="flex justify-center py-6">
        <Spinner label="Signing you in…" />
      </div>
    </AuthCard>
  );
}
