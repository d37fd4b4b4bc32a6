import type { Friendship } from '../../api/types';
import { formatMoney, isZero } from '../../lib/money';
import { Avatar } from '../Avatar';
import { BalanceText } from '../BalanceText';
import { TrashIcon } from '../icons';

export function FriendRow({
  friendship,
  onRemove,
}: {
  friendship: Friendship;
  onRemove: () => void;
}) {
  const other = friendship.otherUser;
  if (!other) {
    return <li className="px-4 py-3 text-sm text-muted">Friend data incomplete</li>;
  }
  const nonGroup = friendship.nonGroupBalance;
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <Avatar name={other.name} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{other.name}</p>
        <p className="truncate text-xs text-muted">{other.email}</p>
        {!isZero(nonGroup) ? (
          <p className="text-xs text-muted">
            Outside groups: {nonGroup > 0 ? 'owes you ' : 'you owe '}
            {formatMoney(Math.abs(nonGroup), friendship.currency)}
          </p>
        ) : null}
      </div>
      <BalanceText amount={friendship.netBalance} currency={friendship.currency} />
      <button
        type="button"
        className="btn-ghost px-2 text-muted hover:text-danger"
        onClick={onRemove}
        aria-label={`Remove ${other.name}`}
      >
        <TrashIcon className="size-5" />
      </button>
    </li>
  );
}
