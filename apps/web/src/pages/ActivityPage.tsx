import { Link } from 'react-router';
import type { ActivityItem } from '../api/types';
import { useCurrentUser } from '../auth/authContext';
import {
  ActivityIcon,
  ChatIcon,
  FriendsIcon,
  GroupIcon,
  ReceiptIcon,
  ScaleIcon,
} from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useActivity } from '../hooks/useBalances';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { formatDateTime } from '../lib/dates';
import { formatMoney, isZero } from '../lib/money';

/**
 * Server texts name people ("{payer} paid {recipient}", "{actor} added {name}"): the current
 * user reads "You"/"you" instead, placed by the actor or by the sign of `myShare`.
 */
function personalise(item: ActivityItem, me: { id: number; name: string }): string {
  const text = item.description;
  if (item.type === 'payment_added') {
    if (item.myShare > 0 && text.startsWith(`${me.name} paid `)) {
      return `You${text.slice(me.name.length)}`;
    }
    if (item.myShare < 0 && text.endsWith(` paid ${me.name}`)) {
      return `${text.slice(0, text.length - me.name.length)}you`;
    }
    return text;
  }
  if (
    (item.type === 'member_added' || item.type === 'member_left') &&
    item.actor?.id === me.id &&
    text.startsWith(`${me.name} `)
  ) {
    return `You${text.slice(me.name.length)}`;
  }
  return text;
}

function KindIcon({ type }: { type: string }) {
  if (type === 'group_created') return <GroupIcon className="size-5" />;
  if (type.startsWith('member_')) return <FriendsIcon className="size-5" />;
  if (type.startsWith('payment_')) return <ScaleIcon className="size-5" />;
  if (type === 'comment_added') return <ChatIcon className="size-5" />;
  return <ReceiptIcon className="size-5" />;
}

function describe(item: ActivityItem, me: { id: number; name: string }): string {
  const myId = me.id;
  const actor = item.actor ? (item.actor.id === myId ? 'You' : item.actor.name) : 'Someone';
  const where = item.group ? ` in "${item.group.name}"` : '';
  switch (item.type) {
    case 'expense_added':
      return `${actor} added "${item.description}"${where}`;
    case 'expense_updated':
      return `${actor} updated "${item.description}"${where}`;
    case 'expense_deleted':
      return `${actor} deleted "${item.description}"${where}`;
    case 'group_created':
      return `${actor} created the group "${item.description}"`;
    case 'payment_added':
      return `${personalise(item, me)}${where}`;
    case 'payment_updated':
      return `${actor} updated a payment: ${item.description}${where}`;
    case 'payment_deleted':
      return `${actor} deleted a payment: ${item.description}${where}`;
    case 'comment_added':
      return `${actor} commented: "${item.description}"`;
    default:
      return `${personalise(item, me)}${where}`;
  }
}

/**
 * What the event meant for the caller's balance (`myShare`: + = you get back, − = you owe).
 * Additions read "You get back" / "You owe" / "You paid"; later edits and deletions show the
 * change of the balance instead, so a deleted expense never reads as a new debt.
 */
function Effect({ item, myId }: { item: ActivityItem; myId: number }) {
  const currency = item.currency ?? 'USD';
  if (item.amount === null) return null;
  const share = isZero(item.myShare) ? 0 : item.myShare;
  if (item.type === 'expense_added') {
    if (share > 0) {
      return (
        <p className="text-sm font-medium text-owed">You get back {formatMoney(share, currency)}</p>
      );
    }
    if (share < 0) {
      return (
        <p className="text-sm font-medium text-owe">You owe {formatMoney(-share, currency)}</p>
      );
    }
    if (item.actor?.id === myId) {
      return <p className="text-sm text-muted">You paid {formatMoney(item.amount, currency)}</p>;
    }
  }
  if (item.type === 'payment_added' && share !== 0) {
    return share > 0 ? (
      <p className="text-sm text-muted">You paid {formatMoney(item.amount, currency)}</p>
    ) : (
      <p className="text-sm text-muted">You received {formatMoney(item.amount, currency)}</p>
    );
  }
  if (share !== 0) {
    return share > 0 ? (
      <p className="text-sm font-medium text-owed">Your balance +{formatMoney(share, currency)}</p>
    ) : (
      <p className="text-sm font-medium text-owe">Your balance −{formatMoney(-share, currency)}</p>
    );
  }
  return (
    <p className="text-sm text-muted">{formatMoney(item.amount, currency)} · no balance change</p>
  );
}

/** Group items open the group; expenses and payments outside groups open the friends page. */
function target(item: ActivityItem): string | null {
  if (item.groupId) return `/app/group/${item.groupId}`;
  if (item.expenseId !== null || item.paymentId !== null) return '/app/friends';
  return null;
}

export default function ActivityPage() {
  useDocumentTitle('Activity');
  const me = useCurrentUser();
  const { data, isPending, error } = useActivity();
  return (
    <>
      <PageHeader title="Recent activity" />
      {isPending ? (
        <SkeletonList rows={5} />
      ) : error ? (
        <p role="alert" className="card p-4 text-danger">
          {error.message}
        </p>
      ) : data.length === 0 ? (
        <div className="card flex flex-col items-center gap-2 p-8 text-center">
          <ActivityIcon className="size-10 text-muted" />
          <p className="font-semibold">No activity yet</p>
          <p className="text-sm text-muted">
            Expenses and groups you take part in will show up here.
          </p>
        </div>
      ) : (
        <ul className="card divide-y divide-border">
          {data.map((item) => {
            const content = (
              <>
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
                  <KindIcon type={item.type} />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm">{describe(item, me)}</p>
                  <Effect item={item} myId={me.id} />
                  <p className="text-xs text-muted">{formatDateTime(item.createdAt)}</p>
                </div>
              </>
            );
            return (
              <li key={item.id}>
                {target(item) ? (
                  <Link to={target(item) ?? ''} className="flex gap-3 px-4 py-3 hover:bg-surface-2">
                    {content}
                  </Link>
                ) : (
                  <div className="flex gap-3 px-4 py-3">{content}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
