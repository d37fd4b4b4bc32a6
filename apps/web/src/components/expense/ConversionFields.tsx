import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { ExchangeRateQuote } from '../../api/types';
import {
  conversionFocusId,
  type ConversionState,
  previewConversion,
  rateForDisplay,
  type RateMode,
} from '../../lib/conversion';
import { formatDate } from '../../lib/dates';
import { formatMoney, fromCents, parseAmount } from '../../lib/money';
import { FieldError } from '../forms/FieldError';

export interface ConversionFieldsProps {
  /** Prefix for the ids inside (one form can hold only one of these). */
  idPrefix: string;
  /** The amount as typed, in `from`. */
  amountText: string;
  from: string;
  /** The group's currency, into which the amount is converted. */
  groupCurrency: string;
  value: ConversionState;
  /** The saved conversion's rate when editing (offers "KEEP"). */
  savedRate: string | null;
  onChange: (patch: Partial<ConversionState>) => void;
  /** The rate service's answer for the date (null while loading or unavailable). */
  quote: { pending: boolean; data: ExchangeRateQuote | null };
  /** The chosen rate's problem after a submit, shown in the box (see conversionFocusId). */
  error?: string | undefined;
  /**
   * Scrolls the options into view when they appear: they appear when the currency is changed,
   * and on a phone they would otherwise open below the fold, unseen.
   */
  reveal?: boolean;
}

/**
 * The rate of an amount in another currency than the group's: the rate service's for the
 * date, a rate typed, or the amount the bank charged; the converted amount shows live.
 */
export function ConversionFields({
  idPrefix,
  amountText,
  from,
  groupCurrency,
  value,
  savedRate,
  onChange,
  quote,
  error,
  reveal = false,
}: ConversionFieldsProps) {
  const { t } = useLingui();
  const box = useRef<HTMLFieldSetElement>(null);
  // Only on appearing: typing a rate must not scroll the form again, so `reveal` is read as it
  // was then.
  const revealOnAppearing = useRef(reveal);
  useEffect(() => {
    if (revealOnAppearing.current) box.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const to = groupCurrency;
  const preview = previewConversion(
    amountText,
    from,
    to,
    value,
    quote.data?.rateText ?? null,
    savedRate,
  );
  const amount = parseAmount(amountText, from);
  const choose = (rateMode: RateMode) => onChange({ rateMode });
  const name = `${idPrefix}-rate-mode`;
  const resultId = `${idPrefix}-conversion-result`;
  const rateLine = (rate: string) => `1 ${from} = ${rateForDisplay(rate)} ${to}`;
  const errorId = `${idPrefix}-conversion-error`;
  const savedLine = savedRate === null ? '' : rateLine(savedRate);
  // The rate's day, written in the page's language ("Nov 28, 2026", "28.11.2026").
  const rateDate = quote.data ? formatDate(quote.data.rateDate) : '';
  const dayLine = quote.data ? rateLine(quote.data.rateText) : '';
  const focusId = conversionFocusId(idPrefix, value);
  const invalid = (id: string) =>
    error && id === focusId ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  return (
    <fieldset
      ref={box}
      className="scroll-my-4 rounded-xl border border-border p-3"
      aria-describedby={resultId}
    >
      <legend className="px-1 text-sm font-medium">
        <Trans>Converted into {to}</Trans>
      </legend>
      <div className="flex flex-col gap-2 text-sm">
        {savedRate !== null ? (
          <label className="flex min-h-9 items-center gap-2">
            <input
              type="radio"
              name={name}
              checked={value.rateMode === 'KEEP'}
              onChange={() => choose('KEEP')}
            />
            {t`Keep the saved rate (${savedLine})`}
          </label>
        ) : null}
        <label className="flex min-h-9 items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={value.rateMode === 'SERVICE'}
            onChange={() => choose('SERVICE')}
          />
          {quote.pending
            ? t`Rate of the day (loading…)`
            : quote.data !== null
              ? t`Rate of ${rateDate}: ${dayLine}`
              : t`Rate of the day (unavailable)`}
        </label>
        <label className="flex flex-wrap items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={value.rateMode === 'MANUAL'}
            onChange={() => choose('MANUAL')}
          />
          <span>
            <Trans>My rate: 1 {from} =</Trans>
          </span>
          <input
            id={`${idPrefix}-rate`}
            {...invalid(`${idPrefix}-rate`)}
            aria-label={t`Exchange rate, ${to} per ${from}`}
            className="field min-h-9 w-32 py-1"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            value={value.rate}
            onFocus={() => choose('MANUAL')}
            onChange={(e) => onChange({ rate: e.target.value, rateMode: 'MANUAL' })}
          />
          <span>{to}</span>
        </label>
        <label className="flex flex-wrap items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={value.rateMode === 'CHARGED'}
            onChange={() => choose('CHARGED')}
          />
          <span>
            <Trans>My bank charged</Trans>
          </span>
          <input
            id={`${idPrefix}-charged`}
            {...invalid(`${idPrefix}-charged`)}
            aria-label={t`Amount charged in ${to}`}
            className="field min-h-9 w-32 py-1"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            value={value.charged}
            onFocus={() => choose('CHARGED')}
            onChange={(e) => onChange({ charged: e.target.value, rateMode: 'CHARGED' })}
          />
          <span>{to}</span>
        </label>
      </div>
      <FieldError id={errorId} message={error} />
      {!error && quote.data === null && !quote.pending && value.rateMode === 'SERVICE' ? (
        <p className="mt-2 text-sm text-owe" role="alert">
          <Trans>Exchange rates cannot be fetched right now. Please enter the rate.</Trans>
        </p>
      ) : null}
      <p id={resultId} className="mt-2 text-sm" aria-live="polite">
        {preview.converted !== null && amount !== null
          ? `${formatMoney(amount, from)} ≈ ${formatMoney(fromCents(preview.converted, to), to)}${
              preview.rateText !== null ? ` (${rateLine(preview.rateText)})` : ''
            }`
          : t`Enter the amount to see it in ${to}.`}
      </p>
    </fieldset>
  );
}
