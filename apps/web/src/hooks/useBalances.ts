import { useQuery } from '@tanstack/react-query';
import { activityApi, balancesApi } from '../api/balances';
import { expensesApi } from '../api/expenses';
import { queryKeys } from '../api/queryKeys';

export function useOverallBalance() {
  return useQuery({ queryKey: queryKeys.overall, queryFn: balancesApi.overall });
}

export function useActivity() {
  return useQuery({ queryKey: queryKeys.activity, queryFn: activityApi.list });
}

export function useComments(expenseId: number) {
  return useQuery({
    queryKey: queryKeys.comments(expenseId),
    queryFn: () => expensesApi.comments(expenseId),
  });
}
