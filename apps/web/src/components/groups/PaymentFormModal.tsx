import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { paymentsApi } from '../../api/payments';
import type { Group, Payment } from '../../api/types';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { useSubmissionKeys } from '../../hooks/useSubmissionKeys';
import { MIN_AMOUNT } from '../../lib/constants';
import { todayIso, normaliseDate } from '../../lib/dates';
import { hasAtMostTwoDecimals } from '../../lib/money';
import { Alert } from '../Alert';
import { Modal } from '../Modal';
import { useToast } from '../toast/toastContext';

interface Props {
  group: Group;
  meId: number;
  payment?: Payment | null;
  /** Prefill from a settle suggestion. */
  preset?: { toUserId: number; amount: number } | null;
  onClose: () => void;
}

/** Record (or edit) a payment from the current user to a group member. */
export function PaymentFormModal({ group, meId, payment, preset, onClose }: Props) {
  const [recipient, setRecipient] = useState(String(payment?.paidTo.id ?? preset?.toUserId ?? ''));
  const [amount, setAmount] = useState(
    payment ? payment.amount.toFixed(2) : preset ? preset.amount.toFixed(2) : '',
  );
  const [date, setDate] = useState(payment ? normaliseDate(payment.date) : todayIso());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const keys = useSubmissionKeys();
  const payerId = payment?.paidBy.id ?? meId;
  const recipients = group.members.filter((m) => m.id !== payerId);
  if (payment && !recipients.some((m) => m.id === payment.paidTo.id))
    recipients.push(payment.paidTo);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    const to = Number(recipient);
    if (!recipient || !amount || value < MIN_AMOUNT || !hasAtMostTwoDecimals(amount)) {
      setError('Please select a recipient and enter a valid positive amount.');
      return;
    }
    if (Number.isNaN(value) || Number.isNaN(to)) {
      setError('Invalid user ID or amount.');
      return;
    }
    setError(null);
    setBusy(true);
    const body = {
      paidToUserId: to,
      amount: value,
      date: normaliseDate(date),
      currency: group.defaultCurrency,
      groupId: group.id,
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
      setError(
        errorMessage(
          e,
          payment ? `Failed to update payment ${payment.id}` : 'Failed to record payment',
        ),
      );
      setBusy(false);
    }
  };

  return (
    <Modal title={payment ? 'Edit payment' : 'Record a payment'} onClose={onClose} size="sm">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <p className="text-sm text-muted">
          Paid by{' '}
          <span className="font-medium text-fg">{payment ? payment.paidBy.name : 'You'}</span>
        </p>
        <div>
          <label htmlFor="payment-recipient" className="label">
            Paid to
          </label>
          <select
            id="payment-recipient"
            className="field"
            value={recipient}
            onChange={(e) => setRecipient(e.target.value)}
          >
            <option value="">Select a recipient</option>
            {recipients.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="payment-amount" className="label">
            Amount ({group.defaultCurrency})
          </label>
          <input
            id="payment-amount"
            className="field"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            placeholder="0.00"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
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
