import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { MSG_INVALID_AMOUNT, PAYMENT_MESSAGES } from '@evenly/core';
import * as offline from '../../offline/writes';
import type { BalanceLine, Group, Member, Payment, User } from '../../api/types';
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
import { translateProblems } from '../../lib/expenseProblems';
import {
  type CurrencyBalance,
  minorForInput,
  pickPrefill,
  prefillOf,
  prefillText,
  type SettleDirection,
} from '../../lib/settleUp';
import { AmountInCurrency } from '../currency/AmountInCurrency';
import { ConversionFields } from '../expense/ConversionFields';
import { BalanceHint } from '../settle/BalanceHint';
import { DirectionToggle } from '../settle/DirectionToggle';
import { FieldError } from '../forms/FieldError';
import { SubmitError } from '../forms/SubmitError';
import { Modal } from '../Modal';
import { useToast } from '../toast/toastContext';

/** Where the form starts: the person, who paid, and (when known) the amount and its currency. */
export interface PaymentPreset {
  otherUserId: number;
  direction: SettleDirection;
  /** The balance's currency, where the group keeps several apart. */
  currency?: string;
}

interface Props {
  group: Group;
  meId: number;
  payment?: Payment | null;
  /** The user's balance lines in the group: the amount owed with each person fills the form. */
  lines: readonly BalanceLine[];
  /** Open on this person (a balance line, a suggested payment); else the largest line's. */
  preset?: PaymentPreset | null;
  onClose: () => void;
}

/** The user's balances with one member of the group, per currency (+ = they owe the user). */
function balancesWith(lines: readonly BalanceLine[], otherId: number): CurrencyBalance[] {
  return lines
    .filter((l) => l.otherUser.id === otherId)
    .map((l) => ({ currency: l.currency, amount: l.netAmount }));
}

/**
 * Record (or edit) a payment in a group between the user and another member, either way: "I paid
 * Bea" or "Bea paid me" (a member can so record what a guest paid them). It opens filled in with
 * what settles the user's balance with that person in the group (the direction, the amount owed
 * and its currency, per currency where the group keeps them apart); everything stays editable,
 * and the amount follows the person, direction and currency until the user types one. A payment
 * between two other members is edited with its payer kept.
 */
