import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../auth/authContext';
import { nextFromSearch } from '../lib/nextPath';
import { PageLoader } from './Spinner';

/** Signed-out visitors go to /login; a placeholder shows while the session is checked. */
export function ProtectedRoute() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoader />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Login and register: a signed-in visitor is sent to /app (or to the page `?next=` names). */
export function PublicOnlyRoute() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoader />;
  if (user) return <Navigate to={nextFromSearch(location.search) ?? '/app'} replace />;
  return <Outlet />;
}
