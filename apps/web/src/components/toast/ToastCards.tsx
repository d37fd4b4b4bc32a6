// The toasts themselves, loaded with the first one: most page loads show none, and the first
// load of the sign-in page has a budget (ToastProvider keeps the live region from the start).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { CheckIcon, CloseIcon, InfoIcon, WarningIcon } from '../iconsBase';
import type { ToastAction, ToastKind } from './toastContext';

export interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
  action: ToastAction | null;
}

const kindStyles: Record<ToastKind, string> = {
  success: 'border-s-owed',
  error: 'border-s-danger',
  info: 'border-s-primary',
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

export default function ToastCards({
  toasts,
  dismiss,
}: {
  toasts: readonly ToastItem[];
  dismiss: (id: number) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          className={`card pointer-events-auto flex items-start gap-3 border-s-4 p-3 text-sm ${kindStyles[toast.kind]}`}
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
            aria-label={t`Dismiss notification`}
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ))}
    </>
  );
}
