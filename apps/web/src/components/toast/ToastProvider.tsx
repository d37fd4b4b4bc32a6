import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { CheckIcon, CloseIcon, InfoIcon, WarningIcon } from '../icons';
import { ToastContext, type ToastAction, type ToastApi, type ToastKind } from './toastContext';
import { type RegisterToastRegion, ToastRegionContext } from './toastRegion';

/** Toasts close by themselves after 5 seconds (spec §9). */
export const TOAST_DURATION_MS = 5000;
/** A toast with a button ("Deleted — Undo") stays 10 seconds (issue #13). */
export const ACTION_TOAST_DURATION_MS = 10_000;

interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
  action: ToastAction | null;
}

const kindStyles: Record<ToastKind, string> = {
  success: 'border-l-owed',
  error: 'border-l-danger',
  info: 'border-l-primary',
};

/**
 * Where focus goes when an action toast that held it closes: back to where it was before, when
 * that is still on the page, else to the page's heading (made focusable for the moment).
 */
function refocus(previous: HTMLElement | null): void {
  if (previous?.isConnected && previous !== document.body) {
    previous.focus();
    return;
  }
  const heading = document.querySelector<HTMLElement>('main h1, h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

function ActionButton({ action, onDone }: { action: ToastAction; onDone: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const previous = useRef<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // After every effect of the same commit (a closing dialog hands focus back to its opener).
    const frame = requestAnimationFrame(() => {
      previous.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      button.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  useLayoutEffect(() => {
    const node = button.current;
    // A layout cleanup runs while the button is still in the document. It had the focus, or
    // the focus was lost meanwhile (a clicked button that turns disabled drops it): hand it on.
    return () => {
      const active = document.activeElement;
      if (node !== null && (active === node || active === null || active === document.body)) {
        refocus(previous.current);
      }
    };
  }, []);
  return (
    <button
      ref={button}
      type="button"
      className="btn-secondary min-h-11 shrink-0 px-3 py-1 text-sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void Promise.resolve(action.run()).finally(onDone);
      }}
    >
      {action.label}
    </button>
  );
}

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
          <p className={`flex-1 text-fg ${toast.action ? 'self-center' : ''}`}>{toast.message}</p>
          {toast.action ? (
            <ActionButton action={toast.action} onDone={() => dismiss(toast.id)} />
          ) : null}
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
