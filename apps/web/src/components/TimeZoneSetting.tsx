import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../api/auth';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { queryKeys } from '../api/queryKeys';
import { useMe } from '../hooks/useBalances';
import { appErrorText } from '../lib/appErrors';
import { timeZoneChoices } from '../lib/timeZones';
import { SkeletonLine } from './Skeleton';
import { useToast } from './toast/toastContext';

/**
 * The person's time zone: taken from the browser at sign-in when none is stored
 * (useTimeZoneFromBrowser), changed here; the daily e-mail digest leaves at 08:00 in it.
 */
export function TimeZoneSetting() {
  const { i18n, t } = useLingui();
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
      const zone = timeZone.replace(/_/g, ' ');
      toast.success(t`Time zone set to ${zone}`);
    } catch (e) {
      toast.error(appErrorText(i18n, e, msg`Failed to save your settings`));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card mb-4 p-4" aria-labelledby="time-zone-title">
      <h2 id="time-zone-title" className="font-semibold">
        <Trans>Time zone</Trans>
      </h2>
      <p id="time-zone-hint" className="mb-3 text-sm text-muted">
        <Trans>The daily e-mail digest arrives at 8:00 in the morning in this time zone.</Trans>
      </p>
      {me.isPending ? (
        <SkeletonLine width="w-40" />
      ) : me.isError ? (
        <p className="text-sm text-danger">
          {appErrorText(i18n, me.error, msg`Could not load your settings.`)}
        </p>
      ) : (
        <>
          <label htmlFor="time-zone" className="sr-only">
            <Trans>Time zone</Trans>
          </label>
          <select
            id="time-zone"
            className="field min-h-11 w-full"
            translate="no"
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
