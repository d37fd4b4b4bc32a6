import { useEffect, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  EMAIL_MODES,
  notificationSettingsUpdateSchema,
  type EmailMode,
  type NotificationKind,
  type NotificationSetting,
} from '@evenly/core';
import { notificationsApi } from '../api/notifications';
import { Alert } from '../components/Alert';
import { PushDeviceToggle } from '../components/PushDeviceToggle';
import { APP_NAME } from '../components/Logo';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { appErrorText } from '../lib/appErrors';

const EMAIL_LABELS: Record<EmailMode, MessageDescriptor> = {
  IMMEDIATE: msg`Immediately`,
  DIGEST: msg`Daily digest`,
  OFF: msg`Off`,
};

/** Core's NOTIFICATION_KIND_LABELS, translated. */
const KIND_LABELS: Record<NotificationKind, MessageDescriptor> = {
  GROUP_ADDED: msg`Added to a group`,
  EXPENSE: msg`Expenses that involve me`,
  PAYMENT: msg`Payments that involve me`,
  COMMENT: msg`Comments on my expenses`,
  FRIEND_REQUEST: msg`Friend requests`,
  REMINDER: msg`Reminders to settle up`,
  BUDGET: msg`Budget alerts (80% and 100%)`,
};

/**
 * One kind: e-mail as a labelled radio group, push as a switch, each on a row of its own with the
 * channel's name on the left (wrapping within its column) and its control on the right, so that
 * on a 390-px phone no control wraps onto a line alone. The radios are drawn as one segmented
 * control: each native radio, transparent, covers its whole pill, so taps, keyboard focus and
 * screen readers all reach the real input.
 */
function KindSettings({
  setting,
  onChange,
}: {
  setting: NotificationSetting;
  onChange: (next: NotificationSetting) => void;
}) {
  const { i18n, t } = useLingui();
  const label = i18n._(KIND_LABELS[setting.kind]);
  const id = `notif-${setting.kind.toLowerCase()}`;
  return (
    <li className="px-4 py-4">
      <fieldset>
        <legend className="font-medium break-words">{label}</legend>
        {/* A language whose three choices do not fit beside "E-mail" puts them on a line of their
            own, each choice's words wrapping within its pill. */}
        <div
          className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2"
          data-testid="notification-channel"
        >
          <span className="min-w-0 flex-1 text-sm text-muted" aria-hidden="true">
            <Trans>E-mail</Trans>
          </span>
          <div
            role="radiogroup"
            aria-label={t`E-mail for ${label}`}
            className="flex max-w-full overflow-hidden rounded-xl border border-border"
          >
            {EMAIL_MODES.map((mode) => (
              <label
                key={mode}
                className="relative flex min-h-11 cursor-pointer items-center justify-center border-s border-border px-2.5 text-center text-sm leading-tight first:border-s-0 has-[:checked]:bg-primary-soft has-[:checked]:font-semibold has-[:checked]:shadow-[inset_0_0_0_2px_var(--primary)] has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-primary sm:px-3"
              >
                <input
                  type="radio"
                  name={`${id}-email`}
                  value={mode}
                  checked={setting.email === mode}
                  onChange={() => onChange({ ...setting, email: mode })}
                  className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
                />
                {i18n._(EMAIL_LABELS[mode])}
              </label>
            ))}
          </div>
        </div>
        <label
          className="mt-1 flex min-h-11 cursor-pointer items-center gap-3 text-sm"
          data-testid="notification-channel"
        >
          <span className="min-w-0 flex-1 text-muted" aria-hidden="true">
            <Trans>Push</Trans>
          </span>
          <input
            type="checkbox"
            role="switch"
            aria-checked={setting.push}
            aria-label={t`Push for ${label}`}
            checked={setting.push}
            onChange={(e) => onChange({ ...setting, push: e.target.checked })}
            className="size-5 shrink-0 accent-primary"
          />
        </label>
      </fieldset>
    </li>
  );
}

export default function NotificationSettingsPage() {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`Notifications`);
  const toast = useToast();
  const [settings, setSettings] = useState<NotificationSetting[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    let live = true;
    notificationsApi
      .settings()
      .then((s) => live && setSettings(s))
      .catch((e: unknown) => live && setLoadError(appErrorText(i18n, e, msg`Failed to load`)));
    return () => {
      live = false;
    };
  }, [i18n]);

  const save = async () => {
    if (settings === null) return;
    const parsed = notificationSettingsUpdateSchema.safeParse(settings);
    if (!parsed.success) {
      setSaveError(t`Some settings are not valid.`);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      setSettings(await notificationsApi.saveSettings(parsed.data));
      setDirty(false);
      toast.success(t`Notification settings saved`);
    } catch (e) {
      setSaveError(appErrorText(i18n, e, msg`Failed to save your notification settings`));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title={t`Notifications`} back="/app/account" />
      <p className="mb-4 text-sm text-muted">
        <Trans>
          Choose how {APP_NAME} tells you about things other people do. The daily digest arrives
          once a day at 08:00 UTC with everything since the last one. You never get mail about your
          own actions, and every mail has a one-click unsubscribe link.
        </Trans>
      </p>
      {/* Push switches below act only on devices that have push turned on here. */}
      <PushDeviceToggle />
      {loadError ? <Alert>{loadError}</Alert> : null}
      {settings === null && loadError === null ? <SkeletonList /> : null}
      {settings !== null ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <ul className="card mb-4 divide-y divide-border" aria-label={t`Notification kinds`}>
            {settings.map((s) => (
              <KindSettings
                key={s.kind}
                setting={s}
                onChange={(next) => {
                  setSettings(settings.map((x) => (x.kind === next.kind ? next : x)));
                  setDirty(true);
                }}
              />
            ))}
          </ul>
          {saveError ? <Alert>{saveError}</Alert> : null}
          <div className="mt-4 flex items-center gap-3">
            <button type="submit" className="btn-primary" disabled={saving || !dirty}>
              {saving ? t`Saving…` : t`Save`}
            </button>
            <p className="text-sm text-muted" role="status">
              {dirty ? t`Unsaved changes` : ''}
            </p>
          </div>
        </form>
      ) : null}
    </>
  );
}
