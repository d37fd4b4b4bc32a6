import { Trans, useLingui } from '@lingui/react/macro';
import type { SettleSuggestion } from '../../api/types';
import { formatMoney } from '../../lib/money';

interface Props {
  suggestions: SettleSuggestion[];
  meId: number;
  onSettle: (suggestion: SettleSuggestion) => void;
}

/**
 * Debt-simplification plan shown when the group has "simplify debts" on; the user's own
 * transfers (either way) have a Record button that opens the payment form filled in.
 */
export function SettleSuggestions({ suggestions, meId, onSettle }: Props) {
  const { t } = useLingui();
  if (suggestions.length === 0) {
    return (
      <p className="text-sm text-muted">
        <Trans>No payments needed: everyone is settled up.</Trans>
      </p>
    );
  }
  return (
    <ul className="card divide-y divide-border">
      {suggestions.map((s) => (
        <li
          key={`${s.from.id}-${s.to.id}-${s.currency}`}
          className="flex items-center gap-3 px-4 py-3 text-sm"
        >
          <p className="flex-1">
            <Transfer suggestion={s} meId={meId} />
          </p>
          {s.from.id === meId || s.to.id === meId ? (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => onSettle(s)}
              aria-label={
                s.from.id === meId
                  ? t`Record: you paid ${{ name: s.to.name }}`
                  : t`Record: ${{ name: s.from.name }} paid you`
              }
            >
              <Trans>Record</Trans>
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** "You pay Bea €5", "Ana pays you €5" or "Ana pays Bea €5". */
function Transfer({ suggestion: s, meId }: { suggestion: SettleSuggestion; meId: number }) {
  const amount = <span className="font-semibold">{formatMoney(s.amount, s.currency)}</span>;
  const from = s.from.name;
  const to = s.to.name;
  if (s.from.id === meId) {
    return (
      <Trans>
        You pay {to} {amount}
      </Trans>
    );
  }
  if (s.to.id === meId) {
    return (
      <Trans>
        {from} pays you {amount}
      </Trans>
    );
  }
  return (
    <Trans>
      {from} pays {to} {amount}
    </Trans>
  );
}
