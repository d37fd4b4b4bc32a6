import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BalanceLine } from '../../api/types';
import { settledMessage } from '../../lib/balanceScreens';
import { formatMoney, isZero } from '../../lib/money';
import { Avatar } from '../Avatar';
import { RemindButton } from '../RemindButton';

/**
 * The user's balance lines in a group. `guestIds`: people without an account, who cannot be
 * reminded (no Remind button). `onSettle` opens the payment form filled in for a line, either
 * way ("I paid Bea" when the user owes, "Bea paid me" when Bea does). `everyoneSettled`: nobody in
 * the group owes anybody (GET /groups/{id}), which tells "you are settled" from "everyone is".
 */
export function GroupBalances({
  lines,
  groupId,
  guestIds = [],
  everyoneSettled,
  onSettle,
}: {
  lines: BalanceLine[];
  groupId: number;
  guestIds?: number[];
  everyoneSettled?: boolean;
  onSettle?: (line: BalanceLine) => void;
}) {
  const { t } = useLingui();
  const nonZero = lines.filter((l) => !isZero(l.netAmount, l.currency));
  const settled = settledMessage(lines, everyoneSettled);
  if (settled !== null) {
    return <p className="card p-4 text-sm text-muted">{settled}</p>;
  }
  return (
    <ul className="card divide-y divide-border">
      {nonZero.map((line) => (
        <li
          key={`${line.otherUser.id}-${line.currency}`}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3"
        >
          <Avatar name={line.otherUser.name} size="sm" />
          {line.netAmount >= 0 ? (
            <>
              <p className="min-w-0 flex-1 text-sm">
                <Trans>
                  {ph({ name: line.otherUser.name })} owes you{' '}
                  <span className="font-semibold text-owed">
                    {ph({ amount: formatMoney(line.netAmount, line.currency) })}
                  </span>
                </Trans>
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
            <p className="min-w-0 flex-1 text-sm">
              <Trans>
                you owe {ph({ name: line.otherUser.name })}{' '}
                <span className="font-semibold text-owe">
                  {ph({ amount: formatMoney(-line.netAmount, line.currency) })}
                </span>
              </Trans>
            </p>
          )}
          {onSettle ? (
            <button
              type="button"
              className="btn-ghost min-h-11 px-2 text-sm text-primary"
              onClick={() => onSettle(line)}
              aria-label={t`Settle with ${{ name: line.otherUser.name }} (${{ currency: line.currency }})`}
            >
              <Trans>Settle</Trans>
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
