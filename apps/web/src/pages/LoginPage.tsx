// Sign in. The first page many visitors load, so it carries no form library: two inputs read on
// submit, checked with the API's own rules (@evenly/core loginFormErrors).
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { invitePath, loginFormErrors, type FormErrors, type LoginFormValues } from '@evenly/core';
import { authApi } from '../api/auth';
import { ApiError } from '../api/client';
import { useAuth } from '../auth/authContext';
import { Alert } from '../components/Alert';
import { FormField } from '../components/FormField';
import { PasswordField } from '../components/forms/PasswordField';
import { AuthCard } from '../components/PublicLayout';
import { useServerConfig, useSignUpOpen } from '../hooks/useConfig';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useReturnPath } from '../hooks/useReturnPath';
import { needCatalog } from '../i18n/catalogs';
import { apiErrorText } from '../i18n/publicMessages';

// Loaded only when needed, so the first load of this page stays small: the notice that a
// verification e-mail could not be sent (after sign-up), the single sign-on button (a server
// with OIDC) and why a single sign-on stopped.
const MailStatusNotice = lazy(() =>
  import('../components/MailStatusNotice').then((m) => ({ default: m.MailStatusNotice })),
);
const OidcSignIn = lazy(() => import('../components/OidcSignInButton'));
const OidcErrorAlert = lazy(() =>
  Promise.all([import('../components/OidcErrorAlert'), needCatalog('account')]).then(([m]) => m),
);

type LoginErrors = FormErrors<keyof LoginFormValues>;

/** The verification e-mail's ticket, from the sign-up page that sent the person here. */
function ticketFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('mailTicket' in state)) return null;
  return typeof state.mailTicket === 'string' ? state.mailTicket : null;
}

function readForm(form: HTMLFormElement): LoginFormValues {
  const data = new FormData(form);
  return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
}

export default function LoginPage() {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`Sign in`);
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // The verification e-mail being waited for (after sign-up or a resend): a notice if it fails.
  const [mailTicket, setMailTicket] = useState<string | null>(() => ticketFrom(location.state));
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  // Signed in with the right password before verifying: the address to send a new link to.
  const [unverified, setUnverified] = useState<string | null>(null);
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [resendError, setResendError] = useState<string | null>(null);
  const returnPath = useReturnPath();
  const signUpOpen = useSignUpOpen();
  const config = useServerConfig().data;
  const oidcName = config?.oidc?.name ?? null;
  // Under OIDC_ONLY the provider is the only way in: no password form at all.
  const passwordOn = config?.passwordSignIn !== false;
  // The API's OpenID Connect callback sends the browser here with the reason a sign-in stopped.
  const [params] = useSearchParams();
  const oidcCode = params.get('oidc_error');

  const resendLink = async () => {
    if (unverified === null) return;
    setResend('sending');
    setResendError(null);
    try {
      // The new link, too, leads back to the invite the person came from.
      const sent = await authApi.resendVerification(unverified, invitePath(returnPath));
      setResend('sent');
      setMailTicket(sent.mailTicket);
    } catch (e) {
      setResendError(apiErrorText(i18n, e, msg`Failed to resend verification email.`));
      setResend('idle');
    }
  };

  // After a first attempt, each change re-checks the fields, as the other forms do.
  const onChange = () => {
    if (submitted && formRef.current) setErrors(loginFormErrors(readForm(formRef.current)));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = readForm(form);
    const problems = loginFormErrors(values);
    setSubmitted(true);
    setErrors(problems);
    const first = (['email', 'password'] as const).find((field) => problems[field]);
    if (first !== undefined) {
      form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setError(null);
    setUnverified(null);
    setResend('idle');
    setResendError(null);
    setSubmitting(true);
    try {
      const response = await authApi.login({
        email: values.email.trim(),
        password: values.password,
      });
      signIn(response);
      await navigate(returnPath ?? '/app/');
    } catch (e) {
      setError(apiErrorText(i18n, e, msg`Sign-in failed. Please check your credentials.`));
      if (e instanceof ApiError && e.code === 'EMAIL_NOT_VERIFIED')
        setUnverified(values.email.trim());
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t`Welcome back`} subtitle={t`Sign in to see your balances.`}>
      {oidcCode !== null && error === null ? (
        <Suspense fallback={null}>
          <OidcErrorAlert code={oidcCode} provider={oidcName} />
        </Suspense>
      ) : null}
      {oidcName !== null ? (
        <Suspense fallback={null}>
          <OidcSignIn
            name={oidcName}
            next={invitePath(returnPath)}
            primary={!passwordOn}
            divider={passwordOn}
          />
        </Suspense>
      ) : null}
      {passwordOn ? (
        <form
          ref={formRef}
          onSubmit={(e) => void onSubmit(e)}
          onChange={onChange}
          noValidate
          className="flex flex-col gap-4"
        >
          {error ? (
            <Alert>
              {error}
              {unverified !== null ? (
                <span className="mt-2 block">
                  {resend === 'sent' ? (
                    <span role="status">
                      <Trans>
                        We sent a new verification link to {unverified}. Open it, then sign in.
                      </Trans>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="font-semibold underline"
                      disabled={resend === 'sending'}
                      onClick={() => void resendLink()}
                    >
                      {resend === 'sending' ? t`Sending…` : t`Resend the verification email`}
                    </button>
                  )}
                  {resendError ? <span className="mt-1 block">{resendError}</span> : null}
                </span>
              ) : null}
            </Alert>
          ) : null}
          {mailTicket !== null ? (
            <Suspense fallback={null}>
              <MailStatusNotice ticket={mailTicket} />
            </Suspense>
          ) : null}
          <FormField
            label={t`Email`}
            type="email"
            autoComplete="email"
            name="email"
            error={errors.email}
          />
          <PasswordField
            label={t`Password`}
            autoComplete="current-password"
            name="password"
            error={errors.password}
          />
          <div className="-mt-2 text-end text-sm">
            <Link
              to="/forgot-password"
              className="inline-block py-2 font-medium text-primary hover:underline"
            >
              <Trans>Forgot password?</Trans>
            </Link>
          </div>
          <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting ? t`Signing in…` : t`Sign in`}
          </button>
        </form>
      ) : null}
      {signUpOpen ? (
        <p className="mt-6 text-center text-sm text-muted">
          <Trans>
            Don’t have an account?{' '}
            <Link
              to={returnPath ? `/register?next=${encodeURIComponent(returnPath)}` : '/register'}
              className="font-semibold text-primary hover:underline"
            >
              Sign up
            </Link>
          </Trans>
        </p>
      ) : null}
    </AuthCard>
  );
}
