import { useQuery } from '@tanstack/react-query';
import { groupsApi } from '../api/groups';
import { queryKeys } from '../api/queryKeys';

export function useMyGroups() {
  return useQuery({ queryKey: queryKeys.groups, queryFn: groupsApi.my });
}

export function useGroup(id: number | null) {
  return useQuery({
    queryKey: queryKeys.group(id ?? 0),
    queryFn: () => groupsApi.get(id ?? 0),
    enabled: id !== null,
  });
}

export function useGroupTransactions(id: number | null) {
  return useQuery({
    queryKey: queryKeys.transactions(id ?? 0),
    queryFn: () => groupsApi.transactions(id ?? 0),
    enabled: id !== null,
  });
}

export function useGroupBalances(id: number | null) {
  return useQuery({
    queryKey: queryKeys.groupBalances(id ?? 0),
    queryFn: () => groupsApi.balances(id ?? 0),
    enabled: id !== null,
  });
}

export function useSettleSuggestions(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.suggestions(id ?? 0),
    queryFn: () => groupsApi.settleSuggestions(id ?? 0),
    enabled: id !== null && enabled,
  });
}
