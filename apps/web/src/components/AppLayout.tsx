import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { useAuth } from '../auth/authContext';
import { useIsDesktop } from '../hooks/useMediaQuery';
import { useLiveEvents } from '../hooks/useLiveEvents';
import { OfflineStatus } from '../offline/OfflineStatus';
import { useOfflineSupport } from '../offline/useOfflineSupport';
import { useScrollTopOnNavigate } from '../hooks/useScrollTopOnNavigate';
import { useTimeZoneFromBrowser } from '../hooks/useTimeZoneFromBrowser';
import { useAccountLocale } from '../i18n/useAccountLocale';
import { BottomNav } from './BottomNav';
import { SideNav } from './layout/SideNav';
import { PageLoadBoundary } from './PageLoadBoundary';
import { PageLoader } from './Spinner';
import { ToastRegion } from './toast/ToastRegion';

export { FriendsLayout, GroupsLayout, PageColumn } from './layout/SplitLayout';

/**
 * Shell of every /app page, one screen high: the page scrolls inside `main`, so the navigation
 * and the toasts sit beside it, never over it. Phones: toasts on top, the page, the bottom tab
 * bar. Desktop (from 1024 px): the side navigation, with the toasts at its foot, and the page.
 */
export function AppLayout() {
  const { user } = useAuth();
  useLiveEvents(user !== null);
  useOfflineSupport(user?.id ?? null);
  useTimeZoneFromBrowser();
  useAccountLocale();
  const desktop = useIsDesktop();
  const main = useScrollTopOnNavigate<HTMLElement>();
  const toasts = <ToastRegion priority={1} className="shrink-0" />;
  return (
    <div className="flex h-dvh flex-col lg:flex-row">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:p-3"
      >
        <Trans>Skip to content</Trans>
      </a>
      <SideNav footer={desktop ? toasts : null} />
      {desktop ? null : toasts}
      <main
        ref={main}
        id="main"
        tabIndex={-1}
        className="min-h-0 flex-1 overflow-y-auto outline-none"
      >
        <OfflineStatus />
        {/* A screen that fails leaves the navigation around it. */}
        <PageLoadBoundary>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </PageLoadBoundary>
      </main>
      <BottomNav />
    </div>
  );
}
