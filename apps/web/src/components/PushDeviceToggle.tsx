import { usePushDevice } from '../hooks/usePushDevice';
import { SkeletonLine } from './Skeleton';

const HINTS = {
  unsupported:
    'This browser cannot receive push notifications here. On iPhone and iPad, add Evenly to the Home Screen and open it from there.',
  denied:
    'Notifications are blocked for Evenly in this browser. Allow them in the site settings, then come back.',
  off: 'Get a notification on this device when something that involves you changes.',
  on: 'This device gets push notifications. Choose which ones in the notification settings.',
} as const;

/** "Enable push notifications on this device": one switch per device (browser). */
export function PushDeviceToggle() {
  const { state, busy, error, enable, disable } = usePushDevice();
  const unavailable = state === 'unsupported' || state === 'denied';

  return (
    <section className="card mb-4 p-4" aria-labelledby="push-device-title">
      <h2 id="push-device-title" className="font-semibold">
        Push notifications
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
            <span className="flex-1 font-medium">Enable push notifications on this device</span>
          </label>
          <p id="push-device-hint" className="text-sm text-muted">
            {HINTS[state]}
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
