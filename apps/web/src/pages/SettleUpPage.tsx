import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api/client';
import * as offline from '../offline/writes';
import { Alert } from '../components/Alert';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useFriends } from '../hooks/useFriendships';
import { useInvalidateAll } from '../hooks/useInvalidate';
import { useSubmissionKeys } from '../hooks/useSubmissionKeys';
import { DEFAULT_CURRENCY, MIN_AMOUNT } from '../lib/constants';
import { todayIso } from '../lib/dates';
import { AmountInCurrency } from '../components/currency/AmountInCurrency';
import { rememberCurrency } from '../lib/currencies';
import { amountProblem, formatMoney, isZero, parseAmount, plainAmount } from '../lib/money';

type Direction = 'I_PAID' | 'THEY_PAID';

export default function SettleUpPage() {
  useDocumentTitle('Settle up');
  const friends = useFriends();
  const navigate = useNavigate();
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const keys = useSubmissionKeys();
  const [direction, setDirection] = useState<Direction>('I_PAID');
  const [friendId, setFriendId] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<string | null>(null);
  const [date, setDate] = useState(todayIso);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const accepted = (friends.data ?? []).filter((f) => f.status === 'ACCEPTED' && f.otherUser);
  const selected = accepted.find((f) => String(f.otherUser?.id) === friendId);
  // The friend's primary currency until the user picks one.
  const cur = currency ?? selected?.currency ?? DEFAULT_CURRENCY;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = parseAmount(amount, cur);
    const otherUserId = Number(friendId);
    if (!friendId || value === null || value < MIN_AMOUNT) {
      setError(
        (friendId && amount.trim() ? amountProblem(amount, cur) : null) ??
          'Please select a friend and enter a valid positive amount.',
      );
      return;
    }
    setError(null);
    setBusy(true);
    rememberCurrency(cur);
    const request = {
      otherUserId,
      direction,
      amount: plainAmount(amount, cur) ?? String(value),
      date,
      currency: cur,
    };
    try {
      const other = selected?.otherUser ?? { id: otherUserId, name: 'your friend' };
      const saved = await offline.settleUp(request, keys.keyFor(request), other);
      keys.succeeded();
      if (saved.queued) toast.success(offline.QUEUED_MESSAGE);
      else toast.success('Payment recorded successfully!');
      await invalidate();
      await navigate(saved.queued ? '/app/friends' : '/app/activity');
    } catch (e) {
      setError(errorMessage(e, 'Failed to record payment'));
      setBusy(false);
    }
  };

  const toggleClass = (active: boolean) =>
    `btn flex-1 ${active ? 'bg-primary text-on-primary' : 'text-muted hover:text-fg'}`;

  return (
    <>
      <PageHeader title="Settle up" back="/app/friends" />
      {friends.isPending ? (
        <SkeletonList rows={4} height="h-12" />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="card flex flex-col gap-4 p-4">
          {error ? <Alert>{error}</Alert> : null}
          <div
            role="group"
            aria-label="Who paid"
            className="flex gap-1 rounded-xl bg-surface-2 p-1"
          >
            <button
              type="button"
              aria-pressed={direction === 'I_PAID'}
              className={toggleClass(direction === 'I_PAID')}
              onClick={() => setDirection('I_PAID')}
            >
              You paid someone
            </button>
            <button
              type="button"
              aria-pressed={direction === 'THEY_PAID'}
              className={toggleClass(direction === 'THEY_PAID')}
              onClick={() => setDirection('THEY_PAID')}
            >
              Someone paid you
            </button>
          </div>
          <div>
            <label htmlFor="settle-friend" className="label">
              Friend
            </label>
            <select
              id="settle-friend"
              className="field"
              value={friendId}
              onChange={(e) => setFriendId(e.target.value)}
            >
              <option value="">Select a friend</option>
              {accepted.map((f) => (
                <option key={f.id} value={f.otherUser?.id}>
                  {f.otherUser?.name}
                </option>
              ))}
            </select>
            {selected && !isZero(selected.netBalance) ? (
              <p className="mt-1 text-sm text-muted">
                {selected.netBalance > 0
                  ? `${selected.otherUser?.name ?? ''} owes you ${formatMoney(selected.netBalance, selected.currency)}`
                  : `You owe ${selected.otherUser?.name ?? ''} ${formatMoney(-selected.netBalance, selected.currency)}`}
              </p>
            ) : null}
          </div>
          <AmountInCurrency
            idPrefix="settle"
            amount={amount}
            currency={cur}
            onAmountChange={setAmount}
            onCurrencyChange={setCurrency}
            preferred={selected ? [selected.currency] : []}
          />
          <div>
            <label htmlFor="settle-date" className="label">
              Date
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
            {busy ? 'Saving...' : 'Save'}
          </button>
        </form>
      )}
    </>
  );
}
