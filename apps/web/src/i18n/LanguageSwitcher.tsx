import { useId, type ChangeEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { SUPPORTED_LOCALES, isAppLocale } from '@evenly/core';
import type { Me } from '../api/types';
import { useAuth } from '../auth/authContext';
import { GlobeIcon } from '../components/iconsBase';
import { activateLocale } from './catalogs';
import { NATIVE_NAMES, storeLocale } from './locale';

/**
 * The language switcher (issue #32): each language by its own name, so a person finds theirs
 * whatever language the page is in. The choice is kept on this device at once and, signed in,
 * saved to the account (`PATCH /api/auth/me`), which carries it to other devices, e-mails and push.
 * `compact` hides the word "Language" (the globe says it) where a header has little room.
 * `className`: its display (`flex` unless, say, shown only from a width on).
 */
export function LanguageSwitcher({
  compact = false,
  className = 'flex',
  onSaved,
}: {
  compact?: boolean;
  className?: string;
  /** Called with the account after the server stored the choice. */
  onSaved?: (me: Me) => void;
}) {
  const { i18n, t } = useLingui();
  const { user } = useAuth();
  const id = useId();

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value;
    if (!isAppLocale(next)) return;
    storeLocale(next);
    void activateLocale(next);
    if (user !== null) {
      // Loaded on demand: the API client is not part of every page's first load.
      void import('../api/auth')
        .then(({ authApi }) => authApi.updateMe({ locale: next }))
        .then((me) => onSaved?.(me))
        .catch(() => undefined);
    }
  };

  return (
    <div className={`items-center gap-2 ${className}`}>
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm text-muted">
        <GlobeIcon className="size-5" />
        <span className={compact ? 'sr-only' : undefined}>{t`Language`}</span>
      </label>
      <select
        id={id}
        className="min-h-11 rounded-xl border border-border bg-surface ps-2 pe-1 text-sm text-fg focus-visible:border-primary"
        value={i18n.locale}
        onChange={onChange}
        translate="no"
      >
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {NATIVE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
