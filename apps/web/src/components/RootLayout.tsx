import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import { PwaUpdatePrompt } from './PwaUpdatePrompt';
import { PageLoader } from './Spinner';
import { ToastProvider } from './toast/ToastProvider';

/** Providers that need the router (navigation on 401) wrap every route. */
export function RootLayout() {
  return (
    <ToastProvider>
      <AuthProvider>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
        <PwaUpdatePrompt />
      </AuthProvider>
    </ToastProvider>
  );
}
