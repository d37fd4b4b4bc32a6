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
  if (suggestions.length === 0) {
    return <p className="text-sm text-muted">No payments needed: everyone is settled up.</p>;
  }
  const name = (u: { id: number; name: string }, start: boolean) =>
    u.id === meId ? (start ? 'You' : 'you') : u.name;
  return (
    <ul className="card divide-y divide-border">
      {suggestions.map((s) => (
        <li
          key={`${s.from.id}-${s.to.id}-${s.currency}`}
          className="flex items-center gap-3 px-4 py-3 text-sm"
        >
          <p className="flex-1">
            {name(s.from, true)} {s.from.id === meId ? 'pay' : 'pays'} {name(s.to, false)}{' '}
            <span className="font-semibold">{formatMoney(s.amount, s.currency)}</span>
          </p>
          {s.from.id === meId || s.to.id === meId ? (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => onSettle(s)}
              aria-label={
                s.from.id === meId
                  ? `Record: you paid ${s.to.name}`
                  : `Record: ${s.from.name} paid you`
              }
            >
              Record
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
