import { useState, type FormEvent } from 'react';
import { nameFormErrors } from '@evenly/core';
import type { Message } from '@evenly/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { profileApi } from '../../api/profile';
import type { Me } from '../../api/types';
import { useAuth } from '../../auth/authContext';
import { appErrorText } from '../../lib/appErrors';
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
  const { i18n, t } = useLingui();
  const { updateUser } = useAuth();
  const toast = useToast();
  const [name, setName] = useState(current);
  const [fieldError, setFieldError] = useState<Message | undefined>();
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
      toast.success(t`Name saved.`);
      onClose();
    } catch (e) {
      setError(appErrorText(i18n, e, msg`Failed to save your name`));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={t`Edit name`} onClose={onClose} size="sm">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <FormField
          label={t`Name`}
          autoComplete="name"
          value={name}
          maxLength={120}
          data-autofocus
          error={fieldError}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? t`Saving...` : t`Save name`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
