import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { groupsApi } from '../../api/groups';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { validateGroupName } from '../../lib/validation';
import { FormField } from '../FormField';
import { Modal } from '../Modal';
import { useToast } from '../toast/toastContext';

export function CreateGroupModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
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
      const group = await groupsApi.create(name.trim());
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
