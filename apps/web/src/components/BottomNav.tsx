import { NavLink } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActivityIcon, FriendsIcon, GroupIcon, PlusIcon, UserIcon } from './icons';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 rounded-xl text-[11px] font-medium transition-colors ${
    isActive ? 'text-primary' : 'text-muted hover:text-fg'
  }`;

/**
 * Bottom navigation: Friends, Groups, central Add Expense, Activity, Account. The foot of the
 * phone layout's column (the page scrolls above it); the desktop layout has the side navigation.
 */
export function BottomNav() {
  const { t } = useLingui();
  return (
    <nav
      aria-label={t`Main`}
      className="relative z-40 shrink-0 border-t border-border bg-surface pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <div className="mx-auto flex max-w-2xl items-center gap-1 px-2">
        <NavLink to="/app/friends" className={itemClass}>
          <FriendsIcon className="size-6" />
          <Trans>Friends</Trans>
        </NavLink>
        <NavLink to="/app/groups" className={itemClass}>
          <GroupIcon className="size-6" />
          <Trans>Groups</Trans>
        </NavLink>
        <div className="flex flex-1 justify-center">
          <NavLink
            to="/app/add-expense"
            aria-label={t`Add Expense`}
            className="-mt-6 flex size-14 items-center justify-center rounded-full bg-primary text-on-primary shadow-lg ring-4 ring-bg transition-transform hover:scale-105 hover:bg-primary-hover"
          >
            <PlusIcon className="size-7" />
          </NavLink>
        </div>
        <NavLink to="/app/activity" className={itemClass}>
          <ActivityIcon className="size-6" />
          <Trans>Activity</Trans>
        </NavLink>
        <NavLink to="/app/account" className={itemClass}>
          <UserIcon className="size-6" />
          <Trans>Account</Trans>
        </NavLink>
      </div>
    </nav>
  );
}
