import { useCallback, useEffect, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { appErrorText } from '../lib/appErrors';
import type { PushDeviceState } from '../lib/push';
import { disablePush, enablePush, pushDeviceState, resyncPushSubscription } from '../lib/push';

export interface PushDevice {
  /** null while the state is being read. */
  state: PushDeviceState | null;
  busy: boolean;
  error: string | null;
  enable: () => Promise<void>;
  disable: () => Promise<void>;
}

/** This device's push subscription: its state, and turning it on or off. */
export function usePushDevice(): PushDevice {
  const { i18n } = useLingui();
  const [state, setState] = useState<PushDeviceState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const current = await pushDeviceState();
        if (live) setState(current);
        // Keep the server's copy in step (renewed by the browser, or removed there).
        if (current === 'on') await resyncPushSubscription();
      } catch {
        if (live) setState((s) => s ?? 'unsupported');
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  const run = useCallback(
    async (action: () => Promise<PushDeviceState>, fallback: MessageDescriptor) => {
      setBusy(true);
      setError(null);
      try {
        setState(await action());
      } catch (e) {
        setError(appErrorText(i18n, e, fallback));
        setState(await pushDeviceState().catch(() => 'unsupported' as const));
      } finally {
        setBusy(false);
      }
    },
    [i18n],
  );

  const enable = useCallback(
    () => run(enablePush, msg`Could not turn on push notifications.`),
    [run],
  );
  const disable = useCallback(
    () => run(disablePush, msg`Could not turn off push notifications.`),
    [run],
  );
  return { state, busy, error, enable, disable };
}
