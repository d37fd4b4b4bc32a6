import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export default function AppNotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      <p className="text-6xl font-extrabold text-primary">404</p>
      <h1 className="text-2xl font-bold">
        <Trans>Page not found</Trans>
      </h1>
      <p className="text-muted">
        <Trans>This page does not exist in the app.</Trans>
      </p>
      <Link to="/app" className="btn-primary">
        <Trans>Back to the app</Trans>
      </Link>
    </section>
  );
}
