// The theme (issue #31 point 5): the person chooses System (the default: whatever the device
// prefers, followed live), Light or Dark. The choice is kept in localStorage "theme" as before;
// System is the key's absence, so everyone who never chose follows their device.

/** What the person chose. */
export type ThemeChoice = 'system' | 'light' | 'dark';
/** What the page shows. */
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** The device's preference, as matchMedia reads it. */
export const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

/** The stored value read back: anything but "light" or "dark" (nothing, junk) is System. */
export function parseThemeChoice(stored: string | null): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** The theme shown for a choice, given whether the device prefers dark. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

/** The browser bar's colour (meta theme-color) in each theme: the page's own background. */
export function themeColor(theme: Theme): string {
  return theme === 'dark' ? '#0b1210' : '#0f7b66';
}