export function PaymentFormModal({ group, meId, payment, lines, preset, onClose }: Props) {
  const { i18n, t } = useLingui();
  const mine = payment == null || payment.paidBy.id === meId || payment.paidTo.id === meId;
  const [start] = useState(
    (): {
      other: string;
      direction: SettleDirection;
      amount: string;
      cur: string;
    } => {
      if (payment) {
        const other = payment.paidBy.id === meId ? payment.paidTo.id : payment.paidBy.id;
        return {
          other: String(mine ? other : payment.paidTo.id),
          direction: payment.paidBy.id === meId ? 'I_PAID' : 'THEY_PAID',
          amount: amountForInput(payment.amount, payment.currency),
          cur: payment.currency,
        };
      }
      // The largest open line (lines come largest first) when no person was asked for.
      const otherId =
        preset?.otherUserId ??
        lines.find((l) => prefillOf({ currency: l.currency, amount: l.netAmount }) !== null)
          ?.otherUser.id;
      if (otherId === undefined) {
        return { other: '', direction: 'I_PAID', amount: '', cur: group.defaultCurrency };
      }
      const fill = pickPrefill(balancesWith(lines, otherId), preset?.currency ?? null);
      const direction = preset?.direction ?? fill?.direction ?? 'I_PAID';
      const cur = fill?.currency ?? preset?.currency ?? group.defaultCurrency;
      return {
        other: String(otherId),
        direction,
        amount: fill !== null && fill.direction === direction ? minorForInput(fill.cents, cur) : '',
        cur,
      };
    },
  );
  const [other, setOther] = useState(start.other);
  const [direction, setDirection] = useState<SettleDirection>(start.direction);
  const [currency, setCurrency] = useState(start.cur);
  const [amount, setAmount] = useState(start.amount);
  const [amountTyped, setAmountTyped] = useState(payment != null);
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
  const formRef = useRef<HTMLFormElement>(null);
  const failure = useSubmitFailure();
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const keys = useSubmissionKeys();

  const otherId = other === '' ? null : Number(other);
  const balances = otherId === null ? [] : balancesWith(lines, otherId);
  // The people the user can pay or be paid by (guests included); an edited payment's party too.
  // A party who has left the group since is no member any more: a user, maybe once a guest.
  const people: (User & Partial<Member>)[] = group.members.filter((m) => m.id !== meId);
  if (payment && mine) {
    const party = payment.paidBy.id === meId ? payment.paidTo : payment.paidBy;
    if (!people.some((m) => m.id === party.id)) people.push(party);
  }
  // Editing someone else's payment: the payer is kept, the recipient can change.
  const recipients: (User & Partial<Member>)[] = payment
    ? group.members.filter((m) => m.id !== payment.paidBy.id)
    : group.members.filter((m) => m.id !== meId);
  if (payment && !mine && !recipients.some((m) => m.id === payment.paidTo.id))
    recipients.push(payment.paidTo);
  const person = people.find((m) => m.id === otherId);
  const name = person?.name ?? null;

  const follow = (next: { other?: string; direction?: SettleDirection; currency?: string }) => {
    if (amountTyped) return;
    const id = next.other ?? other;
    const list = id === '' ? [] : balancesWith(lines, Number(id));
    if (next.other !== undefined) {
      // A new person: start from what settles with them.
      const fill = pickPrefill(list, null);
      if (fill === null) {
        setAmount('');
        return;
      }
      setDirection(fill.direction);
      setCurrency(fill.currency);
      setAmount(minorForInput(fill.cents, fill.currency));
      return;
    }
    setAmount(prefillText(list, next.direction ?? direction, next.currency ?? currency));
  };

  // Problems beside their fields, re-checked on every change after a first submit.
  const [submitted, setSubmitted] = useState(false);
  const problems = () => {
    const value = parseAmount(amount, currency);
    return translateProblems(i18n, {
      other: other ? undefined : mine ? t`Please select a member.` : PAYMENT_MESSAGES.recipient,
      amount:
        value !== null && value > 0
          ? undefined
          : ((amount.trim() ? amountProblem(amount, currency) : null) ?? MSG_INVALID_AMOUNT),
      conversion:
        (groupCurrency === null
          ? null
          : conversionProblem(conversion, groupCurrency, quote.data !== null)) ?? undefined,
    });
  };
  const fields = useFieldErrors(
    {
      other: mine ? 'payment-member' : 'payment-recipient',
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
    failure.clear();
    setBusy(true);
    rememberCurrency(currency);
    const chosen = Number(other);
    const parties = !mine
      ? { paidToUserId: chosen }
      : direction === 'I_PAID'
        ? { paidToUserId: chosen, ...(payment ? { paidByUserId: meId } : {}) }
        : { paidToUserId: meId, paidByUserId: chosen };
    const body = {
      ...parties,
      amount: plainAmount(amount, currency) ?? String(value),
      date: normaliseDate(date),
      currency,
      groupId: group.id,
      ...(groupCurrency === null ? {} : conversionRequestFields(conversion, groupCurrency)),
    };
    try {
      const context = { people: group.members, meId };
      const saved = payment
        ? await offline.updatePayment(payment, body, keys.keyFor({ id: payment.id, body }), context)
        : await offline.createPayment(body, keys.keyFor(body), context);
      keys.succeeded();
      if (saved.queued) toast.success(i18n._(offline.QUEUED_MESSAGE));
      else toast.success(payment ? t`Payment updated!` : t`Payment added!`);
      await invalidate();
      onClose();
    } catch (e) {
      failure.fail(e);
      setBusy(false);
    }
  };

  return (
    <Modal title={payment ? t`Edit payment` : t`Record a payment`} onClose={onClose} size="sm">
      <form
        ref={formRef}
        onSubmit={(e) => void submit(e)}
        noValidate
        className="flex flex-col gap-4"
      >
        {mine ? (
          <>
            <div>
              <label htmlFor="payment-member" className="label">
                <Trans>Member</Trans>
              </label>
              <select
                id="payment-member"
                className="field"
                value={other}
                onChange={(e) => {
                  setOther(e.target.value);
                  follow({ other: e.target.value });
                }}
                {...fields.describe('other')}
              >
                <option value="">{t`Select a member`}</option>
                {people.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.guest ? t`${{ name: m.name }} (guest)` : m.name}
                  </option>
                ))}
              </select>
              <FieldError id={fields.errorId('other')} message={fields.errors.other} />
              {name !== null && !payment ? (
                <BalanceHint name={name} balances={balances} where={` ${t`in this group`}`} />
              ) : null}
            </div>
            <DirectionToggle
              value={direction}
              name={name}
              onChange={(next) => {
                setDirection(next);
                follow({ direction: next });
              }}
            />
          </>
        ) : (
          <>
            <p className="text-sm text-muted">
              <Trans>
                Paid by{' '}
                <span className="font-medium text-fg">{ph({ name: payment?.paidBy.name })}</span>
              </Trans>
            </p>
            <div>
              <label htmlFor="payment-recipient" className="label">
                <Trans>Paid to</Trans>
              </label>
              <select
                id="payment-recipient"
                className="field"
                value={other}
                onChange={(e) => setOther(e.target.value)}
                {...fields.describe('other')}
              >
                <option value="">{t`Select a recipient`}</option>
                {recipients.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.id === meId ? t`You` : m.guest ? t`${{ name: m.name }} (guest)` : m.name}
                  </option>
                ))}
              </select>
              <FieldError id={fields.errorId('other')} message={fields.errors.other} />
            </div>
          </>
        )}
        <AmountInCurrency
          error={fields.errors.amount}
          idPrefix="payment"
          amount={amount}
          currency={currency}
          onAmountChange={(text) => {
            setAmount(text);
            setAmountTyped(true);
          }}
          preferred={[group.defaultCurrency, ...balances.map((b) => b.currency)]}
          onCurrencyChange={(code) => {
            setCurrency(code);
            follow({ currency: code });
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
            <Trans>Date</Trans>
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
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t`Saving...` : payment ? t`Update Payment` : t`Save Payment`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
