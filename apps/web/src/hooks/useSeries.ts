import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys';
import { seriesApi } from '../api/series';

/** The group's active recurring series (GET /groups/{id}/series). */
export function useGroupSeries(groupId: number) {
  return useQuery({
    queryKey: queryKeys.groupSeries(groupId),
    queryFn: () => seriesApi.forGroup(groupId),
  });
}
