import { useState, type FormEvent } from 'react';
import { changeEmailFormErrors } from '@evenly/core';
import { errorMessage } from '../../api/client';
import { profileApi } from '../../api/profile';
import { Alert } from '../Alert';
import { FormField } from '../FormField';
import { PasswordField } from '../forms/PasswordField';
import { Modal } from '../Modal';

/** New address + current password → a confirmation link to the new address. */
export function ChangeEmailModal({
  currentEmail,
  onSent,
  onClose,
}: {
  currentEmail: string | null;
  onSent: () => void;
  onClose: () => void;
}) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = newEmail.trim();
    const found = changeEmailFormErrors({ newEmail, currentPassword: password }, currentEmail);
    const next = { email: found.newEmail, password: found.currentPassword };
    setErrors(next);
    if (next.email || next.password) return;
    setError(null);
    setSaving(true);
    try {
      setSent(await profileApi.changeEmail(address, password));
      onSent();
    } catch (e) {
      setError(errorMessage(e, 'Failed to change your e-mail address'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="Change e-mail" onClose={onClose} size="sm">
      {sent ? (
        <div className="flex flex-col gap-4">
          <Alert kind="success">{sent}</Alert>
          <div className="flex justify-end">
            <button type="button" className="btn-primary" onClick={onClose} data-autofocus>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          {error ? <Alert>{error}</Alert> : null}
          <p className="text-sm text-muted">
            We send a confirmation link to the new address; your address changes when you open it.
          </p>
          <FormField
            label="New e-mail address"
            type="email"
            autoComplete="email"
            value={newEmail}
            data-autofocus
            error={errors.email}
            onChange={(e) => setNewEmail(e.target.value)}
          />
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={saving}>
              {saving ? 'Sending...' : 'Send confirmation link'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
