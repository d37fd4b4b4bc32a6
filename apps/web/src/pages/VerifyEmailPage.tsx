import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../api/auth';
import { errorMessage } from '../api/client';
import { Alert } from '../components/Alert';
import { EmailRequestForm } from '../components/forms/EmailRequestForm';
import { AuthCard, BackToSignIn } from '../components/PublicLayout';
import { Spinner } from '../components/Spinner';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useReturnPath } from '../hooks/useReturnPath';
import { invitePath } from '@evenly/core';

const SERVER_FAILURE = 'Email verification failed. The link may be invalid or expired.';
const MISSING_TOKEN = 'Verification token missing. Please check the link in your email.';

type VerifyState =
  | { status: 'verifying' }
  | { status: 'success'; message: string }
  | { status: 'error'; message: string };

function failureText(error: unknown): string {
  const message = errorMessage(error, '');
  if (message === SERVER_FAILURE || message === MISSING_TOKEN) return message;
  return message ? `Verification failed: ${message}` : 'Invalid or expired token.';
}

function ResendForm({ next }: { next: string | null }) {
  return (
    <EmailRequestForm
      send={(email) => authApi.resendVerification(email, invitePath(next))}
      successText="If your account exists and is not verified, a new verification email has been sent."
      submitLabel="Resend verification e-mail"
      heading={<h2 className="font-semibold">Resend verification e-mail</h2>}
      className="mt-6 flex flex-col gap-4"
    />
  );
}

export default function VerifyEmailPage() {
  useDocumentTitle('Verify e-mail');
  const [params] = useSearchParams();
  const token = params.get('token');
  // The mail's link carries the invite the person signed up from (`&next=`): signing in goes
  // there. useReturnPath takes same-origin paths only, so a doctored link cannot lead away.
  const returnPath = useReturnPath();
  const loginPath = returnPath ? `/login?next=${encodeURIComponent(returnPath)}` : '/login';
  const [state, setState] = useState<VerifyState>(
    token ? { status: 'verifying' } : { status: 'error', message: MISSING_TOKEN },
  );

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    authApi
      .verify(token)
      .then((message) => {
        if (!cancelled) setState({ status: 'success', message });
      })
      .catch((e: unknown) => {
        if (!cancelled) setState({ status: 'error', message: failureText(e) });
      });
    return () => {
      cancelled = true;
    };
  }, [token]);

  return (
    <AuthCard title="E-mail verification">
      {state.status === 'verifying' ? (
        <div className="flex items-center gap-3">
          <Spinner label="Verifying" />
          <p>Verifying your e-mail address...</p>
        </div>
      ) : state.status === 'success' ? (
        <div className="flex flex-col gap-4">
          <Alert kind="success">{state.message}</Alert>
          <Link to={loginPath} className="btn-primary w-full">
            Continue to sign in
          </Link>
        </div>
      ) : (
        <>
          <Alert>{state.message}</Alert>
          <ResendForm next={returnPath} />
          <BackToSignIn to={loginPath} />
        </>
      )}
    </AuthCard>
  );
}
