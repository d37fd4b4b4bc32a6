import { createContext, useContext } from 'react';

export type ToastKind = 'success' | 'error' | 'info';

/** A button in a toast ("Undo"): it runs once, then the toast closes. */
export interface ToastAction {
  label: string;
  run: () => void | Promise<void>;
}

export interface ToastApi {
  show: (message: string, kind?: ToastKind) => void;
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  /**
   * A success toast with a button (e.g. "Expense deleted" with "Undo"), shown for
   * ACTION_TOAST_DURATION_MS (10 s). The button takes the keyboard focus, since what had it was
   * usually just removed; focus goes back to the page when the toast closes.
   */
  action: (message: string, action: ToastAction) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
