import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { SPLIT_TYPES, type SplitType, type User } from '../../api/types';
import { type ExpenseFormState, previewShares, SPLIT_TYPE_LABELS } from '../../lib/expenseForm';
import {
  amountForInput,
  formatMoney,
  fromCents,
  parseAmount,
  plain2,
  sanitizeDecimalInput,
  toCents,
} from '../../lib/money';
import { parseNumber } from '../../lib/expenseForm';
import { Alert } from '../Alert';
import { Avatar } from '../Avatar';
import { Modal } from '../Modal';
import { formatNumber } from '../../lib/numberFormats';

interface SplitDialogProps {
  state: ExpenseFormState;
  participants: User[];
  currency: string;
  onChange: (patch: Partial<ExpenseFormState>) => void;
  onClose: () => void;
}

function summary(i18n: I18n, state: ExpenseFormState, currency: string): string | null {
  const amount = parseAmount(state.amount, currency);
  const values = state.included.map((id) =>
    state.splitType === 'EXACT'
      ? (parseAmount(state.values[id] ?? '', currency) ?? 0)
      : (parseNumber(state.values[id] ?? '') ?? 0),
  );
  if (state.splitType === 'EXACT' && amount !== null) {
    const left = toCents(amount, currency) - values.reduce((s, v) => s + toCents(v, currency), 0);
    const rest = formatMoney(fromCents(left, currency), currency);
    const whole = formatMoney(amount, currency);
    return i18n._(msg`${rest} left of ${whole}`);
  }
  if (state.splitType === 'PERCENTAGE') {
    const total = values.reduce((s, v) => s + v, 0);
    // The page's decimal mark ("33,3333" in German); the message places the percent sign.
    const rest = formatNumber(Math.round((100 - total) * 10000) / 10000);
    return i18n._(msg`${rest}% left of 100%`);
  }
  if (state.splitType === 'SHARE') {
    const count = values.reduce((s, v) => s + v, 0);
    return i18n._(msg`${count} shares in total`);
  }
  return null;
}

