import { balanceMinor, type CurrencyBalance } from '../../lib/settleUp';
import { formatMoney } from '../../lib/money';

/**
 * What the user and one person owe each other, per currency ("You owe Bea $25.00", "Bea owes
 * you ¥2,000"), or that they are settled up; `where` ends each sentence (" in this group").
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
  const open = balances.filter((b) => balanceMinor(b.amount, b.currency) !== 0);
  if (open.length === 0) {
    return (
      <p className="mt-1 text-sm text-muted">
        You and {name} are settled up{where}.
      </p>
    );
  }
  return (
    <div className="mt-1 text-sm text-muted">
      {open.map((b) => (
        <p key={b.currency}>
          {b.amount > 0
            ? `${name} owes you ${formatMoney(b.amount, b.currency)}`
            : `You owe ${name} ${formatMoney(-b.amount, b.currency)}`}
          {where}
        </p>
      ))}
    </div>
  );
}
