import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { NotificationPage } from '../api/notifications';
import { queryKeys } from '../api/queryKeys';
import type { NotificationItem } from '../api/types';
import { markReadInCache } from './useNotifications';

function item(id: number, read: boolean): NotificationItem {
  return { id, read } as NotificationItem; // only the fields the cache update reads
}

function seeded(pages: NotificationItem[][], count: number) {
  const client = new QueryClient();
  client.setQueryData(queryKeys.notificationList, {
    pages: pages.map((items): NotificationPage => ({ items, next: null })),
    pageParams: pages.map(() => null),
  });
  client.setQueryData(queryKeys.unreadNotifications, { count });
  return client;
}

const readFlags = (client: QueryClient) =>
  client
    .getQueryData<{ pages: NotificationPage[] }>(queryKeys.notificationList)
    ?.pages.map((p) => p.items.map((i) => i.read));
const bell = (client: QueryClient) =>
  client.getQueryData<{ count: number }>(queryKeys.unreadNotifications)?.count;

describe('markReadInCache', () => {
  it('marks every loaded notification read and clears the bell, unloaded ones included', () => {
    const client = seeded([[item(3, false), item(2, true)], [item(1, false)]], 5);
    markReadInCache(client, null);
    expect(readFlags(client)).toEqual([[true, true], [true]]);
    expect(bell(client)).toBe(0);
  });

  it('marks only the given ids and lowers the bell by those that were unread', () => {
    const client = seeded([[item(3, false), item(2, true), item(1, false)]], 2);
    markReadInCache(client, [2, 3]);
    expect(readFlags(client)).toEqual([[true, true, false]]);
    expect(bell(client)).toBe(1);
  });

  it('returns the caches as they were, for a rollback', () => {
    const client = seeded([[item(1, false)]], 1);
    const before = markReadInCache(client, [1]);
    expect(before.list?.pages[0]?.items[0]?.read).toBe(false);
    expect(before.unread?.count).toBe(1);
  });

  it('leaves caches that were never loaded alone', () => {
    const client = new QueryClient();
    markReadInCache(client, null);
    expect(client.getQueryData(queryKeys.notificationList)).toBeUndefined();
    expect(client.getQueryData(queryKeys.unreadNotifications)).toBeUndefined();
  });
});
