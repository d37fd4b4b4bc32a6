import { useSyncExternalStore } from 'react';

/**
 * Wide screens get the desktop layout (side navigation, list and detail side by side). The same
 * width as Tailwind's `lg` breakpoint (64rem = 1024 px), so CSS and script switch together.
 */
export const DESKTOP_QUERY = '(min-width: 64rem)';

/** Whether the media query matches now; re-renders when that changes (resize, rotation). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** True from 1024 px wide: the desktop layout. */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}
