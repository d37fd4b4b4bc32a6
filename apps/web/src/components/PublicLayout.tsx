import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { APP_NAME, Wordmark } from './Logo';

/** Centred card used by the sign-in, registration and password pages, the language below it. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-8">
      <Link to="/" className="mb-8 rounded-xl" aria-label={t`${APP_NAME} home`}>
        <Wordmark />
      </Link>
      <main className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </main>
      <footer className="mt-6">
        <LanguageSwitcher />
      </footer>
    </div>
  );
}

/** The foot of the password and verification pages: back to the sign-in page. */
export function BackToSignIn({ to = '/login' }: { to?: string }) {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to={to} className="font-semibold text-primary hover:underline">
        <Trans>Back to sign in</Trans>
      </Link>
    </p>
  );
}
