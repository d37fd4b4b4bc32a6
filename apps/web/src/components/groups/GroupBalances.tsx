import type { BalanceLine } from '../../api/types';
import { formatMoney, isZero } from '../../lib/money';
import { Avatar } from '../Avatar';
import { RemindButton } from '../RemindButton';

/** `guestIds`: people without an account, who cannot be reminded (no Remind button). */
export function GroupBalances({
  lines,
  groupId,
  guestIds = [],
}: {
  lines: BalanceLine[];
  groupId: number;
  guestIds?: number[];
}) {
  const nonZero = lines.filter((l) => !isZero(l.netAmount));
  if (nonZero.length === 0) {
    return <p className="card p-4 text-sm text-muted">Everyone is settled up within this group.</p>;
  }
  return (
    <ul className="card divide-y divide-border">
      {nonZero.map((line) => (
        <li
          key={`${line.otherUser.id}-${line.currency}`}
          className="flex items-center gap-3 px-4 py-3"
        >
          <Avatar name={line.otherUser.name} size="sm" />
          {line.netAmount >= 0 ? (
            <>
              <p className="flex-1 text-sm">
                {line.otherUser.name} owes you{' '}
                <span className="font-semibold text-owed">
                  {formatMoney(line.netAmount, line.currency)}
                </span>
              </p>
              {guestIds.includes(line.otherUser.id) ? null : (
                <RemindButton
                  userId={line.otherUser.id}
                  name={line.otherUser.name}
                  groupId={groupId}
                />
              )}
            </>
          ) : (
            <p className="flex-1 text-sm">
              you owe {line.otherUser.name}{' '}
              <span className="font-semibold text-owe">
                {formatMoney(-line.netAmount, line.currency)}
              </span>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
