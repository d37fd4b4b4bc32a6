import { useLingui } from '@lingui/react/macro';
import type { SettleDirection } from '../../lib/settleUp';

/**
 * "I paid {name}" / "{name} paid me": who paid whom in a settle-up, as two toggle buttons
 * (aria-pressed) in a group named "Who paid". Names wrap on narrow screens.
 */
export function DirectionToggle({
  value,
  name,
  onChange,
}: {
  value: SettleDirection;
  /** The other person, or null before one is chosen. */
  name: string | null;
  onChange: (direction: SettleDirection) => void;
}) {
  const { t } = useLingui();
  const option = (direction: SettleDirection, label: string) => (
    <button
      type="button"
      aria-pressed={value === direction}
      onClick={() => onChange(direction)}
      className={`min-h-11 min-w-0 flex-1 rounded-xl px-3 py-2 text-center text-sm font-semibold break-words transition-colors ${
        value === direction ? 'bg-primary text-on-primary' : 'text-muted hover:text-fg'
      }`}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label={t`Who paid`} className="flex gap-1 rounded-xl bg-surface-2 p-1">
      {option('I_PAID', name === null ? t`I paid someone` : t`I paid ${name}`)}
      {option('THEY_PAID', name === null ? t`Someone paid me` : t`${name} paid me`)}
    </div>
  );
}
