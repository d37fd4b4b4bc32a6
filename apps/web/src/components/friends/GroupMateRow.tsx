import { Fragment } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PersonBalance } from '../../api/types';
import { groupsOf } from '../../lib/balanceScreens';
import { formatMoney, isZero } from '../../lib/money';
import { Avatar } from '../Avatar';
import { BalanceText } from '../BalanceText';

/**
 * Someone the user has a balance with without being friends (a group-mate, a guest, a former
 * member): listed on the Friends page so its lines add up to the overall figure. No friend page
 * or settle-up across groups exists for them, so the row leads to the groups behind the balance,
 * where it is settled.
 */
export function GroupMateRow({ person }: { person: PersonBalance }) {
  const { t } = useLingui();
  const other = person.otherUser;
  const groups = groupsOf(person);
  // Balances in currencies other than the primary one shown on the right.
  const others = person.byCurrency.filter(
    (c) => c.currency !== person.currency && !isZero(c.netBalance, c.currency),
  );
  const groupLinks = groups.map((g, i) => (
    <Fragment key={g.id}>
      {i > 0 ? t`, ` : null}
      <Link
        to={`/app/group/${String(g.id)}`}
        className="text-primary underline underline-offset-2"
        translate="no"
      >
        {g.name}
      </Link>
    </Fragment>
  ));
  const alsoOwe = (net: number, amount: string) =>
    net > 0 ? t`Also owes you ${amount}` : t`You also owe ${amount}`;
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <Avatar name={other.name} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{other.name}</p>
        <p className="text-xs text-muted">
          {groups.length === 0 ? (
            <Trans>Not a friend</Trans>
          ) : (
            <>
              <Trans>Group member · in {groupLinks}</Trans>
            </>
          )}
        </p>
        {others.map((c) => (
          <p key={c.currency} className="text-xs text-muted">
            {alsoOwe(c.netBalance, formatMoney(Math.abs(c.netBalance), c.currency))}
          </p>
        ))}
      </div>
      <BalanceText amount={person.netBalance} currency={person.currency} />
    </li>
  );
}
