import { useQuery } from '@tanstack/react-query';
import { expensesApi } from '../api/expenses';
import { queryKeys } from '../api/queryKeys';

/** Every expense the user takes part in (GET /expenses/my), newest first. */
export function useMyExpenses() {
  return useQuery({ queryKey: queryKeys.expenses, queryFn: expensesApi.my });
}
