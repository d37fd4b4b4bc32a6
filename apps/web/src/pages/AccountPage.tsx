import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth, useCurrentUser } from '../auth/authContext';
import { Avatar } from '../components/Avatar';
import { ChangePasswordModal } from '../components/ChangePasswordModal';
import { HomeCurrencySetting } from '../components/HomeCurrencySetting';
import {
  BellIcon,
  ChatIcon,
  ChevronRightIcon,
  HelpIcon,
  LinkIcon,
  LogOutIcon,
  MailIcon,
  MoonIcon,
  QrIcon,
  ShieldIcon,
  StarIcon,
  SunIcon,
} from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useTheme } from '../hooks/useTheme';

function notImplemented() {
  window.alert('Action not implemented');
}

function MenuButton({
  icon,
  label,
  onClick,
  trailing,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  trailing?: ReactNode;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onClick}
        className="flex min-h-14 w-full items-center gap-3 px-4 py-3 text-left hover:bg-surface-2"
      >
        <span className="text-muted">{icon}</span>
        <span className="flex-1 font-medium">{label}</span>
        {trailing ?? <ChevronRightIcon className="size-5 text-muted" />}
      </button>
    </li>
  );
}

/** A menu entry that opens another screen: a link, so it is announced and opened as one. */
function MenuLink({ icon, label, to }: { icon: ReactNode; label: string; to: string }) {
  return (
    <li>
      <Link
        to={to}
        className="flex min-h-14 w-full items-center gap-3 px-4 py-3 text-left hover:bg-surface-2"
      >
        <span className="text-muted">{icon}</span>
        <span className="flex-1 font-medium">{label}</span>
        <ChevronRightIcon className="size-5 text-muted" />
      </Link>
    </li>
  );
}

export default function AccountPage() {
  useDocumentTitle('Account');
  const user = useCurrentUser();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const { theme, toggleTheme } = useTheme();
  const [securityOpen, setSecurityOpen] = useState(false);
  const icon = 'size-5';

  return (
    <>
      <PageHeader title="Account" />
      <section className="card mb-4 flex items-center gap-4 p-4">
        <Avatar name={user.name} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">{user.name}</p>
          <p className="truncate text-sm text-muted">{user.email}</p>
        </div>
      </section>
      <HomeCurrencySetting />
      <ul className="card mb-4 divide-y divide-border" aria-label="Account menu">
        <MenuButton icon={<QrIcon className={icon} />} label="Scan code" onClick={notImplemented} />
        <MenuButton
          icon={<LinkIcon className={icon} />}
          label="Connected Accounts"
          onClick={notImplemented}
        />
        <MenuLink
          icon={<BellIcon className={icon} />}
          label="Notifications"
          to="/app/account/notifications"
        />
        <MenuButton
          icon={<ShieldIcon className={icon} />}
          label="Security"
          onClick={() => setSecurityOpen(true)}
        />
        <MenuButton
          icon={theme === 'dark' ? <SunIcon className={icon} /> : <MoonIcon className={icon} />}
          label="Theme"
          onClick={toggleTheme}
          trailing={
            <span className="rounded-full bg-surface-2 px-3 py-1 text-sm text-muted">
              {theme === 'dark' ? 'Dark' : 'Light'}
            </span>
          }
        />
        <MenuButton
          icon={<ChatIcon className={icon} />}
          label="Feedback"
          onClick={notImplemented}
        />
        <MenuButton icon={<StarIcon className={icon} />} label="Rate" onClick={notImplemented} />
        <MenuButton
          icon={<MailIcon className={icon} />}
          label="Contact us"
          onClick={notImplemented}
        />
      </ul>
      <ul className="card mb-6 divide-y divide-border">
        <li>
          <Link
            to="/app/help"
            className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-surface-2"
          >
            <HelpIcon className="size-5 text-muted" />
            <span className="flex-1 font-medium">Help</span>
            <ChevronRightIcon className="size-5 text-muted" />
          </Link>
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              signOut();
              void navigate('/login');
            }}
            className="flex min-h-14 w-full items-center gap-3 px-4 py-3 text-left font-medium text-danger hover:bg-surface-2"
          >
            <LogOutIcon className="size-5" />
            Log out
          </button>
        </li>
      </ul>
      <footer className="text-center text-xs text-muted">
        Evenly · open-source shared-expense tracker · AGPL-3.0
      </footer>
      {securityOpen ? <ChangePasswordModal onClose={() => setSecurityOpen(false)} /> : null}
    </>
  );
}
