// The admin area's registration mode: who may create an account, changed at run time; the
// REGISTRATION variable stays the default.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminApi } from '../../api/admin';
import type { AdminRegistration as Setting } from '../../api/types';
import { Alert } from '../Alert';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';
import { appErrorText } from '../../lib/appErrors';

const MODES: { value: Setting['value']; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { value: 'open', label: msg`Open`, hint: msg`Anyone can create an account.` },
  {
    value: 'invite',
    label: msg`Invite only`,
    hint: msg`Only people with an invitation or invite link.`,
  },
  { value: 'closed', label: msg`Closed`, hint: msg`Nobody can create an account.` },
];

/** A mode's name, translated (the value itself when unknown). */
function modeLabel(i18n: I18n, value: string): string {
  const mode = MODES.find((m) => m.value === value);
  return mode === undefined ? value : i18n._(mode.label);
}

export function AdminRegistration() {
  const { i18n, t } = useLingui();
  const client = useQueryClient();
  const toast = useToast();
  const setting = useQuery({ queryKey: ['admin', 'registration'], queryFn: adminApi.registration });
  const [busy, setBusy] = useState(false);
  // The choice shows at once, while it is being saved (back to the stored one if that fails).
  const [choice, setChoice] = useState<Setting['value'] | null>(null);
  const save = async (value: Setting['value'] | null) => {
    setBusy(true);
    setChoice(value);
    try {
      const next = await adminApi.setRegistration(value);
      client.setQueryData(['admin', 'registration'], next);
      const mode = modeLabel(i18n, next.value);
      toast.success(t`Registration is ${mode} now`);
      await client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    } catch (e) {
      toast.error(appErrorText(i18n, e, msg`Could not change the registration setting.`));
    } finally {
      setBusy(false);
      setChoice(null);
    }
  };
  if (setting.isPending) return <SkeletonList rows={3} />;
  if (setting.isError)
    return <Alert>{appErrorText(i18n, setting.error, msg`Unknown error`)}</Alert>;
  const { value, overridden } = setting.data;
  const fallback = modeLabel(i18n, setting.data.default);
  return (
    <section aria-labelledby="admin-registration-title">
      <h2 id="admin-registration-title" className="mb-3 text-lg font-semibold">
        <Trans>Registration</Trans>
      </h2>
      {/* min-w-0: a fieldset is otherwise as wide as its longest line, past a phone's edge. */}
      <fieldset className="card min-w-0 p-4" disabled={busy}>
        <legend className="sr-only">
          <Trans>Who may create an account</Trans>
        </legend>
        <ul className="flex flex-col gap-2">
          {MODES.map((m) => (
            <li key={m.value}>
              <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl p-2 hover:bg-surface-2">
                <input
                  type="radio"
                  name="registration"
                  className="mt-1 size-4 accent-[var(--primary)]"
                  checked={(choice ?? value) === m.value}
                  onChange={() => void save(m.value)}
                />
                <span>
                  <span className="block font-medium">{i18n._(m.label)}</span>
                  <span className="block text-sm text-muted">{i18n._(m.hint)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted">
          {overridden
            ? t`Chosen here. The server's REGISTRATION setting says ${fallback}.`
            : t`From the server's REGISTRATION setting (${fallback}).`}
        </p>
        {overridden ? (
          <button
            type="button"
            className="btn-secondary mt-3 text-center whitespace-normal"
            onClick={() => void save(null)}
          >
            <Trans>Go back to the server setting</Trans>
          </button>
        ) : null}
      </fieldset>
    </section>
  );
}
