import type { RouteObject } from 'react-router';
import { RootLayout } from './components/RootLayout';
import { ProtectedRoute, PublicOnlyRoute } from './components/RouteGuards';
import {
  AppLayout,
  PageColumn,
  GroupsLayout,
  FriendsLayout,
  LandingPage,
  QueryLayout,
  LoginPage,
  RegisterPage,
  ForgotPasswordPage,
  ResetPasswordPage,
  VerifyEmailPage,
  OidcSignInPage,
  GroupsPage,
  GroupDetailPage,
  FriendsPage,
  FriendDetailPage,
  ActivityPage,
  SearchPage,
  NotificationsPage,
  AccountPage,
  AddExpensePage,
  NewExpensePage,
  SettleUpPage,
  ImportGroupPage,
  HelpPage,
  NotFoundPage,
  AppNotFoundPage,
  NotificationSettingsPage,
  ApiTokensPage,
  UnsubscribePage,
  AddFriendPage,
  ConfirmEmailPage,
  GroupSettingsPage,
  JoinPage,
  GroupChartsPage,
  MyChartsPage,
  AdminPage,
} from './lazyPages';

/**
 * The app's routes, rendered by `useRoutes` inside a `BrowserRouter` (App.tsx). The app uses no
 * data-router feature (loaders, actions, fetchers, blockers), so it does without the data
 * router's code on the first load.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
        ],
      },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/signin/oidc', element: <OidcSignInPage /> },
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      // Everything below reads the API through the query cache, loaded with them.
      {
        element: <QueryLayout />,
        children: [
          { path: '/confirm-email', element: <ConfirmEmailPage /> },
          { path: '/join/:token', element: <JoinPage /> },
          {
            path: '/add-friend/:token',
            element: <ProtectedRoute />,
            children: [
              {
                element: <AppLayout />,
                children: [
                  {
                    element: <PageColumn />,
                    children: [{ index: true, element: <AddFriendPage /> }],
                  },
                ],
              },
            ],
          },
          {
            path: '/app',
            element: <ProtectedRoute />,
            children: [
              {
                element: <AppLayout />,
                children: [
                  // Groups and friends: list and detail side by side on desktop (same URLs).
                  {
                    element: <GroupsLayout />,
                    children: [
                      { index: true, element: <GroupsPage /> },
                      { path: 'groups', element: <GroupsPage /> },
                      { path: 'group/:groupId', element: <GroupDetailPage /> },
                      { path: 'groups/:groupId/settings', element: <GroupSettingsPage /> },
                      { path: 'groups/:groupId/charts', element: <GroupChartsPage /> },
                    ],
                  },
                  {
                    element: <FriendsLayout />,
                    children: [
                      { path: 'friends', element: <FriendsPage /> },
                      { path: 'friends/:friendId', element: <FriendDetailPage /> },
                    ],
                  },
                  {
                    element: <PageColumn />,
                    children: [
                      { path: 'add-expense', element: <AddExpensePage /> },
                      { path: 'activity', element: <ActivityPage /> },
                      { path: 'search', element: <SearchPage /> },
                      { path: 'group/:groupId/search', element: <SearchPage /> },
                      { path: 'notifications', element: <NotificationsPage /> },
                      { path: 'account', element: <AccountPage /> },
                      { path: 'account/notifications', element: <NotificationSettingsPage /> },
                      { path: 'account/api-tokens', element: <ApiTokensPage /> },
                      { path: 'admin', element: <AdminPage /> },
                      { path: 'reports', element: <MyChartsPage /> },
                      { path: 'help', element: <HelpPage /> },
                      { path: 'expense/new', element: <NewExpensePage /> },
                      { path: 'settle-up', element: <SettleUpPage /> },
                      { path: 'import', element: <ImportGroupPage /> },
                      // The address of the Splitwise-only page (issue #14) keeps working.
                      { path: 'import/splitwise', element: <ImportGroupPage /> },
                      { path: '*', element: <AppNotFoundPage /> },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
