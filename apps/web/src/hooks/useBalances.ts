import { useQuery } from '@tanstack/react-query';
import { authApi } from '../api/auth';
import { activityApi, balancesApi } from '../api/balances';
import { expensesApi } from '../api/expenses';
import { queryKeys } from '../api/queryKeys';

export function useOverallBalance() {
  return useQuery({ queryKey: queryKeys.overall, queryFn: balancesApi.overall });
}

/** Friend balances with their approximate home-currency figure (by friend's user id). */
export function useFriendBalances(enabled = true) {
  return useQuery({ queryKey: queryKeys.friendBalances, queryFn: balancesApi.friends, enabled });
}

/** Everyone the user has a balance with, friends or not (their nets add up to the overall). */
export function usePeopleBalances() {
  return useQuery({ queryKey: queryKeys.peopleBalances, queryFn: balancesApi.people });
}

/** The signed-in user's settings (home currency). */
export function useMe() {
  return useQuery({ queryKey: queryKeys.me, queryFn: authApi.me });
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
