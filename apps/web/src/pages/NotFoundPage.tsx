import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Wordmark } from '../components/Logo';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export default function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <Wordmark />
      <p className="text-6xl font-extrabold text-primary" translate="no">
        404
      </p>
      <h1 className="text-2xl font-bold">
        <Trans>Page not found</Trans>
      </h1>
      <p className="text-muted">
        <Trans>The page you are looking for does not exist.</Trans>
      </p>
      <Link to="/" className="btn-primary">
        <Trans>Go to the home page</Trans>
      </Link>
    </main>
  );
}
