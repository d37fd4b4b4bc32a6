import { Trans, useLingui } from '@lingui/react/macro';
import type { SubmitFailure } from '../../hooks/useSubmitFailure';
import { SubmitError } from '../forms/SubmitError';

/**
 * Always in view at the foot of the dialog or page (issue #13 point 2), with what went wrong on
 * the last save right above the buttons.
 */
export function ExpenseFormFooter({
  variant,
  failure,
  saving,
  editing,
  canSubmit,
  onRetry,
  onCancel,
}: {
  variant: 'dialog' | 'page';
  failure: SubmitFailure | null;
  saving: boolean;
  editing: boolean;
  canSubmit: boolean;
  onRetry: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const place =
    variant === 'page'
      ? // Down to the tab bar; its buttons above the phone's round Add button, which rises
        // 1.5rem over the bottom of the page (none on desktop).
        'bottom-0 rounded-b-2xl pt-3 pb-9 lg:pb-3'
      : // Sticky insets count from inside the dialog body's padding (py-4): down by as much.
        '-bottom-4 py-3';
  return (
    <div
      className={`sticky z-10 -mx-5 -mb-4 flex flex-col gap-3 border-t border-border bg-surface px-5 ${place}`}
    >
      <SubmitError failure={failure} retrying={saving} onRetry={onRetry} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="btn-primary" disabled={!canSubmit}>
          {saving ? t`Saving...` : editing ? t`Update Expense` : t`Add Expense`}
        </button>
      </div>
    </div>
  );
}
