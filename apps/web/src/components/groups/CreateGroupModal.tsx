import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { groupsApi } from '../../api/groups';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { DEFAULT_CURRENCY } from '../../lib/constants';
import { recentCurrencies, rememberCurrency } from '../../lib/currencies';
import { validateGroupName } from '../../lib/validation';
import { CurrencyPicker } from '../currency/CurrencyPicker';
import { FormField } from '../FormField';
import { Modal } from '../Modal';
import { useToast } from '../toast/toastContext';

export function CreateGroupModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState(() => recentCurrencies()[0] ?? DEFAULT_CURRENCY);
  const [separate, setSeparate] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const navigate = useNavigate();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = validateGroupName(name);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      rememberCurrency(currency);
      const group = await groupsApi.create(name.trim(), {
        defaultCurrency: currency,
        currencyMode: separate ? 'SEPARATE' : 'CONVERT',
      });
      toast.success('Group created!');
      await invalidate();
      onClose();
      await navigate(`/app/group/${group.id}`);
    } catch (e) {
      setError(errorMessage(e, 'Could not create group.'));
      setBusy(false);
    }
  };

  return (
    <Modal title="Create a group" onClose={onClose} size="sm">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <FormField
          label="Group name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Lisbon trip"
          maxLength={100}
          error={error}
          data-autofocus
        />
        <CurrencyPicker
          id="group-currency"
          label="Group currency"
          value={currency}
          onChange={setCurrency}
        />
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1"
            checked={separate}
            onChange={(e) => setSeparate(e.target.checked)}
            aria-describedby="group-separate-hint"
          />
          <span>
            Keep currencies separate
            <span id="group-separate-hint" className="block text-muted">
              Balances per currency instead of converting everything into {currency}.
            </span>
          </span>
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Creating...' : 'Create Group'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
