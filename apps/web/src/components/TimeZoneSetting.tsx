import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../api/auth';
import { errorMessage } from '../api/client';
import { queryKeys } from '../api/queryKeys';
import { useMe } from '../hooks/useBalances';
import { timeZoneChoices } from '../lib/timeZones';
import { SkeletonLine } from './Skeleton';
import { useToast } from './toast/toastContext';

/**
 * The person's time zone: taken from the browser at sign-in when none is stored
 * (useTimeZoneFromBrowser), changed here; the daily e-mail digest leaves at 08:00 in it.
 */
export function TimeZoneSetting() {
  const me = useMe();
  const toast = useToast();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const current = me.data?.timeZone ?? null;
  const zones = useMemo(() => timeZoneChoices(current), [current]);

  const save = async (timeZone: string) => {
    setSaving(true);
    try {
      client.setQueryData(queryKeys.me, await authApi.updateMe({ timeZone }));
      toast.success(`Time zone set to ${timeZone.replace(/_/g, ' ')}`);
    } catch (e) {
      toast.error(errorMessage(e, 'Failed to save your settings'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card mb-4 p-4" aria-labelledby="time-zone-title">
      <h2 id="time-zone-title" className="font-semibold">
        Time zone
      </h2>
      <p id="time-zone-hint" className="mb-3 text-sm text-muted">
        The daily e-mail digest arrives at 8:00 in the morning in this time zone.
      </p>
      {me.isPending ? (
        <SkeletonLine width="w-40" />
      ) : me.isError ? (
        <p className="text-sm text-danger">{me.error.message}</p>
      ) : (
        <>
          <label htmlFor="time-zone" className="sr-only">
            Time zone
          </label>
          <select
            id="time-zone"
            className="field min-h-11 w-full"
            aria-describedby="time-zone-hint"
            value={current ?? 'UTC'}
            disabled={saving}
            onChange={(event) => void save(event.target.value)}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </>
      )}
    </section>
  );
}
