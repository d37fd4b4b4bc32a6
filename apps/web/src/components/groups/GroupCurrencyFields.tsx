import { Trans, useLingui } from '@lingui/react/macro';
import { CurrencyPicker } from '../currency/CurrencyPicker';

export interface GroupCurrencyFieldsProps {
  /** Prefix for the ids inside. */
  idPrefix: string;
  currency: string;
  separate: boolean;
  onCurrencyChange: (code: string) => void;
  onSeparateChange: (separate: boolean) => void;
  disabled?: boolean;
}

/** A group's currency and whether other currencies are converted into it or kept apart. */
export function GroupCurrencyFields({
  idPrefix,
  currency,
  separate,
  onCurrencyChange,
  onSeparateChange,
  disabled,
}: GroupCurrencyFieldsProps) {
  const { t } = useLingui();
  const hint = `${idPrefix}-separate-hint`;
  return (
    <>
      <CurrencyPicker
        id={`${idPrefix}-currency`}
        label={t`Group currency`}
        value={currency}
        onChange={onCurrencyChange}
        disabled={disabled}
      />
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1"
          checked={separate}
          disabled={disabled}
          onChange={(e) => onSeparateChange(e.target.checked)}
          aria-describedby={hint}
        />
        <span>
          <Trans>Keep currencies separate</Trans>
          <span id={hint} className="block text-muted">
            <Trans>Balances per currency instead of converting everything into {currency}.</Trans>
          </span>
        </span>
      </label>
    </>
  );
}
