import { msg, ph, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { NavLink } from 'react-router';
import type { MyGroup } from '../../api/types';
import { MAX_GROUP_BALANCE_LINES } from '../../lib/constants';
import { formatMoney, isZero } from '../../lib/money';
import { GroupCoverBadge } from './GroupCoverBadge';

export function GroupCard({ group }: { group: MyGroup }) {
  const { t, i18n } = useLingui();
  const { net, currency, approximate } = group.myBalance;
  // Worth showing only when lines in other currencies than the home one are involved.
  const showApprox =
    approximate !== undefined &&
    group.myBalance.lines.some(
      (l) => l.currency !== approximate.currency && !isZero(l.netAmount, l.currency),
    );
  const lines = group.myBalance.lines
    .filter((line) => !isZero(line.netAmount))
    .sort((a, b) => Math.abs(b.netAmount) - Math.abs(a.netAmount));
  const shown = lines.slice(0, MAX_GROUP_BALANCE_LINES);
  const more = lines.length - shown.length;
  const approxAmount = approximate
    ? `${approximate.net < 0 ? '−' : '+'}${formatMoney(Math.abs(approximate.net), approximate.currency)}`
    : '';

  return (
    <NavLink
      to={`/app/group/${group.id}`}
      className={({ isActive }) =>
        `card flex items-start gap-3 p-4 transition-colors hover:border-primary/50 ${
          isActive ? 'border-primary ring-1 ring-primary' : ''
        }`
      }
    >
      <GroupCoverBadge name={group.name} emoji={group.coverEmoji} color={group.coverColor} />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">{group.name}</h2>
        <ul className="mt-1 flex flex-col gap-0.5 text-sm text-muted">
          {shown.map((line) => (
            <li key={`${line.otherUser.id}-${line.currency}`}>
              {line.netAmount < 0 ? (
                <Trans>
                  You owe {ph({ name: line.otherUser.name })}{' '}
                  <span className="font-medium text-owe">
                    {ph({ amount: formatMoney(-line.netAmount, line.currency) })}
                  </span>
                </Trans>
              ) : (
                <Trans>
                  {ph({ name: line.otherUser.name })} owes you{' '}
                  <span className="font-medium text-owed">
                    {ph({ amount: formatMoney(line.netAmount, line.currency) })}
                  </span>
                </Trans>
              )}
            </li>
          ))}
          {more > 0 ? (
            <li>
              {i18n._(
                msg`${plural(more, { one: 'Plus # more balance', other: 'Plus # more balances' })}`,
              )}
            </li>
          ) : null}
        </ul>
      </div>
      <div className="shrink-0 text-end">
        {isZero(net) ? (
          <span className="text-sm text-muted">
            <Trans>Settled up</Trans>
          </span>
        ) : net < 0 ? (
          <>
            <span className="block text-xs text-owe">
              <Trans>you owe</Trans>
            </span>
            <span className="font-semibold text-owe">{formatMoney(-net, currency)}</span>
          </>
        ) : (
          <>
            <span className="block text-xs text-owed">
              <Trans>you are owed</Trans>
            </span>
            <span className="font-semibold text-owed">{formatMoney(net, currency)}</span>
          </>
        )}
        {showApprox && approximate ? (
          <span className="block text-xs text-muted">{t`≈ ${approxAmount} in all`}</span>
        ) : null}
      </div>
    </NavLink>
  );
}
