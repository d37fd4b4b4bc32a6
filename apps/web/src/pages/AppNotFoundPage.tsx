import { Link } from 'react-router';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export default function AppNotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      <p className="text-6xl font-extrabold text-primary">404</p>
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="text-muted">This page does not exist in the app.</p>
      <Link to="/app" className="btn-primary">
        Back to the app
      </Link>
    </section>
  );
}
