import { useCallback } from 'react';
import { errorMessage } from '../api/client';
import { expensesApi } from '../api/expenses';
import { paymentsApi } from '../api/payments';
import { useToast } from '../components/toast/toastContext';
import { useInvalidateAll } from './useInvalidate';

/**
 * After a delete: "Expense deleted" / "Payment deleted" with Undo for 10 seconds (issue #13).
 * Undo restores the entry through the API (exactly as it was; an exchange's two payments
 * together) and refetches what is shown; a refusal (someone left the group…) says why.
 */
export function useUndoToast(): (kind: 'expense' | 'payment', id: number) => void {
  const toast = useToast();
  const invalidate = useInvalidateAll();
  return useCallback(
    (kind, id) => {
      const noun = kind === 'expense' ? 'Expense' : 'Payment';
      toast.action(`${noun} deleted`, {
        label: 'Undo',
        run: async () => {
          try {
            await (kind === 'expense' ? expensesApi.restore(id) : paymentsApi.restore(id));
            toast.success(`${noun} restored`);
          } catch (e) {
            toast.error(`Failed to undo: ${errorMessage(e, 'Unknown error')}`);
          } finally {
            await invalidate();
          }
        },
      });
    },
    [toast, invalidate],
  );
}
