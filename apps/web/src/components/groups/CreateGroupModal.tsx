import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { groupsApi } from '../../api/groups';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { DEFAULT_CURRENCY } from '../../lib/constants';
import { recentCurrencies, rememberCurrency } from '../../lib/currencies';
import { validateGroupName } from '../../lib/validation';
import { GroupCurrencyFields } from './GroupCurrencyFields';
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
        <GroupCurrencyFields
          idPrefix="group"
          currency={currency}
          separate={separate}
          onCurrencyChange={setCurrency}
          onSeparateChange={setSeparate}
        />
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
