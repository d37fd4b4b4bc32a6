import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import { PwaUpdatePrompt } from './PwaUpdatePrompt';
import { PageLoadBoundary } from './PageLoadBoundary';
import { PageLoader } from './Spinner';
import { ToastProvider } from './toast/ToastProvider';
import { ToastRegion } from './toast/ToastRegion';

/** Providers that need the router (navigation on 401) wrap every route. */
export function RootLayout() {
  return (
    <ToastProvider>
      <AuthProvider>
        {/* Toasts of the pages outside the app shell: above the page, pushing it down. */}
        <ToastRegion className="mx-auto w-full max-w-md" />
        <PageLoadBoundary>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </PageLoadBoundary>
        <PwaUpdatePrompt />
      </AuthProvider>
    </ToastProvider>
  );
}
