import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react/macro';
import { CloseIcon } from './icons';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Bottom sheet on phones, centred dialog on wider screens, wider again on desktops. */
  size?: 'sm' | 'md' | 'lg';
  role?: 'dialog' | 'alertdialog';
}

// Desktop (lg, from 1024 px): more room, so the long forms (expense: size lg) lay out in two
// columns and need little scrolling.
const sizes = {
  sm: 'sm:max-w-sm lg:max-w-md',
  md: 'sm:max-w-lg lg:max-w-xl',
  lg: 'sm:max-w-2xl lg:max-w-4xl',
};

/** Accessible modal: focus trapped inside, Escape and backdrop close it, focus returns after. */
export function Modal({
  title,
  onClose,
  children,
  footer,
  size = 'md',
  role = 'dialog',
}: ModalProps) {
  const { t } = useLingui();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = panel.current;
    const first =
      node?.querySelector<HTMLElement>('[data-autofocus]') ??
      node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKey = (event: KeyboardEvent) => {
      if (!node) return;
      if (event.key === 'Escape') {
        // Only the top-most modal reacts.
        const modals = document.querySelectorAll('[data-modal-panel]');
        if (modals[modals.length - 1] === node) {
          event.stopPropagation();
          onCloseRef.current();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem?.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, []);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div className="absolute inset-0 bg-black/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        data-modal-panel
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative flex max-h-[85vh] w-full flex-col overflow-hidden rounded-t-3xl border border-border bg-surface shadow-card sm:rounded-3xl ${sizes[size]}`}
      >
        <div className="flex items-center justify-between gap-2 border-b border-border px-5 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="-me-2 flex size-11 items-center justify-center rounded-xl text-muted hover:bg-surface-2 hover:text-fg"
            aria-label={t`Close`}
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <div className="min-h-0 overflow-y-auto px-5 py-4">{children}</div>
        {footer ? (
          <div className="flex flex-wrap justify-end gap-2 border-t border-border px-5 py-3">
            {footer}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
