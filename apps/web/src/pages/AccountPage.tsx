import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAuth } from '../auth/authContext';
import { DeleteAccountModal } from '../components/account/DeleteAccountModal';
import { AdminEntry } from '../components/admin/AdminEntry';
import { FriendCodeModal } from '../components/account/FriendCodeModal';
import { ProfileCard } from '../components/account/ProfileCard';
import { PayMethodsSection } from '../components/pay/PayMethodsSection';
import { ThemeSetting } from '../components/account/ThemeSetting';
import { ScanCodeModal } from '../components/account/ScanCodeModal';
import { ChangePasswordModal } from '../components/ChangePasswordModal';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { HomeCurrencySetting } from '../components/HomeCurrencySetting';
import { TimeZoneSetting } from '../components/TimeZoneSetting';
import { LanguageSetting } from '../components/account/LanguageSetting';
import {
  BellIcon,
  ChartIcon,
  ChatIcon,
  ChevronRightIcon,
  DownloadIcon,
  HelpIcon,
  KeyIcon,
  ExternalIcon,
  FriendsIcon,
  GroupIcon,
  LogOutIcon,
  MailIcon,
  QrIcon,
  ShieldIcon,
  StarIcon,
  TrashIcon,
} from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { APP_NAME } from '../components/Logo';
import { useServerConfig } from '../hooks/useConfig';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useToast } from '../components/toast/toastContext';
import { downloadFromApi } from '../lib/download';
import { useOutboxItems } from '../offline/useOutbox';
import { appErrorText } from '../lib/appErrors';

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
        className="flex min-h-14 w-full items-center gap-3 px-4 py-3 text-start hover:bg-surface-2"
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
        className="flex min-h-14 w-full items-center gap-3 px-4 py-3 text-start hover:bg-surface-2"
      >
        <span className="text-muted">{icon}</span>
        <span className="flex-1 font-medium">{label}</span>
        <ChevronRightIcon className="size-5 text-muted" />
      </Link>
    </li>
  );
}

