import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../api/auth';
import { errorMessage } from '../api/client';
import { Alert } from '../components/Alert';
import { FormField } from '../components/FormField';
import { AuthCard } from '../components/PublicLayout';
import { Spinner } from '../components/Spinner';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { emailFormErrors, type EmailFormValues } from '@evenly/core';
import { formResolver } from '../lib/formResolver';

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

function ResendForm() {
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailFormValues>({ resolver: formResolver(emailFormErrors) });
  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await authApi.resendVerification(email);
      setResult({
        kind: 'success',
        text: 'If your account exists and is not verified, a new verification email has been sent.',
      });
    } catch (e) {
      setResult({
        kind: 'error',
        text: errorMessage(e, 'Something went wrong. Please try again.'),
      });
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-6 flex flex-col gap-4">
      <h2 className="font-semibold">Resend verification e-mail</h2>
      {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Resend verification e-mail'}
      </button>
    </form>
  );
}

export default function VerifyEmailPage() {
  useDocumentTitle('Verify e-mail');
  const [params] = useSearchParams();
  const token = params.get('token');
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
          <Link to="/login" className="btn-primary w-full">
            Continue to sign in
          </Link>
        </div>
      ) : (
        <>
          <Alert>{state.message}</Alert>
          <ResendForm />
          <p className="mt-6 text-center text-sm">
            <Link to="/login" className="font-semibold text-primary hover:underline">
              Back to sign in
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
