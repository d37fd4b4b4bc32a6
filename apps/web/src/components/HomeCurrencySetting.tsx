import { useState } from 'react';
import { authApi } from '../api/auth';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMe } from '../hooks/useBalances';
import { useInvalidateAll } from '../hooks/useInvalidate';
import { appErrorText } from '../lib/appErrors';
import { rememberCurrency } from '../lib/currencies';
import { CurrencyPicker } from './currency/CurrencyPicker';
import { SkeletonLine } from './Skeleton';
import { useToast } from './toast/toastContext';

/**
 * The user's home currency: balance summaries then add every balance converted into it at
 * the latest cached rates, marked as approximate, beside the exact figures.
 */
export function HomeCurrencySetting() {
  const { i18n, t } = useLingui();
  const me = useMe();
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const [saving, setSaving] = useState(false);

  const save = async (homeCurrency: string | null) => {
    setSaving(true);
    try {
      await authApi.updateMe({ homeCurrency });
      if (homeCurrency) rememberCurrency(homeCurrency);
      toast.success(
        homeCurrency ? t`Home currency set to ${homeCurrency}` : t`Home currency cleared`,
      );
      await invalidate();
    } catch (e) {
      toast.error(appErrorText(i18n, e, msg`Failed to save your settings`));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card mb-4 p-4" aria-labelledby="home-currency-title">
      <h2 id="home-currency-title" className="font-semibold">
        <Trans>Home currency</Trans>
      </h2>
      <p id="home-currency-hint" className="mb-3 text-sm text-muted">
        <Trans>
          Balances in other currencies are also shown converted into it, approximately, at the
          latest exchange rates.
        </Trans>
      </p>
      {me.isPending ? (
        <SkeletonLine width="w-40" />
      ) : me.isError ? (
        <p className="text-sm text-danger">
          {appErrorText(i18n, me.error, msg`Could not load your settings.`)}
        </p>
      ) : (
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <CurrencyPicker
              id="home-currency"
              label={t`Currency`}
              value={me.data.homeCurrency ?? ''}
              disabled={saving}
              onChange={(code) => void save(code)}
            />
          </div>
          {me.data.homeCurrency ? (
            <button
              type="button"
              className="btn-secondary"
              disabled={saving}
              onClick={() => void save(null)}
            >
              <Trans>Clear</Trans>
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
