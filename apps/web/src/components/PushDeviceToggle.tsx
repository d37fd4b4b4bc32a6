import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePushDevice } from '../hooks/usePushDevice';
import type { PushDeviceState } from '../lib/push';
import { APP_NAME } from './Logo';
import { SkeletonLine } from './Skeleton';

const HINTS: Record<PushDeviceState, MessageDescriptor> = {
  unsupported: msg`This browser cannot receive push notifications here. On iPhone and iPad, add ${APP_NAME} to the Home Screen and open it from there.`,
  denied: msg`Notifications are blocked for ${APP_NAME} in this browser. Allow them in the site settings, then come back.`,
  off: msg`Get a notification on this device when something that involves you changes.`,
  on: msg`This device gets push notifications. Choose which ones in the notification settings.`,
};

/** "Enable push notifications on this device": one switch per device (browser). */
export function PushDeviceToggle() {
  const { i18n } = useLingui();
  const { state, busy, error, enable, disable } = usePushDevice();
  const unavailable = state === 'unsupported' || state === 'denied';

  return (
    <section className="card mb-4 p-4" aria-labelledby="push-device-title">
      <h2 id="push-device-title" className="font-semibold">
        <Trans>Push notifications</Trans>
      </h2>
      {state === null ? (
        <SkeletonLine width="w-56" />
      ) : (
        <>
          <label className="mt-2 flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              role="switch"
              className="size-5 accent-primary"
              checked={state === 'on'}
              disabled={busy || unavailable}
              aria-describedby="push-device-hint"
              onChange={(e) => void (e.target.checked ? enable() : disable())}
            />
            <span className="flex-1 font-medium">
              <Trans>Enable push notifications on this device</Trans>
            </span>
          </label>
          <p id="push-device-hint" className="text-sm text-muted">
            {i18n._(HINTS[state])}
          </p>
        </>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}
