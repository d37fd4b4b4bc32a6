import { lazy } from 'react';
import { needCatalog, type CatalogName } from './i18n/catalogs';

/** A page's chunk and its message catalog in the current language, fetched side by side. */
function withCatalog<T>(name: CatalogName, load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), needCatalog(name)]).then(([module]) => module);
}

// Route-level code splitting: every screen is its own chunk, and so are the signed-in app's
// shell (navigation, live updates) and its query cache, which the sign-in pages never load.
export const LandingPage = lazy(withCatalog('landing', () => import('./pages/LandingPage')));
// The signed-in app's catalog comes with its query cache: every screen behind it needs both.
export const QueryLayout = lazy(withCatalog('app', () => import('./components/QueryLayout')));
export const AppLayout = lazy(() =>
  import('./components/AppLayout').then((m) => ({ default: m.AppLayout })),
);
// The app shell's page layouts (same chunk): one column, or list and detail side by side.
export const PageColumn = lazy(() =>
  import('./components/AppLayout').then((m) => ({ default: m.PageColumn })),
);
export const GroupsLayout = lazy(() =>
  import('./components/AppLayout').then((m) => ({ default: m.GroupsLayout })),
);
export const FriendsLayout = lazy(() =>
  import('./components/AppLayout').then((m) => ({ default: m.FriendsLayout })),
);
// The list pages are shared with the shell's split layouts, so they live in their own module.
export { FriendsPage, GroupsPage } from './lazyListPages';
export const LoginPage = lazy(() => import('./pages/LoginPage'));
export const RegisterPage = lazy(withCatalog('account', () => import('./pages/RegisterPage')));
export const ForgotPasswordPage = lazy(
  withCatalog('account', () => import('./pages/ForgotPasswordPage')),
);
export const ResetPasswordPage = lazy(
  withCatalog('account', () => import('./pages/ResetPasswordPage')),
);
export const VerifyEmailPage = lazy(
  withCatalog('account', () => import('./pages/VerifyEmailPage')),
);
export const OidcSignInPage = lazy(withCatalog('account', () => import('./pages/OidcSignInPage')));
export const GroupDetailPage = lazy(() => import('./pages/GroupDetailPage'));
export const FriendDetailPage = lazy(() => import('./pages/FriendDetailPage'));
export const ActivityPage = lazy(() => import('./pages/ActivityPage'));
export const SearchPage = lazy(() => import('./pages/SearchPage'));
export const NotificationsPage = lazy(() => import('./pages/NotificationsPage'));
export const AccountPage = lazy(() => import('./pages/AccountPage'));
export const AddExpensePage = lazy(() => import('./pages/AddExpensePage'));
export const NewExpensePage = lazy(() => import('./pages/NewExpensePage'));
export const SettleUpPage = lazy(() => import('./pages/SettleUpPage'));
export const HelpPage = lazy(() => import('./pages/HelpPage'));
export const NotFoundPage = lazy(withCatalog('account', () => import('./pages/NotFoundPage')));
export const AppNotFoundPage = lazy(() => import('./pages/AppNotFoundPage'));
export const NotificationSettingsPage = lazy(() => import('./pages/NotificationSettingsPage'));
export const ApiTokensPage = lazy(() => import('./pages/ApiTokensPage'));
export const AdminPage = lazy(() => import('./pages/AdminPage'));
export const UnsubscribePage = lazy(
  withCatalog('account', () => import('./pages/UnsubscribePage')),
);
export const AddFriendPage = lazy(() => import('./pages/AddFriendPage'));
export const ConfirmEmailPage = lazy(
  withCatalog('account', () => import('./pages/ConfirmEmailPage')),
);
export const GroupSettingsPage = lazy(() => import('./pages/GroupSettingsPage'));
export const JoinPage = lazy(() => import('./pages/JoinPage'));
// Charts (issue #14): their own chunks, so nothing of them loads before these screens.
export const GroupChartsPage = lazy(() => import('./pages/GroupChartsPage'));
export const MyChartsPage = lazy(() => import('./pages/MyChartsPage'));
export const ImportGroupPage = lazy(() => import('./pages/ImportGroupPage'));
