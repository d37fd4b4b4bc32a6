import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * For a scrolling pane of the app's layout: back to the top when the path changes (another page,
 * another group), as a new page would open. A changed query (`?expense=`) keeps the place.
 */
export function useScrollTopOnNavigate<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    ref.current?.scrollTo({ top: 0 });
  }, [pathname]);
  return ref;
}
