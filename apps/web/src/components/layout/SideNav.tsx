import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAuth } from '../../auth/authContext';
import { useMe } from '../../hooks/useBalances';
import { useUnreadNotifications } from '../../hooks/useNotifications';
import {
  ActivityIcon,
  BellIcon,
  ChartIcon,
  FriendsIcon,
  GroupIcon,
  PlusIcon,
  ShieldIcon,
  UserIcon,
} from '../icons';
import { APP_NAME, Wordmark } from '../Logo';

interface Item {
  to: string;
  label: MessageDescriptor;
  icon: ReactNode;
  /** Whether the item is the current section (groups: the list, a group and its settings). */
  current: (pathname: string) => boolean;
}

const ITEMS: Item[] = [
  {
    to: '/app/groups',
    label: msg`Groups`,
    icon: <GroupIcon className="size-5" />,
    current: (p) => p === '/app' || p === '/app/' || p.startsWith('/app/group'),
  },
  {
    to: '/app/friends',
    label: msg`Friends`,
    icon: <FriendsIcon className="size-5" />,
    current: (p) => p.startsWith('/app/friends'),
  },
  {
    to: '/app/activity',
    label: msg`Activity`,
    icon: <ActivityIcon className="size-5" />,
    current: (p) => p.startsWith('/app/activity'),
  },
  {
    to: '/app/reports',
    label: msg`Charts & budgets`,
    icon: <ChartIcon className="size-5" />,
    current: (p) => p.startsWith('/app/reports'),
  },
];

const itemClass = (current: boolean) =>
  `flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors ${
    current ? 'bg-primary-soft text-primary' : 'text-muted hover:bg-surface-2 hover:text-fg'
  }`;

/**
 * The desktop layout's navigation (from 1024 px; phones have the bottom bar): the same places
 * as the bottom bar, plus the notifications, whose bell leaves the page headers at this size.
 * `footer` sits at the bottom of the column (the toasts on desktop).
 */
export function SideNav({ footer }: { footer?: ReactNode }) {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const { user } = useAuth();
  const { data: unread = 0 } = useUnreadNotifications(user !== null);
  const notificationsHere = pathname === '/app/notifications';
  const accountHere = pathname.startsWith('/app/account');
  const adminHere = pathname.startsWith('/app/admin');
  // Only administrators see the admin area's entry (the server refuses everyone else anyway).
  const isAdmin = useMe().data?.isAdmin === true;
  return (
    <div className="hidden w-64 shrink-0 flex-col overflow-y-auto border-e border-border bg-surface lg:flex">
      <div className="px-5 pt-5 pb-4">
        <Link
          to="/app/groups"
          className="inline-flex rounded-xl"
          aria-label={t`${APP_NAME}, your groups`}
        >
          <Wordmark />
        </Link>
      </div>
      <nav aria-label={t`Main`} className="flex flex-col gap-1 px-3">
        <Link
          to="/app/add-expense"
          className="btn-primary mb-3 w-full"
          aria-current={pathname === '/app/add-expense' ? 'page' : undefined}
        >
          <PlusIcon className="size-5" />
          <Trans>Add Expense</Trans>
        </Link>
        {ITEMS.map((item) => {
          const current = item.current(pathname);
          return (
            <Link
              key={item.to}
              to={item.to}
              className={itemClass(current)}
              aria-current={current ? 'page' : undefined}
            >
              {item.icon}
              {i18n._(item.label)}
            </Link>
          );
        })}
        <Link
          to="/app/notifications"
          className={itemClass(notificationsHere)}
          aria-current={notificationsHere ? 'page' : undefined}
        >
          <BellIcon className="size-5" />
          {/* Named "Notifications, 3 unread" by its text, as the bell is; the badge is not read. */}
          <span className="flex-1">
            <Trans>Notifications</Trans>
            {unread > 0 ? (
              <span className="sr-only">
                {i18n._(msg`${plural(unread, { one: ', # unread', other: ', # unread' })}`)}
              </span>
            ) : null}
          </span>
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[11px] leading-none font-bold text-on-danger"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Link>
        <Link
          to="/app/account"
          className={itemClass(accountHere)}
          aria-current={accountHere ? 'page' : undefined}
        >
          <UserIcon className="size-5" />
          <Trans>Account</Trans>
        </Link>
        {isAdmin ? (
          <Link
            to="/app/admin"
            className={itemClass(adminHere)}
            aria-current={adminHere ? 'page' : undefined}
          >
            <ShieldIcon className="size-5" />
            <Trans>Admin</Trans>
          </Link>
        ) : null}
      </nav>
      <div className="mt-auto">{footer}</div>
    </div>
  );
}
