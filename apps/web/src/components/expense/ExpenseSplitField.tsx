import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '../../api/types';
import type { FieldErrors } from '../../hooks/useFieldErrors';
import { previewShares, SPLIT_TYPE_LABELS, type ExpenseFormState } from '../../lib/expenseForm';
import { formatMoney, fromCents } from '../../lib/money';
import { FieldError } from '../forms/FieldError';

/**
 * The expense form's Split: how it is split and among how many (the button opens the split
 * dialog), Split by item, and what each person's share comes to.
 */
export function ExpenseSplitField({
  state,
  participants,
  itemCount,
  onOpenSplit,
  onOpenItems,
  fields,
}: {
  state: ExpenseFormState;
  participants: readonly User[];
  /** Items typed or scanned for Split by item so far. */
  itemCount: number;
  onOpenSplit: () => void;
  onOpenItems: () => void;
  fields: FieldErrors<'split'>;
}) {
  const { i18n, t } = useLingui();
  const shares = previewShares(state);
  const how = i18n._(SPLIT_TYPE_LABELS[state.splitType]);
  const count = state.included.length;
  return (
    <div>
      <p className="label">
        <Trans>Split</Trans>
      </p>
      <button
        id="expense-split"
        type="button"
        className="btn-secondary w-full justify-between text-start whitespace-normal"
        onClick={onOpenSplit}
        aria-haspopup="dialog"
        {...fields.describe('split')}
      >
        <span className="min-w-0">
          {/* The visible text leaves "split" to the label above; the button's name says it
              and still contains the visible words. */}
          <span className="sr-only">
            <Trans>Split:</Trans>{' '}
          </span>
          {t`${plural(count, { one: `${how} · # person`, other: `${how} · # people` })}`}
        </span>
        <span className="shrink-0 text-primary">
          <Trans>Change</Trans>
        </span>
      </button>
      <FieldError id={fields.errorId('split')} message={fields.errors.split} />
      <button
        type="button"
        className="btn-ghost mt-1 px-1 text-sm text-primary"
        onClick={onOpenItems}
        aria-haspopup="dialog"
      >
        {itemCount > 0 ? t`Split by item (${itemCount} items)` : t`Split by item`}
      </button>
      {shares ? (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          {state.included.map((id) => {
            const name = participants.find((p) => p.id === id)?.name ?? t`Unknown`;
            const share = formatMoney(
              fromCents(shares.get(id) ?? 0, state.currency),
              state.currency,
            );
            return <li key={id}>{t`${name}: ${share}`}</li>;
          })}
        </ul>
      ) : null}
    </div>
  );
}
