import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '../api/notifications';
import { queryKeys } from '../api/queryKeys';

/** The bell's number; live events invalidate it (useLiveEvents), so it needs no polling. */
export function useUnreadNotifications(enabled = true) {
  return useQuery({
    queryKey: queryKeys.unreadNotifications,
    queryFn: notificationsApi.unreadCount,
    enabled,
    select: (data) => data.count,
  });
}

/** Notifications newest first, a page at a time (`fetchNextPage` follows X-Next-Cursor). */
export function useNotificationList() {
  return useInfiniteQuery({
    queryKey: queryKeys.notificationList,
    queryFn: ({ pageParam }) => notificationsApi.page(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/** Marks read (some ids, or all with `null`) and refetches the list and the count. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | null) =>
      ids === null ? notificationsApi.markAllRead() : notificationsApi.markRead(ids),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
