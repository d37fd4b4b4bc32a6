import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { expensesApi } from '../api/expenses';
import { isExpense, type Expense, type Transaction } from '../api/types';

/**
 * `?expense=<id>` on a group page (links from notifications and the activity feed): once the
 * group's transactions are loaded, hands that expense to `open` and drops the parameter, so
 * closing the details or reloading does not open it again. One that is not among them (older
 * than the loaded page, e.g. a search result) is fetched; a deleted or unknown one leaves just
 * the group shown.
 */
export function useLinkedExpense(
  transactions: readonly Transaction[] | undefined,
  open: (expense: Expense) => void,
): void {
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('expense') ?? '');
  useEffect(() => {
    if (!Number.isSafeInteger(wanted) || wanted <= 0 || transactions === undefined) return;
    const found = transactions.find((t): t is Expense => isExpense(t) && t.id === wanted);
    if (found !== undefined) open(found);
    else {
      expensesApi.get(wanted).then(open, () => undefined);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('expense');
        return next;
      },
      { replace: true },
    );
  }, [wanted, transactions, open, setParams]);
}
