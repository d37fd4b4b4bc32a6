import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../api/auth';
import { queryKeys } from '../api/queryKeys';
import { useMe } from '../hooks/useBalances';
import { activateLocale, currentLocale } from './catalogs';
import { isWebLocale, readStoredLocale, storeLocale } from './locale';

/**
 * The signed-in person's language follows them (issue #32): once their account is read, a
 * language stored with it becomes this device's choice (after signing in, or after changing it
 * on another device). An account without one takes this device's explicit choice (made on the
 * sign-in page, say), so that e-mails and push speak it too.
 */
export function useAccountLocale(): void {
  const me = useMe();
  const client = useQueryClient();
  const loaded = me.data !== undefined;
  const account = me.data?.locale ?? null;
  useEffect(() => {
    if (!loaded) return;
    const stored = readStoredLocale();
    if (account !== null) {
      if (stored !== account) storeLocale(account);
      if (currentLocale() !== account) void activateLocale(account);
    } else if (isWebLocale(stored) && stored !== 'pseudo') {
      authApi
        .updateMe({ locale: stored })
        .then((updated) => client.setQueryData(queryKeys.me, updated))
        .catch(() => undefined);
    }
  }, [loaded, account, client]);
}
