import { useLingui } from '@lingui/react/macro';
import { useTheme } from '../hooks/useTheme';
import { MoonIcon, SunIcon } from './iconsBase';

export function ThemeToggle() {
  const { t } = useLingui();
  const { theme, toggleTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="btn-ghost px-3"
      onClick={toggleTheme}
      aria-pressed={dark}
      aria-label={dark ? t`Switch to light theme` : t`Switch to dark theme`}
    >
      {dark ? <SunIcon className="size-5" /> : <MoonIcon className="size-5" />}
    </button>
  );
}
