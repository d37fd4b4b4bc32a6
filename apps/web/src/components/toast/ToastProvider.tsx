import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { ToastItem } from './ToastCards';
import { ToastContext, type ToastAction, type ToastApi, type ToastKind } from './toastContext';
import { type RegisterToastRegion, ToastRegionContext } from './toastRegion';

/**
 * The toasts as plain lines, for when their chunk cannot be fetched (offline before the service
 * worker holds it, or a new version replaced it on the server): an import that fails inside
 * `lazy` would otherwise throw through the whole app and leave a blank page, and the toast that
 * says "Saved on this device" is the one shown offline.
 */
function PlainToasts({ toasts }: { toasts: readonly ToastItem[] }) {
  return (
    <>
      {toasts.map((toast) => (
        <p
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          className="card pointer-events-auto p-3 text-sm text-fg"
        >
          {toast.message}
        </p>
      ))}
    </>
  );
}

const ToastCards = lazy(() => import('./ToastCards').catch(() => ({ default: PlainToasts })));

/** Toasts close by themselves after 5 seconds (spec §9). */
export const TOAST_DURATION_MS = 5000;
/** A toast with a button ("Deleted — Undo") stays 10 seconds (issue #13). */
export const ACTION_TOAST_DURATION_MS = 10_000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const [regions, setRegions] = useState<readonly { element: HTMLElement; priority: number }[]>([]);
  const registerRegion = useCallback<RegisterToastRegion>((element, priority) => {
    setRegions((list) => [...list, { element, priority }]);
    return () => setRegions((list) => list.filter((r) => r.element !== element));
  }, []);
  // Toasts go into the layout's region of highest priority (the latest among equals), in the
  // page's flow (issue #13 point 8: never over a title or a control); without one, top right.
  const region = regions.reduce<(typeof regions)[number] | null>(
    (best, r) => (best === null || r.priority >= best.priority ? r : best),
    null,
  );

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const add = useCallback(
    (message: string, kind: ToastKind, action: ToastAction | null) => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-3), { id, message, kind, action }]);
      window.setTimeout(
        () => dismiss(id),
        action === null ? TOAST_DURATION_MS : ACTION_TOAST_DURATION_MS,
      );
    },
    [dismiss],
  );

  const api = useMemo<ToastApi>(
    () => ({
      show: (m, kind = 'info') => add(m, kind, null),
      success: (m) => add(m, 'success', null),
      error: (m) => add(m, 'error', null),
      info: (m) => add(m, 'info', null),
      action: (m, action) => add(m, 'success', action),
    }),
    [add],
  );

  const stack = (
    <div
      aria-live="polite"
      aria-atomic="false"
      className={
        region
          ? 'flex flex-col gap-2 [&:not(:empty)]:p-3'
          : 'pointer-events-none fixed top-3 end-3 z-[100] flex w-[min(22rem,calc(100vw-1.5rem))] flex-col gap-2'
      }
    >
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastCards toasts={toasts} dismiss={dismiss} />
        </Suspense>
      ) : null}
    </div>
  );

  return (
    <ToastContext.Provider value={api}>
      <ToastRegionContext.Provider value={registerRegion}>
        {children}
        {region ? createPortal(stack, region.element) : stack}
      </ToastRegionContext.Provider>
    </ToastContext.Provider>
  );
}
