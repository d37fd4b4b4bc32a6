import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { authApi } from '../api/auth';
import { errorMessage } from '../api/client';
import { Alert } from '../components/Alert';
import { FormField } from '../components/FormField';
import { AuthCard } from '../components/PublicLayout';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { emailFormErrors, type EmailFormValues } from '@evenly/core';
import { formResolver } from '../lib/formResolver';

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailFormValues>({ resolver: formResolver(emailFormErrors) });

  const onSubmit = handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      await authApi.forgotPassword(email);
      setResult({
        kind: 'success',
        text: 'If an account exists for this email, a password reset link has been sent.',
      });
    } catch (e) {
      setResult({
        kind: 'error',
        text: errorMessage(e, 'Something went wrong. Please try again.'),
      });
    }
  });

  return (
    <AuthCard title="Forgot password" subtitle="We will e-mail you a link to set a new password.">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-primary hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
