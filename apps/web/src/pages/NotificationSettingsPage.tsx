import { useEffect, useState } from 'react';
import {
  EMAIL_MODES,
  NOTIFICATION_KIND_LABELS,
  notificationSettingsUpdateSchema,
  type EmailMode,
  type NotificationSetting,
} from '@evenly/core';
import { errorMessage } from '../api/client';
import { notificationsApi } from '../api/notifications';
import { Alert } from '../components/Alert';
import { PushDeviceToggle } from '../components/PushDeviceToggle';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

const EMAIL_LABELS: Record<EmailMode, string> = {
  IMMEDIATE: 'Immediately',
  DIGEST: 'Daily digest',
  OFF: 'Off',
};

/** One kind: e-mail as a labelled radio group, push as a switch. */
function KindSettings({
  setting,
  onChange,
}: {
  setting: NotificationSetting;
  onChange: (next: NotificationSetting) => void;
}) {
  const label = NOTIFICATION_KIND_LABELS[setting.kind];
  const id = `notif-${setting.kind.toLowerCase()}`;
  return (
    <li className="px-4 py-4">
      <fieldset>
        <legend className="font-medium">{label}</legend>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
          <div
            role="radiogroup"
            aria-label={`E-mail for ${label}`}
            className="flex flex-wrap gap-1"
          >
            <span className="mr-1 self-center text-sm text-muted" aria-hidden="true">
              E-mail
            </span>
            {EMAIL_MODES.map((mode) => (
              <label
                key={mode}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-border px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
              >
                <input
                  type="radio"
                  name={`${id}-email`}
                  value={mode}
                  checked={setting.email === mode}
                  onChange={() => onChange({ ...setting, email: mode })}
                  className="accent-primary"
                />
                {EMAIL_LABELS[mode]}
              </label>
            ))}
          </div>
          <label className="ml-auto flex min-h-11 cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              role="switch"
              aria-checked={setting.push}
              aria-label={`Push for ${label}`}
              checked={setting.push}
              onChange={(e) => onChange({ ...setting, push: e.target.checked })}
              className="size-5 accent-primary"
            />
            <span aria-hidden="true">Push</span>
          </label>
        </div>
      </fieldset>
    </li>
  );
}

export default function NotificationSettingsPage() {
  useDocumentTitle('Notifications');
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
      .catch((e: unknown) => live && setLoadError(errorMessage(e, 'Failed to load')));
    return () => {
      live = false;
    };
  }, []);

  const save = async () => {
    if (settings === null) return;
    const parsed = notificationSettingsUpdateSchema.safeParse(settings);
    if (!parsed.success) {
      setSaveError('Some settings are not valid.');
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      setSettings(await notificationsApi.saveSettings(parsed.data));
      setDirty(false);
      toast.success('Notification settings saved');
    } catch (e) {
      setSaveError(errorMessage(e, 'Failed to save your notification settings'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title="Notifications" back="/app/account" />
      <p className="mb-4 text-sm text-muted">
        Choose how Evenly tells you about things other people do. The daily digest arrives once a
        day at 08:00 UTC with everything since the last one. You never get mail about your own
        actions, and every mail has a one-click unsubscribe link.
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
          <ul className="card mb-4 divide-y divide-border" aria-label="Notification kinds">
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
              {saving ? 'Saving…' : 'Save'}
            </button>
            <p className="text-sm text-muted" role="status">
              {dirty ? 'Unsaved changes' : ''}
            </p>
          </div>
        </form>
      ) : null}
    </>
  );
}
