import { useCallback, useState } from 'react';
import { getTheme, setTheme, type Theme } from '../lib/storage';

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const [theme, setThemeState] = useState<Theme>(getTheme);
  const toggleTheme = useCallback(() => {
    setThemeState((current) => {
      const next: Theme = current === 'dark' ? 'light' : 'dark';
      setTheme(next);
      return next;
    });
  }, []);
  return { theme, toggleTheme };
}
