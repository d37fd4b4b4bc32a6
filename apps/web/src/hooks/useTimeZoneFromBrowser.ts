import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../api/auth';
import { queryKeys } from '../api/queryKeys';
import { browserTimeZone } from '../lib/timeZones';
import { useMe } from './useBalances';

/**
 * A signed-in person without a stored time zone gets the browser's, once per page load (a
 * refusal or a failure is not retried until the next load); a zone they chose is never replaced.
 */
export function useTimeZoneFromBrowser(): void {
  const me = useMe();
  const client = useQueryClient();
  const tried = useRef(false);
  const missing = me.data !== undefined && me.data.timeZone === null;
  useEffect(() => {
    if (!missing || tried.current) return;
    const zone = browserTimeZone();
    if (zone === null) return;
    tried.current = true;
    authApi
      .updateMe({ timeZone: zone })
      .then((updated) => client.setQueryData(queryKeys.me, updated))
      .catch(() => undefined);
  }, [missing, client]);
}
