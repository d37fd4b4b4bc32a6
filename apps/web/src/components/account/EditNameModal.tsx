import { useState, type FormEvent } from 'react';
import { nameFormErrors } from '@evenly/core';
import { errorMessage } from '../../api/client';
import { profileApi } from '../../api/profile';
import type { Me } from '../../api/types';
import { useAuth } from '../../auth/authContext';
import { Alert } from '../Alert';
import { FormField } from '../FormField';
import { Modal } from '../Modal';
import { useToast } from '../toast/toastContext';

export function EditNameModal({
  current,
  onSaved,
  onClose,
}: {
  current: string;
  onSaved: (me: Me) => void;
  onClose: () => void;
}) {
  const { updateUser } = useAuth();
  const toast = useToast();
  const [name, setName] = useState(current);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameFormErrors({ name }).name;
    setFieldError(problem);
    if (problem) return;
    setError(null);
    setSaving(true);
    try {
      const me = await profileApi.updateName(name.trim());
      updateUser({ name: me.name });
      onSaved(me);
      toast.success('Name saved.');
      onClose();
    } catch (e) {
      setError(errorMessage(e, 'Failed to save your name'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="Edit name" onClose={onClose} size="sm">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <FormField
          label="Name"
          autoComplete="name"
          value={name}
          maxLength={120}
          data-autofocus
          error={fieldError}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save name'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
