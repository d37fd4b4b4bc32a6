import { Trans, useLingui } from '@lingui/react/macro';
import type { Dispatch, SetStateAction } from 'react';
import type { FieldErrors } from '../../hooks/useFieldErrors';
import type { ExpenseFormState } from '../../lib/expenseForm';
import { amountForInput } from '../../lib/money';
import { DESCRIPTION_MAX_CHARS } from '@evenly/core';
import { CurrencyPicker } from '../currency/CurrencyPicker';
import { CharacterCountdown } from '../forms/CharacterCountdown';
import { FieldError } from '../forms/FieldError';

/** The expense form's what, how much and when: description, amount, currency and date. */
export function ExpenseBasicsFields({
  state,
  setState,
  preferredCurrency,
  savedCurrency,
  fields,
}: {
  state: ExpenseFormState;
  setState: Dispatch<SetStateAction<ExpenseFormState>>;
  /** The group's currency (or the default outside groups), first in the picker. */
  preferredCurrency: string;
  /** The edited expense's saved currency: its saved rate is kept only while it stays. */
  savedCurrency: string | null;
  fields: FieldErrors<'description' | 'amount'>;
}) {
  const { t } = useLingui();
  const currency = state.currency;
  const patch = (next: Partial<ExpenseFormState>) => setState((s) => ({ ...s, ...next }));
  const setAmount = (amount: string) =>
    setState((s) => {
      const first = s.payers[0];
      return {
        ...s,
        amount,
        payers: s.payers.length === 1 && first ? [{ ...first, amount }] : s.payers,
      };
    });

  return (
    <>
      <div>
        <label htmlFor="expense-description" className="label">
          <Trans>Description</Trans>
        </label>
        {/* No maxLength: a pasted text that is too long is refused with the limit shown, never cut. */}
        <input
          id="expense-description"
          className="field"
          placeholder={t`e.g. Dinner`}
          value={state.description}
          onChange={(e) => patch({ description: e.target.value })}
          {...fields.describe('description', 'expense-description-count')}
        />
        <CharacterCountdown
          id="expense-description-count"
          value={state.description}
          max={DESCRIPTION_MAX_CHARS}
        />
        <FieldError id={fields.errorId('description')} message={fields.errors.description} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor="expense-amount" className="label">
            <Trans>
              Amount (<span translate="no">{currency}</span>)
            </Trans>
          </label>
          <input
            id="expense-amount"
            className="field"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={amountForInput(0, state.currency)}
            value={state.amount}
            onChange={(e) => setAmount(e.target.value)}
            {...fields.describe('amount')}
          />
          <FieldError id={fields.errorId('amount')} message={fields.errors.amount} />
        </div>
        <CurrencyPicker
          id="expense-currency"
          label={t`Currency`}
          value={state.currency}
          preferred={[preferredCurrency]}
          onChange={(code) =>
            setState((s) => ({
              ...s,
              currency: code,
              rateMode: s.rateMode === 'KEEP' && code !== savedCurrency ? 'SERVICE' : s.rateMode,
            }))
          }
        />
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor="expense-date" className="label">
            <Trans>Date</Trans>
          </label>
          <input
            id="expense-date"
            className="field"
            type="date"
            value={state.date}
            onChange={(e) => patch({ date: e.target.value })}
          />
        </div>
      </div>
    </>
  );
}
