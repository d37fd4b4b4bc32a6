import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '../auth/authContext';
import { useLiveEvents } from '../hooks/useLiveEvents';
import { OfflineStatus } from '../offline/OfflineStatus';
import { useOfflineSupport } from '../offline/useOfflineSupport';
import { BottomNav } from './BottomNav';
import { PageLoader } from './Spinner';

/** Shell of every /app page: content column plus bottom navigation and live updates. */
export function AppLayout() {
  const { user } = useAuth();
  useLiveEvents(user !== null);
  useOfflineSupport(user?.id ?? null);
  return (
    <div className="min-h-dvh pb-28">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:p-3"
      >
        Skip to content
      </a>
      <main id="main" className="mx-auto w-full max-w-2xl px-4 pt-4">
        <OfflineStatus />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
    </div>
  );
}