/** Feedback, Rate, Contact us: the operator's SUPPORT_URL (a web page in a new tab, or mailto:). */
function SupportLink({ icon, label, href }: { icon: ReactNode; label: string; href: string }) {
  const web = /^https?:/i.test(href);
  return (
    <li>
      <a
        href={href}
        {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="flex min-h-14 w-full items-center gap-3 px-4 py-3 text-start hover:bg-surface-2"
      >
        <span className="text-muted">{icon}</span>
        <span className="flex-1 font-medium">
          {label}
          {web ? (
            <span className="sr-only">
              {' '}
              <Trans>(opens in a new tab)</Trans>
            </span>
          ) : null}
        </span>
        <ExternalIcon className="size-5 text-muted" />
      </a>
    </li>
  );
}

type Dialog = 'security' | 'friend' | 'scan' | 'delete' | 'signOut' | null;

export default function AccountPage() {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`Account`);
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const config = useServerConfig();
  const supportUrl = config.data?.supportUrl ?? null;
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const waiting = useOutboxItems().length;
  const leave = () => {
    signOut();
    void navigate('/login');
  };
  const icon = 'size-5';
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const exportData = async () => {
    setExporting(true);
    try {
      await downloadFromApi('/me/export', 'evenly-account.json');
      toast.success(t`Your data was downloaded`);
    } catch (e) {
      toast.error(appErrorText(i18n, e, msg`Could not export your data`));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader title={t`Account`} />
      <ProfileCard />
      <LanguageSetting />
      <HomeCurrencySetting />
      <TimeZoneSetting />
      <PayMethodsSection />
      <ul className="card mb-4 divide-y divide-border" aria-label={t`Account menu`}>
        <MenuButton
          icon={<FriendsIcon className={icon} />}
          label={t`My friend code`}
          onClick={() => setDialog('friend')}
        />
        <MenuButton
          icon={<QrIcon className={icon} />}
          label={t`Scan code`}
          onClick={() => setDialog('scan')}
        />
        <MenuLink
          icon={<ChartIcon className={icon} />}
          label={t`Charts & budgets`}
          to="/app/reports"
        />
        <MenuLink
          icon={<BellIcon className={icon} />}
          label={t`Notifications`}
          to="/app/account/notifications"
        />
        <MenuButton
          icon={<DownloadIcon className={icon} />}
          label={exporting ? t`Exporting your data…` : t`Export my data (JSON)`}
          onClick={() => {
            if (!exporting) void exportData();
          }}
        />
        <MenuLink
          icon={<GroupIcon className={icon} />}
          label={t`Import a group`}
          to="/app/import"
        />
        <MenuButton
          icon={<ShieldIcon className={icon} />}
          label={t`Security`}
          onClick={() => setDialog('security')}
        />
        <MenuLink
          icon={<KeyIcon className={icon} />}
          label={t`API tokens`}
          to="/app/account/api-tokens"
        />
        <ThemeSetting />
      </ul>
      <AdminEntry />
      {supportUrl ? (
        <ul className="card mb-4 divide-y divide-border" aria-label={t`Support`}>
          <SupportLink icon={<ChatIcon className={icon} />} label={t`Feedback`} href={supportUrl} />
          <SupportLink icon={<StarIcon className={icon} />} label={t`Rate`} href={supportUrl} />
          <SupportLink
            icon={<MailIcon className={icon} />}
            label={t`Contact us`}
            href={supportUrl}
          />
        </ul>
      ) : null}
      <ul className="card mb-6 divide-y divide-border">
        <li>
          <Link
            to="/app/help"
            className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-surface-2"
          >
            <HelpIcon className="size-5 text-muted" />
            <span className="flex-1 font-medium">
              <Trans>Help</Trans>
            </span>
            <ChevronRightIcon className="size-5 text-muted" />
          </Link>
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              // Changes saved offline wait on this device for this person: say so before the
              // session goes, instead of leaving them silently unsent.
              if (waiting > 0) setDialog('signOut');
              else leave();
            }}
            className="flex min-h-14 w-full items-center gap-3 px-4 py-3 text-start font-medium text-danger hover:bg-surface-2"
          >
            <LogOutIcon className="size-5" />
            <Trans>Sign out</Trans>
          </button>
        </li>
      </ul>
      <section aria-labelledby="danger-title" className="card mb-6 border-danger/40 p-4">
        <h2 id="danger-title" className="font-semibold text-danger">
          <Trans>Danger zone</Trans>
        </h2>
        <p className="mt-1 mb-3 text-sm text-muted">
          <Trans>
            Delete your account and erase your personal data. Shared expenses stay for the others.
          </Trans>
        </p>
        <button type="button" className="btn-danger" onClick={() => setDialog('delete')}>
          <TrashIcon className="size-4" />
          <Trans>Delete account</Trans>
        </button>
      </section>
      <footer className="text-center text-xs text-muted">
        <Trans>{APP_NAME} · open-source shared-expense tracker · AGPL-3.0</Trans>
      </footer>
      {dialog === 'security' ? <ChangePasswordModal onClose={close} /> : null}
      {dialog === 'friend' ? <FriendCodeModal onClose={close} /> : null}
      {dialog === 'scan' ? <ScanCodeModal onClose={close} /> : null}
      {dialog === 'delete' ? <DeleteAccountModal onClose={close} /> : null}
      {dialog === 'signOut' ? (
        <ConfirmDialog
          title={t`Changes waiting to sync`}
          message={i18n._(
            msg`${plural(waiting, {
              one: '# change saved on this device is still waiting to sync. They stay on this device and are sent when you sign in here again.',
              other:
                '# changes saved on this device are still waiting to sync. They stay on this device and are sent when you sign in here again.',
            })}`,
          )}
          confirmLabel={t`Sign out anyway`}
          onConfirm={leave}
          onClose={close}
        />
      ) : null}
    </>
  );
}
