// The theme on the page: the stored choice (lib/storage) resolved against the device's
// preference, applied to <html> and the browser bar, and re-applied when either changes (the
// device switching to dark at sunset, the choice made in another tab).
import { getThemeChoice, setThemeChoice, THEME_KEY } from './storage';
import {
  PREFERS_DARK_QUERY,
  resolveTheme,
  type Theme,
  type ThemeChoice,
  themeColor,
} from './theme';

const listeners = new Set<() => void>();

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PREFERS_DARK_QUERY).matches;
}

/** The theme the page shows now. */
export function currentTheme(): Theme {
  return resolveTheme(getThemeChoice(), systemPrefersDark());
}

function apply(): void {
  const theme = currentTheme();
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor(theme));
  for (const listener of listeners) listener();
}

/** Stores the choice and shows it at once. */
export function chooseTheme(choice: ThemeChoice): void {
  setThemeChoice(choice);
  apply();
}

/** For useSyncExternalStore: called after every change of the theme shown or chosen. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let started = false;

/**
 * Applies the theme and keeps following the device's preference and other tabs' choices for
 * the life of the page; called once at start-up (a second call does nothing).
 */
export function startThemeSync(): void {
  if (started) return;
  started = true;
  apply();
  if (typeof window.matchMedia === 'function') {
    window.matchMedia(PREFERS_DARK_QUERY).addEventListener('change', apply);
  }
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_KEY || event.key === null) apply();
  });
}
