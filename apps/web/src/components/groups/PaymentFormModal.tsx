import { useRef, useState } from 'react';
import { MSG_INVALID_AMOUNT, PAYMENT_MESSAGES } from '@evenly/core';
import { paymentsApi } from '../../api/payments';
import type { Group, Payment } from '../../api/types';
import { useFieldErrors } from '../../hooks/useFieldErrors';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { useRateQuote } from '../../hooks/useRateQuote';
import { useSubmissionKeys } from '../../hooks/useSubmissionKeys';
import { useSubmitFailure } from '../../hooks/useSubmitFailure';
import {
  conversionFocusId,
  type ConversionState,
  conversionProblem,
  conversionRequestFields,
  initialConversion,
} from '../../lib/conversion';
import { rememberCurrency } from '../../lib/currencies';
import { todayIso, normaliseDate } from '../../lib/dates';
import { amountForInput, amountProblem, parseAmount, plainAmount } from '../../lib/money';
import { AmountInCurrency } from '../currency/AmountInCurrency';
import { ConversionFields } from '../expense/ConversionFields';
import { FieldError } from '../forms/FieldError';
import { SubmitError } from '../forms/SubmitError';
import { Modal } from '../Modal';
import { useToast } from '../toast/toastContext';

interface Props {
  group: Group;
  meId: number;
  payment?: Payment | null;
  /** Prefill from a settle suggestion. */
  preset?: { toUserId: number; amount: number; currency: string } | null;
  onClose: () => void;
}

/**
 * Record (or edit) a payment from the current user to a group member. In a group with guests
 * (people without an account) the payer can also be a guest, so that a member records what a
 * guest paid.
 */
export function PaymentFormModal({ group, meId, payment, preset, onClose }: Props) {
  const [recipient, setRecipient] = useState(String(payment?.paidTo.id ?? preset?.toUserId ?? ''));
  const [currency, setCurrency] = useState(
    payment?.currency ?? preset?.currency ?? group.defaultCurrency,
  );
  const [amount, setAmount] = useState(
    payment
      ? amountForInput(payment.amount, payment.currency)
      : preset
        ? amountForInput(preset.amount, preset.currency)
        : '',
  );
  const [conversion, setConversion] = useState<ConversionState>(() =>
    initialConversion(payment?.conversion?.exchangeRateText),
  );
  const [date, setDate] = useState(payment ? normaliseDate(payment.date) : todayIso());
  // Converted into the group's currency when paid in another one (CONVERT groups only).
  const groupCurrency =
    (group.currencyMode ?? 'CONVERT') === 'CONVERT' && currency !== group.defaultCurrency
      ? group.defaultCurrency
      : null;
  const quote = useRateQuote(currency, groupCurrency, date);
  const savedRate =
    payment?.conversion && payment.currency === currency
      ? payment.conversion.exchangeRateText
      : null;
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const failure = useSubmitFailure();
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const keys = useSubmissionKeys();
  const guests = group.members.filter((m) => m.guest === true);
  const [payer, setPayer] = useState(String(meId));
  const payerId = payment?.paidBy.id ?? Number(payer);
  const recipients = group.members.filter((m) => m.id !== payerId);
  if (payment && !recipients.some((m) => m.id === payment.paidTo.id))
    recipients.push(payment.paidTo);

  // Problems beside their fields, re-checked on every change after a first submit.
  const [submitted, setSubmitted] = useState(false);
  const problems = () => {
    const value = parseAmount(amount, currency);
    return {
      recipient: recipient ? undefined : PAYMENT_MESSAGES.recipient,
      amount:
        value !== null && value > 0
          ? undefined
          : ((amount.trim() ? amountProblem(amount, currency) : null) ?? MSG_INVALID_AMOUNT),
      conversion:
        (groupCurrency === null
          ? null
          : conversionProblem(conversion, groupCurrency, quote.data !== null)) ?? undefined,
    };
  };
  const fields = useFieldErrors(
    {
      recipient: 'payment-recipient',
      amount: 'payment-amount',
      conversion: conversionFocusId('payment', conversion),
    },
    submitted ? problems() : {},
  );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (fields.focusFirst(problems())) return;
    const value = parseAmount(amount, currency);
    const to = Number(recipient);
    failure.clear();
    setBusy(true);
    rememberCurrency(currency);
    const body = {
      paidToUserId: to,
      ...(payment || payerId === meId ? {} : { paidByUserId: payerId }),
      amount: plainAmount(amount, currency) ?? String(value),
      date: normaliseDate(date),
      currency,
      groupId: group.id,
      ...(groupCurrency === null ? {} : conversionRequestFields(conversion, groupCurrency)),
    };
    try {
      if (payment) {
        await paymentsApi.update(payment.id, body);
        toast.success('Payment updated!');
      } else {
        await paymentsApi.create(body, keys.keyFor(body));
        keys.succeeded();
        toast.success('Payment added!');
      }
      await invalidate();
      onClose();
    } catch (e) {
      failure.fail(e);
      setBusy(false);
    }
  };

  return (
    <Modal title={payment ? 'Edit payment' : 'Record a payment'} onClose={onClose} size="sm">
      <form
        ref={formRef}
        onSubmit={(e) => void submit(e)}
        noValidate
        className="flex flex-col gap-4"
      >
        {!payment && guests.length > 0 ? (
          <div>
            <label htmlFor="payment-payer" className="label">
              Paid by
            </label>
            <select
              id="payment-payer"
              className="field"
              value={payer}
              onChange={(e) => {
                setPayer(e.target.value);
                if (e.target.value === recipient) setRecipient('');
              }}
            >
              <option value={String(meId)}>You</option>
              {guests.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name} (guest)
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="text-sm text-muted">
            Paid by{' '}
            <span className="font-medium text-fg">{payment ? payment.paidBy.name : 'You'}</span>
          </p>
        )}
        <div>
          <label htmlFor="payment-recipient" className="label">
            Paid to
          </label>
          <select
            id="payment-recipient"
            className="field"
            value={recipient}
            onChange={(e) => setRecipient(e.target.value)}
            {...fields.describe('recipient')}
          >
            <option value="">Select a recipient</option>
            {recipients.map((m) => (
              <option key={m.id} value={m.id}>
                {m.id === meId ? 'You' : m.guest ? `${m.name} (guest)` : m.name}
              </option>
            ))}
          </select>
          <FieldError id={fields.errorId('recipient')} message={fields.errors.recipient} />
        </div>
        <AmountInCurrency
          error={fields.errors.amount}
          idPrefix="payment"
          amount={amount}
          currency={currency}
          onAmountChange={setAmount}
          preferred={[group.defaultCurrency]}
          onCurrencyChange={(code) => {
            setCurrency(code);
            // The saved rate belongs to the saved currency.
            if (code !== payment?.currency && conversion.rateMode === 'KEEP') {
              setConversion((c) => ({ ...c, rateMode: 'SERVICE' }));
            }
          }}
        />
        {groupCurrency !== null ? (
          <ConversionFields
            idPrefix="payment"
            amountText={amount}
            from={currency}
            groupCurrency={groupCurrency}
            value={conversion}
            savedRate={savedRate}
            onChange={(patch) => setConversion((c) => ({ ...c, ...patch }))}
            quote={quote}
            error={fields.errors.conversion}
          />
        ) : null}
        <div>
          <label htmlFor="payment-date" className="label">
            Date
          </label>
          <input
            id="payment-date"
            className="field"
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </div>
        <SubmitError
          failure={failure.failure}
          retrying={busy}
          onRetry={() => formRef.current?.requestSubmit()}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Saving...' : payment ? 'Update Payment' : 'Save Payment'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
