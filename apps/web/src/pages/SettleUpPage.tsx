import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { formatMinor, paymentNote } from '@evenly/core';
import type { Cents } from '@evenly/core';
import { errorMessage } from '../api/client';
import { payMethodsApi } from '../api/payMethods';
import { queryKeys } from '../api/queryKeys';
import { useCurrentUser } from '../auth/authContext';
import * as offline from '../offline/writes';
import type { Friendship, SettleRequest } from '../api/types';
import { Alert } from '../components/Alert';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { BalanceHint } from '../components/settle/BalanceHint';
import { DidYouPayDialog } from '../components/settle/DidYouPayDialog';
import { DirectionToggle } from '../components/settle/DirectionToggle';
import { PayButtons } from '../components/settle/PayButtons';
import { useToast } from '../components/toast/toastContext';
import { useDefaultCurrency } from '../hooks/useDefaultCurrency';
import { useAskOnReturn } from '../hooks/useAskOnReturn';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useFriends } from '../hooks/useFriendships';
import { useInvalidateAll } from '../hooks/useInvalidate';
import { useSubmissionKeys } from '../hooks/useSubmissionKeys';
import { MIN_AMOUNT } from '../lib/constants';
import { todayIso } from '../lib/dates';
import { AmountInCurrency } from '../components/currency/AmountInCurrency';
import { rememberCurrency } from '../lib/currencies';
import {
  amountProblem,
  formatMoney,
  fromCents,
  parseAmount,
  parseAmountMinor,
  plainAmount,
} from '../lib/money';
import {
  type CurrencyBalance,
  minorForInput,
  pickPrefill,
  prefillText,
  type SettleDirection,
} from '../lib/settleUp';

/** A friend's balances per currency (everything between the two: groups and outside them). */
function balancesOf(friendship: Friendship | undefined): CurrencyBalance[] {
  if (friendship === undefined) return [];
  const list = friendship.byCurrency ?? [];
  return list.length > 0
    ? list.map((c) => ({ currency: c.currency, amount: c.netBalance }))
    : [{ currency: friendship.currency, amount: friendship.netBalance }];
}

/** What the user went off to pay, for "Did you pay?" on their return. */
interface LeftToPay {
  friendId: number;
  name: string;
  amount: Cents;
  currency: string;
}

/**
 * Settle up with a friend across everything (POST /payments/settle), either way: "I paid Bea" or
 * "Bea paid me". Choosing the friend (or opening /app/settle-up?with={userId} from a friend's row)
 * fills in what settles the balance: the direction, the amount owed and its currency; the user
 * can change any of it. The amount follows the direction and currency until the user types one.
 * Paying a friend who offers ways to be paid (issue #33) shows pay buttons; coming back from one
 * asks "Did you pay?" and records the payment with one tap.
 */
