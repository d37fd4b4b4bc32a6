import { Link, useLocation } from 'react-router';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useAuth } from '../auth/authContext';
import { useUnreadNotifications } from '../hooks/useNotifications';
import { BellIcon } from './icons';

/** Badge text: the count up to 99, then "99+" (the server counts at most 1000). */
function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The bell in every app page's header: opens the notifications, with the unread count as a
 * badge. Its accessible name carries the count ("Notifications, 3 unread"), the badge itself is
 * hidden from screen readers so the number is not read twice.
 */
export function NotificationBell() {
  const { i18n, t } = useLingui();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const { data: count = 0 } = useUnreadNotifications(user !== null);
  const here = pathname === '/app/notifications';
  const label =
    count > 0
      ? i18n._(
          msg`${plural(count, { one: 'Notifications, # unread', other: 'Notifications, # unread' })}`,
        )
      : t`Notifications`;
  return (
    <Link
      to="/app/notifications"
      aria-label={label}
      aria-current={here ? 'page' : undefined}
      className={`relative flex size-11 items-center justify-center rounded-xl hover:bg-surface-2 hover:text-fg ${
        here ? 'text-primary' : 'text-muted'
      }`}
    >
      <BellIcon className="size-6" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute top-1 end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[11px] leading-none font-bold text-on-danger ring-2 ring-bg"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}
