import { Trans, useLingui } from '@lingui/react/macro';
import { amountForInput } from '../../lib/money';
import { FieldError } from '../forms/FieldError';
import { CurrencyPicker } from './CurrencyPicker';

export interface AmountInCurrencyProps {
  /** Ids are `${idPrefix}-amount` and `${idPrefix}-currency`. */
  idPrefix: string;
  amount: string;
  currency: string;
  onAmountChange: (text: string) => void;
  onCurrencyChange: (code: string) => void;
  /** Listed first in the picker (e.g. the group's or the friend's currency). */
  preferred?: readonly string[];
  /** The amount's problem after a submit, shown under it (id `${idPrefix}-amount-error`). */
  error?: string | undefined;
}

/**
 * An amount typed in the user's locale ("12,50" or "12.50") beside the currency it is in; the
 * label names the currency, the placeholder shows its decimals ("0.00", "0" for JPY).
 */
export function AmountInCurrency({
  idPrefix,
  amount,
  currency,
  onAmountChange,
  onCurrencyChange,
  preferred = [],
  error,
}: AmountInCurrencyProps) {
  const { t } = useLingui();
  const errorId = `${idPrefix}-amount-error`;
  return (
    <div className="grid grid-cols-2 gap-3">
      <div>
        <label htmlFor={`${idPrefix}-amount`} className="label">
          <Trans>
            Amount (<span translate="no">{currency}</span>)
          </Trans>
        </label>
        <input
          id={`${idPrefix}-amount`}
          className="field"
          type="text"
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          placeholder={amountForInput(0, currency)}
          value={amount}
          onChange={(e) => onAmountChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <FieldError id={errorId} message={error} />
      </div>
      <CurrencyPicker
        id={`${idPrefix}-currency`}
        label={t`Currency`}
        value={currency}
        preferred={preferred}
        onChange={onCurrencyChange}
      />
    </div>
  );
}
