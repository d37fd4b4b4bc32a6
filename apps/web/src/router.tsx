import { createBrowserRouter } from 'react-router';
import { AppLayout } from './components/AppLayout';
import { RootLayout } from './components/RootLayout';
import { ProtectedRoute, PublicOnlyRoute } from './components/RouteGuards';
import LandingPage from './pages/LandingPage';
import {
  LoginPage,
  RegisterPage,
  ForgotPasswordPage,
  ResetPasswordPage,
  VerifyEmailPage,
  GroupsPage,
  GroupDetailPage,
  FriendsPage,
  ActivityPage,
  NotificationsPage,
  AccountPage,
  AddExpensePage,
  NewExpensePage,
  SettleUpPage,
  HelpPage,
  NotFoundPage,
  AppNotFoundPage,
  NotificationSettingsPage,
  UnsubscribePage,
  GroupSettingsPage,
  JoinPage,
} from './lazyPages';

export const router = createBrowserRouter([
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
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      { path: '/join/:token', element: <JoinPage /> },
      {
        path: '/app',
        element: <ProtectedRoute />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <GroupsPage /> },
              { path: 'groups', element: <GroupsPage /> },
              { path: 'friends', element: <FriendsPage /> },
              { path: 'add-expense', element: <AddExpensePage /> },
              { path: 'activity', element: <ActivityPage /> },
              { path: 'notifications', element: <NotificationsPage /> },
              { path: 'account', element: <AccountPage /> },
              { path: 'account/notifications', element: <NotificationSettingsPage /> },
              { path: 'group/:groupId', element: <GroupDetailPage /> },
              { path: 'groups/:groupId/settings', element: <GroupSettingsPage /> },
              { path: 'help', element: <HelpPage /> },
              { path: 'expense/new', element: <NewExpensePage /> },
              { path: 'settle-up', element: <SettleUpPage /> },
              { path: '*', element: <AppNotFoundPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
