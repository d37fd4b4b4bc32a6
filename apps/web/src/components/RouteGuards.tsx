import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../auth/authContext';
import { useReturnPath } from '../hooks/useReturnPath';
import { PageLoader } from './Spinner';

/** Signed-out visitors go to /login; a placeholder shows while the session is checked. */
export function ProtectedRoute() {
  const { user, loading, signedOutTo } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoader />;
  if (!user && signedOutTo) return <Navigate to={signedOutTo} replace />;
  if (!user) {
    return (
      <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  return <Outlet />;
}

/** Login and register: a signed-in visitor is sent to /app (or back where they came from). */
export function PublicOnlyRoute() {
  const { user, loading } = useAuth();
  const returnPath = useReturnPath();
  if (loading) return <PageLoader />;
  if (user) return <Navigate to={returnPath ?? '/app'} replace />;
  return <Outlet />;
}
