import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../api/auth';
import { errorMessage } from '../api/client';
import { FormField } from '../components/FormField';
import { AuthCard } from '../components/PublicLayout';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { REDIRECT_DELAY_MS } from '../lib/constants';
import { safeNextPath } from '../lib/nextPath';
import { registerSchema, type RegisterValues } from '../lib/validation';

export default function RegisterPage() {
  useDocumentTitle('Sign up');
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [done, setDone] = useState(false);
  // From an invite link (/join/{token}): back there after signing in.
  const invite = params.get('invite');
  const next = invite ? `/join/${encodeURIComponent(invite)}` : safeNextPath(params.get('next'));
  const loginPath = next ? `/login?next=${encodeURIComponent(next)}` : '/login';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      name: '',
      email: params.get('email') ?? '',
      password: '',
      confirmPassword: '',
    },
  });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate(loginPath), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate, loginPath]);

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    try {
      await authApi.register({ name, email, password });
      toast.success('Registration successful! Please check your email to verify your account.');
      setDone(true);
    } catch (e) {
      toast.error(errorMessage(e, 'Registration failed. Please try again.'));
    }
  });

  return (
    <AuthCard title="Create your account" subtitle="Start splitting expenses in a minute.">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        <FormField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
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
          autoComplete="new-password"
          placeholder="Password (min. 6 characters)"
          error={errors.password?.message}
          {...register('password')}
        />
        <FormField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting || done}>
          {isSubmitting ? 'Registering...' : 'Sign Up'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to={loginPath} className="font-semibold text-primary hover:underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
