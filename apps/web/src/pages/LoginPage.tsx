import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../api/auth';
import { errorMessage } from '../api/client';
import { useAuth } from '../auth/authContext';
import { Alert } from '../components/Alert';
import { FormField } from '../components/FormField';
import { AuthCard } from '../components/PublicLayout';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { safeNextPath } from '../lib/nextPath';
import { loginSchema, type LoginValues } from '../lib/validation';

export default function LoginPage() {
  useDocumentTitle('Login');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema) });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const response = await authApi.login(values);
      signIn(response);
      await navigate(next ?? '/app/');
    } catch (e) {
      setError(errorMessage(e, 'Login failed. Please check your credentials.'));
    }
  });

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to see your balances.">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="-mt-2 text-right text-sm">
          <Link
            to="/forgot-password"
            className="inline-block py-2 font-medium text-primary hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        Don&apos;t have an account?{' '}
        <Link
          to={next ? `/register?next=${encodeURIComponent(next)}` : '/register'}
          className="font-semibold text-primary hover:underline"
        >
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
