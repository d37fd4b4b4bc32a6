import { useLingui } from '@lingui/react/macro';
import { balanceMinor, type CurrencyBalance } from '../../lib/settleUp';
import { formatMoney } from '../../lib/money';

/**
 * What the user and one person owe each other, per currency ("You owe Bea $25.00", "Bea owes
 * you ¥2,000"), or that they are settled up; a non-empty `where` (" in this group") says the
 * balances are the group's: each sentence ends with "in this group".
 */
export function BalanceHint({
  name,
  balances,
  where = '',
}: {
  name: string;
  balances: readonly CurrencyBalance[];
  where?: string;
}) {
  const { t } = useLingui();
  const inGroup = where !== '';
  const open = balances.filter((b) => balanceMinor(b.amount, b.currency) !== 0);
  if (open.length === 0) {
    return (
      <p className="mt-1 text-sm text-muted">
        {inGroup
          ? t`You and ${name} are settled up in this group.`
          : t`You and ${name} are settled up.`}
      </p>
    );
  }
  return (
    <div className="mt-1 text-sm text-muted">
      {open.map((b) => {
        const money = formatMoney(Math.abs(b.amount), b.currency);
        const text =
          b.amount > 0
            ? inGroup
              ? t`${name} owes you ${money} in this group`
              : t`${name} owes you ${money}`
            : inGroup
              ? t`You owe ${name} ${money} in this group`
              : t`You owe ${name} ${money}`;
        return <p key={b.currency}>{text}</p>;
      })}
    </div>
  );
}
