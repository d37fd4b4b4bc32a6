import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { cents, convertMinorWithin, maxMinorUnits, MSG_INVALID_RATE } from '@evenly/core';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { paymentsApi } from '../../api/payments';
import type { BalanceLine, ExchangeRequest, Group } from '../../api/types';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { useRateQuote } from '../../hooks/useRateQuote';
import { useSubmissionKeys } from '../../hooks/useSubmissionKeys';
import { plainRate, rateForDisplay, readTypedRate } from '../../lib/conversion';
import { todayIso } from '../../lib/dates';
import { formatMoney, fromCents, isZero, toCents } from '../../lib/money';
import { Alert } from '../Alert';
import { CurrencyPicker } from '../currency/CurrencyPicker';
import { Modal } from '../Modal';
import { useToast } from '../toast/toastContext';

/** "+¥10,000" / "−¥10,000": a balance with its sign (positive: they owe you). */
function signed(amount: number, currency: string): string {
  return `${amount < 0 ? '−' : '+'}${formatMoney(Math.abs(amount), currency)}`;
}

/**
 * Moves the caller's balance with one person from one currency into another at a rate (groups
 * that keep currencies separate): "+100 USD, −10,000 JPY" becomes "+31.51 USD, 0 JPY" at
 * 0.006849 USD per JPY. Recorded by the server as two linked payments.
 */
export function CurrencyExchangeModal({
  group,
  lines,
  onClose,
}: {
  group: Group;
  /** The caller's balance lines in this group (one per person and currency). */
  lines: BalanceLine[];
  onClose: () => void;
}) {
  const { i18n, t } = useLingui();
  const open = lines.filter((l) => !isZero(l.netAmount, l.currency));
  const people = [...new Map(open.map((l) => [l.otherUser.id, l.otherUser])).values()];
  const [personId, setPersonId] = useState(people[0]?.id ?? 0);
  const personLines = open.filter((l) => l.otherUser.id === personId);
  const [fromPicked, setFromPicked] = useState<string | null>(null);
  const from =
    fromPicked !== null && personLines.some((l) => l.currency === fromPicked)
      ? fromPicked
      : (personLines[0]?.currency ?? group.defaultCurrency);
  const otherCurrencies = personLines.map((l) => l.currency).filter((c) => c !== from);
  const [toPicked, setToPicked] = useState<string | null>(null);
  const to =
    toPicked !== null && toPicked !== from
      ? toPicked
      : (otherCurrencies[0] ?? (from === group.defaultCurrency ? 'USD' : group.defaultCurrency));
  const [rate, setRate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const keys = useSubmissionKeys();
  const quote = useRateQuote(from, to, todayIso());

  const balance = personLines.find((l) => l.currency === from)?.netAmount ?? 0;
  const toBalance = personLines.find((l) => l.currency === to)?.netAmount ?? 0;
  const typed = readTypedRate(rate);
  const converted =
    typed === null
      ? null
      : convertMinorWithin(cents(toCents(balance, from)), from, to, typed, maxMinorUnits(to));
  const person = people.find((p) => p.id === personId);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const exchangeRate = plainRate(rate);
    if (!person || isZero(balance, from)) {
      setError(t`There is no balance in that currency to convert.`);
      return;
    }
    if (exchangeRate === null) {
      setError(i18n._(MSG_INVALID_RATE));
      return;
    }
    setError(null);
    setBusy(true);
    const request: ExchangeRequest = {
      otherUserId: person.id,
      fromCurrency: from,
      toCurrency: to,
      exchangeRate,
      date: todayIso(),
    };
    try {
      await paymentsApi.exchange(group.id, request, keys.keyFor(request));
      keys.succeeded();
      toast.success(t`Balance converted!`);
      await invalidate();
      onClose();
    } catch (e) {
      setError(errorMessage(e, t`Failed to convert the balance`));
      setBusy(false);
    }
  };

  if (people.length === 0) {
    return (
      <Modal title={t`Convert a balance`} onClose={onClose} size="sm">
        <p className="text-sm text-muted">
          <Trans>You have no open balance in this group to convert.</Trans>
        </p>
        <div className="mt-4 flex justify-end">
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Done</Trans>
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={t`Convert a balance`} onClose={onClose} size="sm">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <div>
          <label htmlFor="exchange-person" className="label">
            <Trans>Balance with</Trans>
          </label>
          <select
            id="exchange-person"
            className="field"
            value={personId}
            onChange={(e) => {
              setPersonId(Number(e.target.value));
              setFromPicked(null);
            }}
          >
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="exchange-from" className="label">
            <Trans>Convert from</Trans>
          </label>
          <select
            id="exchange-from"
            className="field"
            value={from}
            onChange={(e) => setFromPicked(e.target.value)}
          >
            {personLines.map((l) => (
              <option key={l.currency} value={l.currency}>
                {l.currency} ({signed(l.netAmount, l.currency)})
              </option>
            ))}
          </select>
        </div>
        <CurrencyPicker
          id="exchange-to"
          label={t`Into`}
          value={to}
          preferred={[...otherCurrencies, group.defaultCurrency]}
          onChange={setToPicked}
        />
        <div>
          <label htmlFor="exchange-rate" className="label">
            <Trans>
              Rate: 1 {from} = ? {to}
            </Trans>
          </label>
          <input
            id="exchange-rate"
            className="field"
            inputMode="decimal"
            autoComplete="off"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
          />
          {quote.data ? (
            <button
              type="button"
              className="btn-ghost mt-1 px-1 text-sm text-primary"
              onClick={() => setRate(rateForDisplay(quote.data?.rateText ?? ''))}
            >
              <Trans>
                Use the rate of {ph({ date: quote.data.rateDate })}: 1 {from} ={' '}
                {ph({ rate: rateForDisplay(quote.data.rateText) })} {to}
              </Trans>
            </button>
          ) : null}
        </div>
        <p className="text-sm" aria-live="polite">
          {converted !== null && person
            ? t`${{ before: signed(balance, from) }} becomes ${{ after: signed(fromCents(converted, to), to) }}. Afterwards with ${{ name: person.name }}: ${{ zero: formatMoney(0, from) }} and ${{ total: signed(fromCents(toCents(toBalance, to) + converted, to), to) }}.`
            : t`Enter the rate to see the balance in ${to}.`}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t`Saving...` : t`Convert`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
