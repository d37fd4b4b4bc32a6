import { useLocation, useSearchParams } from 'react-router';
import { safeNextPath } from '../lib/evenlyLinks';

/**
 * Where to go after signing in: `?next=` (a same-origin path only), else the page the route
 * guard turned the visitor away from; null = the app's start page.
 */
export function useReturnPath(): string | null {
  const [params] = useSearchParams();
  const location = useLocation();
  const origin = window.location.origin;
  const fromNext = safeNextPath(params.get('next'), origin);
  if (fromNext) return fromNext;
  const state: unknown = location.state;
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from = typeof state.from === 'string' ? state.from : null;
    return safeNextPath(from, origin);
  }
  return null;
}
