import { useCallback, useSyncExternalStore } from 'react';
import { getThemeChoice } from '../lib/storage';
import type { Theme, ThemeChoice } from '../lib/theme';
import { chooseTheme, currentTheme, subscribeTheme } from '../lib/themeStore';

export interface ThemeState {
  /** What the person chose (System unless they picked Light or Dark). */
  choice: ThemeChoice;
  /** What the page shows. */
  theme: Theme;
  choose: (choice: ThemeChoice) => void;
  /** Light ↔ Dark from what is shown: the landing page's one button. */
  toggleTheme: () => void;
}

export function useTheme(): ThemeState {
  const choice = useSyncExternalStore(subscribeTheme, getThemeChoice);
  const theme = useSyncExternalStore(subscribeTheme, currentTheme);
  const toggleTheme = useCallback(() => {
    chooseTheme(currentTheme() === 'dark' ? 'light' : 'dark');
  }, []);
  return { choice, theme, choose: chooseTheme, toggleTheme };
}
