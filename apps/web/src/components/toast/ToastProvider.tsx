import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CheckIcon, CloseIcon, InfoIcon, WarningIcon } from '../icons';
import { ToastContext, type ToastApi, type ToastKind } from './toastContext';
import { type RegisterToastRegion, ToastRegionContext } from './toastRegion';

/** Toasts close by themselves after 5 seconds (spec §9). */
export const TOAST_DURATION_MS = 5000;

interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
}

const kindStyles: Record<ToastKind, string> = {
  success: 'border-l-owed',
  error: 'border-l-danger',
  info: 'border-l-primary',
};

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

  const show = useCallback(
    (message: string, kind: ToastKind = 'info') => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-3), { id, message, kind }]);
      window.setTimeout(() => dismiss(id), TOAST_DURATION_MS);
    },
    [dismiss],
  );

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (m) => show(m, 'success'),
      error: (m) => show(m, 'error'),
      info: (m) => show(m, 'info'),
    }),
    [show],
  );

  const stack = (
    <div
      aria-live="polite"
      aria-atomic="false"
      className={
        region
          ? 'flex flex-col gap-2 [&:not(:empty)]:p-3'
          : 'pointer-events-none fixed top-3 right-3 z-[100] flex w-[min(22rem,calc(100vw-1.5rem))] flex-col gap-2'
      }
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          className={`card pointer-events-auto flex items-start gap-3 border-l-4 p-3 text-sm ${kindStyles[toast.kind]}`}
        >
          <span className="mt-0.5 shrink-0" aria-hidden="true">
            {toast.kind === 'success' ? (
              <CheckIcon className="size-5 text-owed" />
            ) : toast.kind === 'error' ? (
              <WarningIcon className="size-5 text-danger" />
            ) : (
              <InfoIcon className="size-5 text-primary" />
            )}
          </span>
          <p className="flex-1 text-fg">{toast.message}</p>
          <button
            type="button"
            onClick={() => dismiss(toast.id)}
            className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:text-fg"
            aria-label="Dismiss notification"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ))}
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
