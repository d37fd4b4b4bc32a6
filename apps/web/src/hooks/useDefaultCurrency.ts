import { recentCurrencies } from '../lib/currencies';
import { chooseDefaultCurrency } from '../lib/defaultCurrency';
import { browserLocale } from '../lib/money';
import { useMe } from './useBalances';

/**
 * The currency a new group or an empty settle-up starts in (lib/defaultCurrency): the profile's
 * home currency once it has loaded, else what this browser's locale and history suggest.
 */
export function useDefaultCurrency(): string {
  const me = useMe();
  return chooseDefaultCurrency({
    home: me.data?.homeCurrency,
    locale: browserLocale(),
    recent: recentCurrencies(),
  });
}
