// The admin area's registration mode: who may create an account, changed at run time; the
// REGISTRATION variable stays the default.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../api/admin';
import { errorMessage } from '../../api/client';
import type { AdminRegistration as Setting } from '../../api/types';
import { Alert } from '../Alert';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';

const MODES: { value: Setting['value']; label: string; hint: string }[] = [
  { value: 'open', label: 'Open', hint: 'Anyone can create an account.' },
  { value: 'invite', label: 'Invite only', hint: 'Only people with an invitation or invite link.' },
  { value: 'closed', label: 'Closed', hint: 'Nobody can create an account.' },
];

export function AdminRegistration() {
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
      toast.success(
        `Registration is ${MODES.find((m) => m.value === next.value)?.label ?? next.value} now`,
      );
      await client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    } catch (e) {
      toast.error(errorMessage(e, 'Could not change the registration setting.'));
    } finally {
      setBusy(false);
      setChoice(null);
    }
  };
  if (setting.isPending) return <SkeletonList rows={3} />;
  if (setting.isError) return <Alert>{errorMessage(setting.error)}</Alert>;
  const { value, overridden } = setting.data;
  const fallback =
    MODES.find((m) => m.value === setting.data.default)?.label ?? setting.data.default;
  return (
    <section aria-labelledby="admin-registration-title">
      <h2 id="admin-registration-title" className="mb-3 text-lg font-semibold">
        Registration
      </h2>
      <fieldset className="card p-4" disabled={busy}>
        <legend className="sr-only">Who may create an account</legend>
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
                  <span className="block font-medium">{m.label}</span>
                  <span className="block text-sm text-muted">{m.hint}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted">
          {overridden
            ? `Chosen here. The server's REGISTRATION setting says ${fallback}.`
            : `From the server's REGISTRATION setting (${fallback}).`}
        </p>
        {overridden ? (
          <button type="button" className="btn-secondary mt-3" onClick={() => void save(null)}>
            Go back to the server setting
          </button>
        ) : null}
      </fieldset>
    </section>
  );
}
