import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type NotificationPage, notificationsApi } from '../api/notifications';
import { queryKeys } from '../api/queryKeys';
import type { UnreadCount } from '../api/types';

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

type ListData = InfiniteData<NotificationPage, string | null>;

/**
 * Shows notifications as read in the cached list and bell before the server answers, so the two
 * never disagree while their refetches arrive one after the other (`ids` null: all of them).
 * Returns the caches as they were, for a rollback.
 */
export function markReadInCache(client: QueryClient, ids: readonly number[] | null) {
  const list = client.getQueryData<ListData>(queryKeys.notificationList);
  const unread = client.getQueryData<UnreadCount>(queryKeys.unreadNotifications);
  const hits = (id: number) => ids === null || ids.includes(id);
  let flipped = 0;
  if (list !== undefined) {
    client.setQueryData<ListData>(queryKeys.notificationList, {
      ...list,
      pages: list.pages.map((page) => ({
        ...page,
        items: page.items.map((item) => {
          if (item.read || !hits(item.id)) return item;
          flipped += 1;
          return { ...item, read: true };
        }),
      })),
    });
  }
  if (unread !== undefined) {
    // Marking all clears the bell even for unread notifications on pages not yet loaded.
    const count = ids === null ? 0 : Math.max(0, unread.count - flipped);
    client.setQueryData<UnreadCount>(queryKeys.unreadNotifications, { ...unread, count });
  }
  return { list, unread };
}

/** Marks read (some ids, or all with `null`) at once in the caches, then refetches both. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | null) =>
      ids === null ? notificationsApi.markAllRead() : notificationsApi.markRead(ids),
    onMutate: async (ids) => {
      // A refetch already on its way would otherwise overwrite the optimistic state with the old.
      await client.cancelQueries({ queryKey: queryKeys.notifications });
      return markReadInCache(client, ids);
    },
    onError: (_error, _ids, before) => {
      if (before?.list !== undefined) client.setQueryData(queryKeys.notificationList, before.list);
      if (before?.unread !== undefined) {
        client.setQueryData(queryKeys.unreadNotifications, before.unread);
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
