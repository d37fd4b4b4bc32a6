import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useTheme } from '../../hooks/useTheme';
import { THEME_CHOICES, type ThemeChoice } from '../../lib/theme';
import { MoonIcon, SunIcon } from '../icons';

const THEME_LABELS: Readonly<Record<ThemeChoice, MessageDescriptor>> = {
  system: msg`System`,
  light: msg`Light`,
  dark: msg`Dark`,
};

/**
 * The account menu's theme row: System (follows the device), Light or Dark, as native radio
 * buttons so arrow keys and screen readers treat them as the one choice they are.
 */
export function ThemeSetting() {
  const { i18n } = useLingui();
  const { choice, theme, choose } = useTheme();
  const icon = 'size-5';
  return (
    <li>
      <div className="flex min-h-14 w-full flex-wrap items-center gap-3 px-4 py-3">
        <span className="text-muted" aria-hidden="true">
          {theme === 'dark' ? <MoonIcon className={icon} /> : <SunIcon className={icon} />}
        </span>
        <span id="theme-label" className="flex-1 font-medium">
          <Trans>Theme</Trans>
        </span>
        <span
          role="radiogroup"
          aria-labelledby="theme-label"
          className="grid grid-cols-3 gap-1 rounded-xl bg-surface-2 p-1"
        >
          {THEME_CHOICES.map((option) => (
            <label
              key={option}
              className="btn min-h-9 cursor-pointer px-3 text-center text-sm leading-tight whitespace-normal text-muted has-checked:bg-surface has-checked:text-primary has-checked:shadow-card has-focus-visible:ring-2 has-focus-visible:ring-primary"
            >
              <input
                type="radio"
                name="theme"
                value={option}
                className="sr-only"
                checked={choice === option}
                onChange={() => choose(option)}
              />
              {i18n._(THEME_LABELS[option])}
            </label>
          ))}
        </span>
      </div>
    </li>
  );
}
