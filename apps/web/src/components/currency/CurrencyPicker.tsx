import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useRef, useState } from 'react';
import { currencyMatches, orderedOptions } from '../../lib/currencies';

export interface CurrencyPickerProps {
  id?: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  /** Listed first (e.g. the group's currency). */
  preferred?: readonly string[];
  disabled?: boolean;
}

/**
 * A searchable currency combobox (WAI-ARIA combobox with a listbox): type a code, a name or a
 * symbol; arrows move, Enter picks, Escape closes. The preferred and recent currencies come first.
 */
export function CurrencyPicker({
  id,
  label,
  value,
  onChange,
  preferred = [],
  disabled,
}: CurrencyPickerProps) {
  const { t, i18n } = useLingui();
  const autoId = useId();
  const inputId = id ?? `currency-${autoId}`;
  const listId = `${inputId}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  // The names are in the page's language: a new language names them again.
  const options = useMemo(
    () => orderedOptions([...preferred, value]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the locale is what changes the names
    [preferred, value, i18n.locale],
  );
  const filtered = useMemo(
    () => options.filter((o) => currencyMatches(o, query)),
    [options, query],
  );
  const pick = (code: string) => {
    onChange(code);
    setOpen(false);
    setQuery('');
  };
  const current = options.find((o) => o.code === value);

  return (
    <div className="relative">
      <label htmlFor={inputId} className="label">
        {label}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        className="field"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={
          open && filtered[active] ? `${listId}-${filtered[active].code}` : undefined
        }
        autoComplete="off"
        disabled={disabled}
        value={open ? query : current ? `${current.code} · ${current.name}` : value}
        placeholder={open ? (value ? t`${value} · search` : t`Search currencies`) : t`Not set`}
        onFocus={() => {
          setOpen(true);
          setQuery('');
          setActive(0);
        }}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, filtered.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter') {
            if (open && filtered[active]) {
              e.preventDefault();
              pick(filtered[active].code);
            }
          } else if (e.key === 'Escape') {
            setOpen(false);
            setQuery('');
          } else if (e.key === 'Tab') {
            // Leave with the list closed, so focus moves on to the next field.
            setOpen(false);
          }
        }}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          // Chromium makes scrolling boxes tab stops; the options are reached with the arrows.
          tabIndex={-1}
          aria-label={label}
          className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-border bg-surface shadow-lg"
        >
          {filtered.length === 0 ? (
            <li className="px-3 py-2 text-sm text-muted">
              <Trans>No currency matches.</Trans>
            </li>
          ) : (
            filtered.slice(0, 80).map((o, i) => (
              <li
                key={o.code}
                id={`${listId}-${o.code}`}
                role="option"
                aria-selected={o.code === value}
                className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-primary-soft' : ''}`}
                // mousedown, not click: it comes before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(o.code);
                }}
                onMouseEnter={() => setActive(i)}
              >
                <span className="font-semibold">{o.code}</span> · {o.name}{' '}
                <span className="text-muted">{o.symbol !== o.code ? o.symbol : ''}</span>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
