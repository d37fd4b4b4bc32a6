import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { authApi } from '../api/auth';
import { ApiError } from '../api/client';
import { Alert } from '../components/Alert';
import { EmailRequestForm } from '../components/forms/EmailRequestForm';
import { AuthCard, BackToSignIn } from '../components/PublicLayout';
import { Spinner } from '../components/Spinner';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useReturnPath } from '../hooks/useReturnPath';
import { invitePath } from '@evenly/core';
import { apiErrorText } from '../i18n/publicMessages';

const MISSING_TOKEN = msg`Verification token missing. Please check the link in your email.`;
const SERVER_FAILURE = msg`Email verification failed. The link may be invalid or expired.`;

type VerifyState =
  | { status: 'verifying' }
  | { status: 'success' }
  /** `error`: what the server answered, or null for a link without its token. */
  | { status: 'error'; error: unknown };

/** A link the server refused (invalid, used, expired) or a failure on the way. */
function failureText(i18n: I18n, error: unknown): string {
  if (error === null) return i18n._(MISSING_TOKEN);
  if (error instanceof ApiError && error.status === 400) return i18n._(SERVER_FAILURE);
  return apiErrorText(i18n, error, SERVER_FAILURE);
}

function ResendForm({ next }: { next: string | null }) {
  const { t } = useLingui();
  return (
    <EmailRequestForm
      send={(email) => authApi.resendVerification(email, invitePath(next))}
      successText={t`If your account exists and is not verified, a new verification email has been sent.`}
      submitLabel={t`Resend verification e-mail`}
      heading={
        <h2 className="font-semibold">
          <Trans>Resend verification e-mail</Trans>
        </h2>
      }
      className="mt-6 flex flex-col gap-4"
    />
  );
}

export default function VerifyEmailPage() {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`Verify e-mail`);
  const [params] = useSearchParams();
  const token = params.get('token');
  // The mail's link carries the invite the person signed up from (`&next=`): signing in goes
  // there. useReturnPath takes same-origin paths only, so a doctored link cannot lead away.
  const returnPath = useReturnPath();
  const loginPath = returnPath ? `/login?next=${encodeURIComponent(returnPath)}` : '/login';
  const [state, setState] = useState<VerifyState>(
    token ? { status: 'verifying' } : { status: 'error', error: null },
  );

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    authApi
      .verify(token)
      .then(() => {
        if (!cancelled) setState({ status: 'success' });
      })
      .catch((e: unknown) => {
        if (!cancelled) setState({ status: 'error', error: e });
      });
    return () => {
      cancelled = true;
    };
  }, [token]);

  return (
    <AuthCard title={t`E-mail verification`}>
      {state.status === 'verifying' ? (
        <div className="flex items-center gap-3">
          <Spinner label={t`Verifying`} />
          <p>
            <Trans>Verifying your e-mail address…</Trans>
          </p>
        </div>
      ) : state.status === 'success' ? (
        <div className="flex flex-col gap-4">
          <Alert kind="success">
            <Trans>Email successfully verified. You can now log in.</Trans>
          </Alert>
          <Link to={loginPath} className="btn-primary w-full">
            <Trans>Continue to sign in</Trans>
          </Link>
        </div>
      ) : (
        <>
          <Alert>{failureText(i18n, state.error)}</Alert>
          <ResendForm next={returnPath} />
          <BackToSignIn to={loginPath} />
        </>
      )}
    </AuthCard>
  );
}
