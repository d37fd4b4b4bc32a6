// How an activity row looks (the activity feed and the notifications): what it meant for the
// reader's balance and the icon of its kind; its text and link are in lib/activityText.ts.
import { useLingui } from '@lingui/react/macro';
import type { ActivityItem } from '../../api/types';
import { budgetProgress } from '../../lib/activityText';
import { formatMoney, isZero } from '../../lib/money';
import { CategoryIcon } from '../category/CategoryIcon';
import {
  BellIcon,
  ChartIcon,
  ChatIcon,
  FriendsIcon,
  GroupIcon,
  ReceiptIcon,
  ScaleIcon,
  UserIcon,
} from '../icons';

export function KindIcon({ type, category }: { type: string; category?: string | null }) {
  if (type.startsWith('expense_') && typeof category === 'string') {
    return <CategoryIcon id={category} className="size-5" />;
  }
  if (type === 'group_created') return <GroupIcon className="size-5" />;
  if (type.startsWith('member_')) return <FriendsIcon className="size-5" />;
  if (type.startsWith('payment_')) return <ScaleIcon className="size-5" />;
  if (type === 'comment_added') return <ChatIcon className="size-5" />;
  if (type === 'friend_request') return <UserIcon className="size-5" />;
  if (type === 'reminder') return <BellIcon className="size-5" />;
  if (type === 'budget_alert') return <ChartIcon className="size-5" />;
  return <ReceiptIcon className="size-5" />;
}

/**
 * What the event meant for the caller's balance (`myShare`: + = you get back, − = you owe).
 * Additions read "You get back" / "You owe" / "You paid"; later edits and deletions show the
 * change of the balance instead, so a deleted expense never reads as a new debt.
 */
export function Effect({ item, myId }: { item: ActivityItem; myId: number }) {
  const { t } = useLingui();
  const currency = item.currency ?? 'USD';
  if (item.amount === null) return null;
  const share = isZero(item.myShare) ? 0 : item.myShare;
  if (item.type === 'budget_alert') {
    // amount: my share this month; myShare: the budget.
    const over = item.amount >= item.myShare;
    return (
      <p className={`text-sm font-medium ${over ? 'text-owe' : 'text-muted'}`}>
        {budgetProgress(item)}
      </p>
    );
  }
  const amount = formatMoney(item.amount, currency);
  const gain = formatMoney(Math.abs(share), currency);
  if (item.type === 'expense_added') {
    if (share > 0) {
      return <p className="text-sm font-medium text-owed">{t`You get back ${gain}`}</p>;
    }
    if (share < 0) {
      return <p className="text-sm font-medium text-owe">{t`You owe ${gain}`}</p>;
    }
    if (item.actor?.id === myId) {
      return <p className="text-sm text-muted">{t`You paid ${amount}`}</p>;
    }
  }
  if (item.type === 'payment_added' && share !== 0) {
    return share > 0 ? (
      <p className="text-sm text-muted">{t`You paid ${amount}`}</p>
    ) : (
      <p className="text-sm text-muted">{t`You received ${amount}`}</p>
    );
  }
  if (share !== 0) {
    return share > 0 ? (
      <p className="text-sm font-medium text-owed">{t`Your balance +${gain}`}</p>
    ) : (
      <p className="text-sm font-medium text-owe">{t`Your balance −${gain}`}</p>
    );
  }
  return <p className="text-sm text-muted">{t`${amount} · no balance change`}</p>;
}
