import { Link, NavLink } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FriendBalance, Friendship } from '../../api/types';
import { formatMoney, isZero } from '../../lib/money';
import { Avatar } from '../Avatar';
import { BalanceText } from '../BalanceText';
import { TrashIcon } from '../icons';
import { RemindButton } from '../RemindButton';

export function FriendRow({
  friendship,
  approximate,
  onRemove,
  compact = false,
}: {
  friendship: Friendship;
  /** In the narrow list beside a friend's page (desktop): Remind as a bell alone. */
  compact?: boolean;
  /** The net over every currency in the user's home currency, when they chose one. */
  approximate?: FriendBalance['approximate'];
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const other = friendship.otherUser;
  if (!other) {
    return (
      <li className="px-4 py-3 text-sm text-muted">
        <Trans>Friend data incomplete</Trans>
      </li>
    );
  }
  const nonGroup = friendship.nonGroupBalance;
  // Balances in currencies other than the primary one shown on the right.
  const others = (friendship.byCurrency ?? []).filter(
    (c) => c.currency !== friendship.currency && !isZero(c.netBalance, c.currency),
  );
  // They owe the user something in some currency: worth a reminder.
  const owesYou =
    friendship.netBalance > 0 && !isZero(friendship.netBalance, friendship.currency)
      ? true
      : others.some((c) => c.netBalance > 0);
  // Anything open in any currency: settle up from here, the form filled in with it.
  const open =
    !isZero(friendship.netBalance, friendship.currency) ||
    (friendship.byCurrency ?? []).some((c) => !isZero(c.netBalance, c.currency));
  const showApprox =
    approximate !== undefined &&
    (others.length > 0 || approximate.currency !== friendship.currency);
  const name = other.name;
  const approxTotal = approximate
    ? `${approximate.netBalance < 0 ? '−' : '+'}${formatMoney(Math.abs(approximate.netBalance), approximate.currency)}`
    : '';
  const alsoOwe = (net: number, amount: string) =>
    net > 0 ? t`Also owes you ${amount}` : t`You also owe ${amount}`;
  const outsideGroups = (net: number, amount: string) =>
    net > 0 ? t`Outside groups: owes you ${amount}` : t`Outside groups: you owe ${amount}`;
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      {/* The person opens their page: balances by group and what you share outside groups. */}
      <NavLink
        to={`/app/friends/${other.id}`}
        className={({ isActive }) =>
          `-my-1 -ml-2 flex min-w-0 flex-1 items-center gap-3 rounded-xl py-1 pl-2 hover:bg-surface-2 ${
            isActive ? 'bg-primary-soft' : ''
          }`
        }
      >
        <Avatar name={other.name} src={other.avatarUrl ?? null} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{other.name}</p>
          <p className="truncate text-xs text-muted" translate="no">
            {other.email}
          </p>
          {!isZero(nonGroup) ? (
            <p className="text-xs text-muted">
              {outsideGroups(nonGroup, formatMoney(Math.abs(nonGroup), friendship.currency))}
            </p>
          ) : null}
          {others.map((c) => (
            <p key={c.currency} className="text-xs text-muted">
              {alsoOwe(c.netBalance, formatMoney(Math.abs(c.netBalance), c.currency))}
            </p>
          ))}
          {showApprox && approximate ? (
            <p className="text-xs text-muted">{t`≈ ${approxTotal} in all (approximate)`}</p>
          ) : null}
        </div>
      </NavLink>
      <BalanceText amount={friendship.netBalance} currency={friendship.currency} />
      {open ? (
        <Link
          to={`/app/settle-up?with=${other.id}`}
          className="inline-flex min-h-11 items-center px-1 text-sm font-semibold text-primary hover:underline"
          aria-label={t`Settle with ${name}`}
        >
          <Trans>Settle</Trans>
        </Link>
      ) : null}
      {owesYou ? (
        <RemindButton userId={other.id} name={other.name} groupId={null} iconOnly={compact} />
      ) : null}
      <button
        type="button"
        className="btn-ghost px-2 text-muted hover:text-danger"
        onClick={onRemove}
        aria-label={t`Remove ${name}`}
      >
        <TrashIcon className="size-5" />
      </button>
    </li>
  );
}
