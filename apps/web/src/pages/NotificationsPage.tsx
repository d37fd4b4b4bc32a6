import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NotificationItem } from '../api/types';
import { useCurrentUser } from '../auth/authContext';
import { Effect, KindIcon } from '../components/activity/ActivityParts';
import { describe, target } from '../lib/activityText';
import { BellIcon } from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import {
  useMarkNotificationsRead,
  useNotificationList,
  useUnreadNotifications,
} from '../hooks/useNotifications';
import { appErrorText } from '../lib/appErrors';
import { formatDateTime } from '../lib/dates';

/** One notification: a link to what it is about (or a button when it leads nowhere). */
function Row({
  item,
  me,
  onOpen,
}: {
  item: NotificationItem;
  me: { id: number; name: string };
  onOpen: (item: NotificationItem) => void;
}) {
  // Subscribes to the language: the texts and the time are written in it, so a change renders
  // the row again.
  const { i18n: _language } = useLingui();
  const text = describe(item, me);
  const content: ReactNode = (
    <>
      <span
        className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${
          item.read ? 'bg-surface-2 text-muted' : 'bg-primary-soft text-primary'
        }`}
      >
        <KindIcon type={item.type} category={item.category} />
      </span>
      <div className="min-w-0 flex-1 text-start">
        <p className={`text-sm ${item.read ? '' : 'font-semibold'}`}>
          {item.read ? null : (
            <span className="sr-only">
              <Trans>Unread:</Trans>{' '}
            </span>
          )}
          {text}
        </p>
        <Effect item={item} myId={me.id} />
        <p className="text-xs text-muted">
          <time dateTime={item.createdAt} translate="no">
            {formatDateTime(item.createdAt)}
          </time>
        </p>
      </div>
      {item.read ? null : (
        <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-primary" />
      )}
    </>
  );
  const rowClass = `flex w-full gap-3 px-4 py-3 hover:bg-surface-2 ${item.read ? '' : 'bg-primary-soft/40'}`;
  const to = target(item);
  return (
    <li data-testid="notification" data-read={item.read ? 'true' : 'false'}>
      {to === null ? (
        <button type="button" className={rowClass} onClick={() => onOpen(item)}>
          {content}
        </button>
      ) : (
        <Link to={to} className={rowClass} onClick={() => onOpen(item)}>
          {content}
        </Link>
      )}
    </li>
  );
}

export default function NotificationsPage() {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`Notifications`);
  const me = useCurrentUser();
  const toast = useToast();
  const list = useNotificationList();
  const unread = useUnreadNotifications();
  const mark = useMarkNotificationsRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const markRead = (ids: number[] | null, failure: MessageDescriptor) =>
    mark.mutate(ids, {
      onError: (e) => {
        const reason = appErrorText(i18n, e, msg`Unknown error`);
        const what = i18n._(failure);
        toast.error(t`${what}: ${reason}`);
      },
    });
  // Opening a notification reads it; the link is followed at once, the mark goes on behind.
  const open = (item: NotificationItem) => {
    if (!item.read) markRead([item.id], msg`Failed to mark the notification as read`);
  };

  const unreadCount = unread.data ?? items.filter((i) => !i.read).length;
  const anyUnread = unreadCount > 0;
  return (
    <>
      <PageHeader title={t`Notifications`} />
      {anyUnread ? (
        <div className="mb-3 flex items-center justify-between gap-3">
          <p className="text-sm text-muted">
            {i18n._(msg`${plural(unreadCount, { one: '# unread', other: '# unread' })}`)}
          </p>
          <button
            type="button"
            className="btn-secondary px-3 py-2 text-sm"
            disabled={mark.isPending}
            onClick={() => markRead(null, msg`Failed to mark notifications as read`)}
          >
            <Trans>Mark all as read</Trans>
          </button>
        </div>
      ) : null}
      {list.isPending ? (
        <SkeletonList rows={5} />
      ) : list.error ? (
        <div role="alert" className="card flex flex-col items-start gap-3 p-4">
          <p className="text-danger">
            {appErrorText(i18n, list.error, msg`Could not load your notifications.`)}
          </p>
          <button type="button" className="btn-secondary" onClick={() => void list.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="card flex flex-col items-center gap-2 p-8 text-center">
          <BellIcon className="size-10 text-muted" />
          <p className="font-semibold">
            <Trans>No notifications yet</Trans>
          </p>
          <p className="text-sm text-muted">
            <Trans>
              When someone adds an expense or a payment with you, comments on one, or sends you a
              friend request, it shows up here.
            </Trans>
          </p>
        </div>
      ) : (
        <>
          <ul className="card divide-y divide-border overflow-hidden" aria-label={t`Notifications`}>
            {items.map((item) => (
              <Row key={item.id} item={item} me={me} onOpen={open} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <button
                type="button"
                className="btn-secondary"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? t`Loading…` : t`Show older`}
              </button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
