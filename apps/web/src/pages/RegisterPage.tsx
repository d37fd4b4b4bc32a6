import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { authApi } from '../api/auth';
import { Alert } from '../components/Alert';
import { FormField } from '../components/FormField';
import { NewPasswordFields } from '../components/forms/NewPasswordFields';
import { AuthCard } from '../components/PublicLayout';
import { SkeletonLine } from '../components/Skeleton';
import { useToast } from '../components/toast/toastContext';
import { useServerConfig } from '../hooks/useConfig';
import { OidcSignInButton } from '../components/OidcSignInButton';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useReturnPath } from '../hooks/useReturnPath';
import { REDIRECT_DELAY_MS } from '../lib/constants';
import {
  PASSWORD_MIN_LENGTH,
  invitePath,
  isAppLocale,
  registerFormErrors,
  type RegisterFormValues,
} from '@evenly/core';
import { formResolver } from '../lib/formResolver';
import { inviteTokenOf } from '../lib/evenlyLinks';
import { apiErrorText } from '../i18n/publicMessages';

export default function RegisterPage() {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`Sign up`);
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // After signing up: the verification e-mail's ticket, which the sign-in page follows.
  const [done, setDone] = useState<{ mailTicket: string | null } | null>(null);
  const config = useServerConfig();
  const returnPath = useReturnPath();
  // From a group's invite link (/join/{token}, which sends ?invite=) or a link the visitor was
  // turned away from: the token an invite-only server asks for, and the way back after signing in.
  const invite = params.get('invite');
  const inviteToken = invite ?? inviteTokenOf(returnPath);
  const next = returnPath ?? (invite ? `/join/${encodeURIComponent(invite)}` : null);
  const loginPath = next ? `/login?next=${encodeURIComponent(next)}` : '/login';
  // The verification mail's link leads back to an invite only (the server drops anything else).
  const nextInvite = invitePath(next);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues>({
    resolver: formResolver(registerFormErrors, i18n),
    defaultValues: {
      name: '',
      email: params.get('email') ?? '',
      password: '',
      confirmPassword: '',
    },
  });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => void navigate(loginPath, { state: { mailTicket: done.mailTicket } }),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate, loginPath]);

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    try {
      const { mailTicket } = await authApi.register({
        name,
        email,
        password,
        ...(inviteToken ? { inviteToken } : {}),
        ...(nextInvite ? { next: nextInvite } : {}),
        // The page's language (not the pseudo-locale of the tests, which the API does not know).
        ...(isAppLocale(i18n.locale) ? { locale: i18n.locale } : {}),
      });
      toast.success(t`Registration successful! Please check your email to verify your account.`);
      setDone({ mailTicket });
    } catch (e) {
      toast.error(apiErrorText(i18n, e, msg`Registration failed. Please try again.`));
    }
  });

  const loginLink = (
    <p className="mt-6 text-center text-sm text-muted">
      <Trans>
        Already have an account?{' '}
        <Link to={loginPath} className="font-semibold text-primary hover:underline">
          Sign in
        </Link>
      </Trans>
    </p>
  );

  if (config.isPending) {
    return (
      <AuthCard title={t`Create your account`}>
        <div className="flex flex-col gap-3" aria-busy="true">
          <SkeletonLine width="w-full" />
          <SkeletonLine width="w-2/3" />
        </div>
      </AuthCard>
    );
  }

  const oidcName = config.data?.oidc?.name ?? null;
  if (config.data?.passwordSignIn === false && oidcName !== null) {
    return (
      <AuthCard title={t`Create your account`}>
        <div className="flex flex-col gap-4">
          <Alert kind="info">
            <Trans>
              On this server you sign in with {oidcName}. Your first sign-in creates your account.
            </Trans>
          </Alert>
          <OidcSignInButton name={oidcName} next={nextInvite} primary />
        </div>
        {loginLink}
      </AuthCard>
    );
  }

  if (config.data?.registration === 'closed') {
    return (
      <AuthCard title={t`Create your account`}>
        <Alert kind="info">
          <Trans>This server is not accepting new accounts.</Trans>
        </Alert>
        {loginLink}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t`Create your account`} subtitle={t`Start splitting expenses in a minute.`}>
      {config.data?.registration === 'invite' ? (
        <div className="mb-4">
          <Alert kind="info">
            {inviteToken
              ? t`Sign-ups on this server need an invitation: you are signing up with the invite link you opened.`
              : t`Sign-ups on this server need an invitation. Open the invite link a member sent you, or sign up with the address you were invited at.`}
          </Alert>
        </div>
      ) : null}
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        <FormField
          label={t`Name`}
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          label={t`Email`}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <NewPasswordFields
          passwordLabel={t`Password`}
          confirmLabel={t`Confirm password`}
          placeholder={t`Password (min. ${PASSWORD_MIN_LENGTH} characters)`}
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          errors={errors}
        />
        <button
          type="submit"
          className="btn-primary w-full"
          disabled={isSubmitting || done !== null}
        >
          {isSubmitting ? t`Signing up…` : t`Sign up`}
        </button>
      </form>
      {loginLink}
    </AuthCard>
  );
}
