import { useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const toast = useToast();
  const invalidate = useInvalidateAll();
  return useCallback(
    (kind, id) => {
      const expense = kind === 'expense';
      toast.action(expense ? t`Expense deleted` : t`Payment deleted`, {
        label: t`Undo`,
        run: async () => {
          try {
            await (kind === 'expense' ? expensesApi.restore(id) : paymentsApi.restore(id));
            toast.success(expense ? t`Expense restored` : t`Payment restored`);
          } catch (e) {
            const reason = errorMessage(e, t`Unknown error`);
            toast.error(t`Failed to undo: ${reason}`);
          } finally {
            await invalidate();
          }
        },
      });
    },
    [toast, invalidate, t],
  );
}
