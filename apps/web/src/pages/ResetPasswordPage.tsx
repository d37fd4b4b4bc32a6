import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../api/auth';
import { errorMessage } from '../api/client';
import { Alert } from '../components/Alert';
import { NewPasswordFields } from '../components/forms/NewPasswordFields';
import { AuthCard, BackToSignIn } from '../components/PublicLayout';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { REDIRECT_DELAY_MS } from '../lib/constants';
import { newPasswordFormErrors, type NewPasswordFormValues } from '@evenly/core';
import { formResolver } from '../lib/formResolver';

export default function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const toast = useToast();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(
    token ? null : 'Invalid password reset link: Token missing.',
  );
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
  } = useForm<NewPasswordFormValues>({ resolver: formResolver(newPasswordFormErrors) });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!token) {
      setError('Invalid password reset link: Token missing.');
      return;
    }
    setError(null);
    try {
      const message = await authApi.resetPassword(token, password);
      toast.success(message);
      setDone(true);
    } catch (e) {
      setError(`Password reset failed: ${errorMessage(e)}`);
    }
  });

  return (
    <AuthCard title="Set a new password">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        {done ? (
          <Alert kind="success">Your password was reset. Redirecting to login...</Alert>
        ) : null}
        <NewPasswordFields
          passwordLabel="New password"
          confirmLabel="Confirm new password"
          placeholder="Min. 6 characters"
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          errors={errors}
        />
        <button
          type="submit"
          className="btn-primary w-full"
          disabled={isSubmitting || done || !token}
        >
          {isSubmitting ? 'Resetting...' : 'Reset password'}
        </button>
      </form>
      <BackToSignIn />
    </AuthCard>
  );
}
