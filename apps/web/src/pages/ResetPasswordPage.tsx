import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { authApi } from '../api/auth';
import { Alert } from '../components/Alert';
import { NewPasswordFields } from '../components/forms/NewPasswordFields';
import { AuthCard, BackToSignIn } from '../components/PublicLayout';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { REDIRECT_DELAY_MS } from '../lib/constants';
import {
  PASSWORD_MIN_LENGTH,
  newPasswordFormErrors,
  type NewPasswordFormValues,
} from '@evenly/core';
import { formResolver } from '../lib/formResolver';
import { apiErrorText } from '../i18n/publicMessages';

export default function ResetPasswordPage() {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`Reset password`);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const toast = useToast();
  const navigate = useNavigate();
  const missing = t`This password reset link is incomplete. Please check the link in your email.`;
  const [error, setError] = useState<string | null>(token ? null : missing);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/login'), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordFormValues>({ resolver: formResolver(newPasswordFormErrors, i18n) });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!token) {
      setError(missing);
      return;
    }
    setError(null);
    try {
      await authApi.resetPassword(token, password);
      toast.success(
        t`Password has been successfully reset. You can now log in with your new password.`,
      );
      setDone(true);
    } catch (e) {
      setError(apiErrorText(i18n, e, msg`The reset link is invalid or has expired.`));
    }
  });

  return (
    <AuthCard title={t`Set a new password`}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        {done ? (
          <Alert kind="success">
            <Trans>Your password was reset. Taking you to sign in…</Trans>
          </Alert>
        ) : null}
        <NewPasswordFields
          passwordLabel={t`New password`}
          confirmLabel={t`Confirm new password`}
          placeholder={t`At least ${PASSWORD_MIN_LENGTH} characters`}
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          errors={errors}
        />
        <button
          type="submit"
          className="btn-primary w-full"
          disabled={isSubmitting || done || !token}
        >
          {isSubmitting ? t`Resetting…` : t`Reset password`}
        </button>
      </form>
      <BackToSignIn />
    </AuthCard>
  );
}