export default function SettleUpPage() {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`Settle up`);
  const friends = useFriends();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const keys = useSubmissionKeys();
  const fallbackCurrency = useDefaultCurrency();
  const [direction, setDirection] = useState<SettleDirection>('I_PAID');
  const [friendId, setFriendId] = useState(params.get('with') ?? '');
  const [amount, setAmount] = useState('');
  const [amountTyped, setAmountTyped] = useState(false);
  const [currency, setCurrency] = useState<string | null>(null);
  const [date, setDate] = useState(todayIso);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The friend whose balance the form was last filled in from.
  const [filledFor, setFilledFor] = useState<string | null>(null);
  const me = useCurrentUser();
  const paid = useAskOnReturn<LeftToPay>();

  const accepted = (friends.data ?? []).filter((f) => f.status === 'ACCEPTED' && f.otherUser);
  const selected = accepted.find((f) => String(f.otherUser?.id) === friendId);
  const balances = balancesOf(selected);
  // Set to the currency of the balance being settled once a friend is chosen (below), or by the
  // user; before that, and with nothing to settle, the user's own default (not the friend's
  // primary currency, which is USD for a settled friend).
  const cur = currency ?? fallbackCurrency;
  const selectedId = selected?.otherUser?.id;
  const theirMethods = useQuery({
    queryKey: queryKeys.payMethodsOf(selectedId ?? 0),
    queryFn: () => payMethodsApi.of(selectedId ?? 0),
    enabled: selectedId !== undefined,
  });

  // A friend chosen (or named in the URL, once the list has loaded): start from their balance.
  if (selected !== undefined && filledFor !== friendId) {
    setFilledFor(friendId);
    const fill = pickPrefill(balances, null);
    setAmountTyped(false);
    if (fill === null) {
      setAmount('');
    } else {
      setDirection(fill.direction);
      setCurrency(fill.currency);
      setAmount(minorForInput(fill.cents, fill.currency));
    }
  }

  const changeDirection = (next: SettleDirection) => {
    setDirection(next);
    if (!amountTyped) setAmount(prefillText(balances, next, cur));
  };
  const changeCurrency = (code: string) => {
    setCurrency(code);
    if (!amountTyped) setAmount(prefillText(balances, direction, code));
  };

  /** Records the settling payment (or queues it offline), then goes where the result shows. */
  const record = async (request: SettleRequest, other: { id: number; name: string }) => {
    setBusy(true);
    rememberCurrency(request.currency);
    try {
      const saved = await offline.settleUp(request, keys.keyFor(request), other);
      keys.succeeded();
      if (saved.queued) toast.success(i18n._(offline.QUEUED_MESSAGE));
      else toast.success(t`Payment recorded successfully!`);
      await invalidate();
      await navigate(saved.queued ? '/app/friends' : '/app/activity');
    } catch (e) {
      setError(errorMessage(e, t`Failed to record payment`));
      setBusy(false);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = parseAmount(amount, cur);
    const otherUserId = Number(friendId);
    if (!friendId || value === null || value < MIN_AMOUNT) {
      const problem = friendId && amount.trim() ? amountProblem(amount, cur) : null;
      setError(
        problem !== null
          ? i18n._(problem)
          : t`Please select a friend and enter a valid positive amount.`,
      );
      return;
    }
    setError(null);
    await record(
      {
        otherUserId,
        direction,
        amount: plainAmount(amount, cur) ?? String(value),
        date,
        currency: cur,
      },
      selected?.otherUser ?? { id: otherUserId, name: t`your friend` },
    );
  };

  /** "Yes" to "Did you pay?": the payment as it was offered, dated today. */
  const recordPaid = async (left: LeftToPay) => {
    paid.dismiss();
    await record(
      {
        otherUserId: left.friendId,
        direction: 'I_PAID',
        amount: formatMinor(left.amount, left.currency),
        date: todayIso(),
        currency: left.currency,
      },
      { id: left.friendId, name: left.name },
    );
  };

  const name = selected?.otherUser?.name ?? null;
  const payAmount = parseAmountMinor(amount, cur);
  const canPay =
    direction === 'I_PAID' &&
    name !== null &&
    selectedId !== undefined &&
    payAmount !== null &&
    payAmount >= 1;
  const asked = paid.question;

  return (
    <>
      <PageHeader title={t`Settle up`} back="/app/friends" />
      {friends.isPending ? (
        <SkeletonList rows={4} height="h-12" />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="card flex flex-col gap-4 p-4">
          {error ? <Alert>{error}</Alert> : null}
          <div>
            <label htmlFor="settle-friend" className="label">
              <Trans>Friend</Trans>
            </label>
            <select
              id="settle-friend"
              className="field"
              value={friendId}
              onChange={(e) => setFriendId(e.target.value)}
            >
              <option value="">{t`Select a friend`}</option>
              {accepted.map((f) => (
                <option key={f.id} value={f.otherUser?.id}>
                  {f.otherUser?.name}
                </option>
              ))}
            </select>
            {name !== null ? <BalanceHint name={name} balances={balances} /> : null}
          </div>
          <DirectionToggle value={direction} name={name} onChange={changeDirection} />
          <AmountInCurrency
            idPrefix="settle"
            amount={amount}
            currency={cur}
            onAmountChange={(text) => {
              setAmount(text);
              setAmountTyped(true);
            }}
            onCurrencyChange={changeCurrency}
            preferred={balances.map((b) => b.currency)}
          />
          {canPay && theirMethods.data !== undefined ? (
            <PayButtons
              methods={theirMethods.data}
              amount={payAmount}
              currency={cur}
              payee={name}
              note={paymentNote(me.name)}
              onOpened={() =>
                paid.leave({ friendId: selectedId, name, amount: payAmount, currency: cur })
              }
            />
          ) : null}
          <div>
            <label htmlFor="settle-date" className="label">
              <Trans>Date</Trans>
            </label>
            <input
              id="settle-date"
              className="field"
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t`Saving...` : t`Save`}
          </button>
        </form>
      )}
      {asked !== null ? (
        <DidYouPayDialog
          payee={asked.name}
          money={formatMoney(fromCents(asked.amount, asked.currency), asked.currency)}
          onYes={() => recordPaid(asked)}
          onClose={paid.dismiss}
        />
      ) : null}
    </>
  );
}