/** Split-option dialog: split type, who is included, and per-person values. */
export function SplitDialog({
  state,
  participants,
  currency,
  onChange,
  onClose,
}: SplitDialogProps) {
  const { i18n, t } = useLingui();
  const shares = previewShares(state);
  const [lastPersonKept, setLastPersonKept] = useState(false);
  // An empty field counts as 0 (the fields start empty); only something unreadable is missing.
  const missing =
    state.splitType !== 'EQUAL' &&
    state.included.some((id) => {
      const typed = state.values[id] ?? '';
      if (typed.trim() === '') return false;
      return (
        (state.splitType === 'EXACT' ? parseAmount(typed, currency) : parseNumber(typed)) === null
      );
    });
  const amount = parseAmount(state.amount, currency);
  const exactCents = state.included.reduce(
    (sum, id) => sum + toCents(parseAmount(state.values[id] ?? '', currency) ?? 0, currency),
    0,
  );
  const exactMismatch =
    state.splitType === 'EXACT' &&
    !missing &&
    amount !== null &&
    exactCents !== toCents(amount, currency);

  const setType = (type: SplitType) => {
    if (type === state.splitType) return;
    // A change of split type starts every value empty (counted as 0, a placeholder shows it):
    // a field that started at "0" became "100" when someone tapped in and typed 10.
    onChange({ splitType: type, values: {} });
  };

  const toggle = (id: number) => {
    if (state.included.includes(id)) {
      // The last person stays in: an expense is always split with someone.
      if (state.included.length <= 1) {
        setLastPersonKept(true);
        return;
      }
      setLastPersonKept(false);
      onChange({ included: state.included.filter((x) => x !== id) });
    } else {
      setLastPersonKept(false);
      const order = participants.map((p) => p.id);
      onChange({ included: order.filter((x) => x === id || state.included.includes(x)) });
    }
  };

  const step = state.splitType === 'SHARE' ? '1' : '0.01';
  const placeholder = state.splitType === 'EXACT' ? amountForInput(0, currency) : '0';
  const unit =
    state.splitType === 'PERCENTAGE' ? '%' : state.splitType === 'SHARE' ? t`shares` : currency;
  const total = summary(i18n, state, currency);
  const typeLabel = i18n._(SPLIT_TYPE_LABELS[state.splitType]);
  const exactSum = plain2(fromCents(exactCents, currency), currency);
  const exactTotal = amount === null ? '' : plain2(amount, currency);

  return (
    <Modal
      title={t`Split options`}
      onClose={onClose}
      footer={
        <button type="button" className="btn-primary" onClick={onClose}>
          <Trans>Done</Trans>
        </button>
      }
    >
      <div
        role="radiogroup"
        aria-label={t`Split type`}
        className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-surface-2 p-1 sm:grid-cols-4"
      >
        {SPLIT_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            role="radio"
            aria-checked={state.splitType === type}
            // Radio-group keyboard pattern: one tab stop, arrow keys move and select.
            tabIndex={state.splitType === type ? 0 : -1}
            className={`btn min-h-11 px-2 text-center leading-tight whitespace-normal ${state.splitType === type ? 'bg-surface text-primary shadow-card' : 'text-muted hover:text-fg'}`}
            onClick={() => setType(type)}
            onKeyDown={(event) => {
              const step =
                event.key === 'ArrowRight' || event.key === 'ArrowDown'
                  ? 1
                  : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
                    ? -1
                    : 0;
              if (step === 0) return;
              event.preventDefault();
              const index = SPLIT_TYPES.indexOf(type);
              const next = SPLIT_TYPES[(index + step + SPLIT_TYPES.length) % SPLIT_TYPES.length];
              if (!next) return;
              setType(next);
              const buttons = event.currentTarget.parentElement?.querySelectorAll('button');
              buttons?.[SPLIT_TYPES.indexOf(next)]?.focus();
            }}
          >
            {i18n._(SPLIT_TYPE_LABELS[type])}
          </button>
        ))}
      </div>
      {state.included.length === 0 || lastPersonKept ? (
        <Alert>
          <Trans>Please select at least one person to split the expense with.</Trans>
        </Alert>
      ) : missing ? (
        <Alert kind="info">
          {state.splitType === 'EXACT'
            ? t`Please enter a valid exact value for each included participant.`
            : state.splitType === 'PERCENTAGE'
              ? t`Please enter a valid percentage value for each included participant.`
              : t`Please enter a valid share value for each included participant.`}
        </Alert>
      ) : exactMismatch && amount !== null ? (
        <Alert kind="info">
          {t`Sum of exact amounts (${exactSum}) must equal the total expense amount (${exactTotal}).`}
        </Alert>
      ) : null}
      <ul className="mt-2 flex max-h-[50vh] flex-col divide-y divide-border overflow-y-auto">
        {participants.map((person) => {
          const included = state.included.includes(person.id);
          const inputId = `split-value-${person.id}`;
          const share = shares?.get(person.id);
          const name = person.name;
          return (
            <li key={person.id} className="flex items-center gap-3 py-2">
              <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
                  className="size-5 accent-[var(--primary)]"
                  checked={included}
                  onChange={() => toggle(person.id)}
                  aria-label={t`Include ${name}`}
                />
                <Avatar name={person.name} size="sm" />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{person.name}</span>
                  <span className="block text-xs text-muted">
                    {included && share !== undefined
                      ? formatMoney(fromCents(share, currency), currency)
                      : t`Not included`}
                  </span>
                </span>
              </label>
              {state.splitType !== 'EQUAL' && included ? (
                <span className="flex items-center gap-1">
                  <label htmlFor={inputId} className="sr-only">
                    {t`${typeLabel} for ${name}`}
                  </label>
                  <input
                    id={inputId}
                    className="field w-24 text-end"
                    inputMode="decimal"
                    min="0"
                    step={step}
                    placeholder={placeholder}
                    value={state.values[person.id] ?? ''}
                    onChange={(e) =>
                      onChange({
                        values: {
                          ...state.values,
                          [person.id]: sanitizeDecimalInput(e.target.value),
                        },
                      })
                    }
                  />
                  <span
                    className="w-12 text-xs text-muted"
                    translate={unit === currency ? 'no' : undefined}
                  >
                    {unit}
                  </span>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {total ? <p className="mt-3 text-end text-sm font-medium text-muted">{total}</p> : null}
    </Modal>
  );
}
