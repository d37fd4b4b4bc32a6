import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys';
import type { ReportRange } from '../api/reports';
import { reportsApi } from '../api/reports';

export function useGroupReport(groupId: number | null, range: ReportRange) {
  return useQuery({
    queryKey: queryKeys.groupReport(groupId ?? 0, range.from, range.to),
    queryFn: () => reportsApi.group(groupId ?? 0, range),
    enabled: groupId !== null,
  });
}

export function useMyReport(range: ReportRange) {
  return useQuery({
    queryKey: queryKeys.myReport(range.from, range.to),
    queryFn: () => reportsApi.mine(range),
  });
}

export function useBudgets() {
  return useQuery({ queryKey: queryKeys.budgets, queryFn: reportsApi.budgets });
}

export function useSaveBudget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (b: { category: string; amount: string; currency: string }) =>
      reportsApi.saveBudget(b.category, b.amount, b.currency),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.budgets }),
  });
}

export function useRemoveBudget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (category: string) => reportsApi.removeBudget(category),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.budgets }),
  });
}
