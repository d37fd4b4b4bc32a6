import { Trans } from '@lingui/react/macro';
import { formatMoney, isZero } from '../lib/money';

/** "owes you $x" / "you owe $x" / "Settled up" for one person's net (positive = they owe you). */
export function BalanceText({ amount, currency = 'USD' }: { amount: number; currency?: string }) {
  if (isZero(amount))
    return (
      <span className="text-sm text-muted">
        <Trans>Settled up</Trans>
      </span>
    );
  return amount > 0 ? (
    <span className="text-end">
      <span className="block text-xs text-owed">
        <Trans>owes you</Trans>
      </span>
      <span className="amount font-semibold text-owed">{formatMoney(amount, currency)}</span>
    </span>
  ) : (
    <span className="text-end">
      <span className="block text-xs text-owe">
        <Trans>you owe</Trans>
      </span>
      <span className="amount font-semibold text-owe">{formatMoney(-amount, currency)}</span>
    </span>
  );
}
