import { useState, type FormEvent } from 'react';
import { changeEmailFormErrors } from '@evenly/core';
import type { Message } from '@evenly/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { profileApi } from '../../api/profile';
import { appErrorText } from '../../lib/appErrors';
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
  const { i18n, t } = useLingui();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{
    email?: Message | undefined;
    password?: Message | undefined;
  }>({});
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
      await profileApi.changeEmail(address, password);
      setSent(address);
      onSent();
    } catch (e) {
      setError(appErrorText(i18n, e, msg`Failed to change your e-mail address`));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={t`Change e-mail`} onClose={onClose} size="sm">
      {sent ? (
        <div className="flex flex-col gap-4">
          <Alert kind="success">
            <Trans>
              We sent a confirmation link to <span translate="no">{sent}</span>. Your address
              changes when you open it.
            </Trans>
          </Alert>
          <div className="flex justify-end">
            <button type="button" className="btn-primary" onClick={onClose} data-autofocus>
              <Trans>Done</Trans>
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          {error ? <Alert>{error}</Alert> : null}
          <p className="text-sm text-muted">
            <Trans>
              We send a confirmation link to the new address; your address changes when you open it.
            </Trans>
          </p>
          <FormField
            label={t`New e-mail address`}
            type="email"
            autoComplete="email"
            value={newEmail}
            data-autofocus
            error={errors.email}
            onChange={(e) => setNewEmail(e.target.value)}
          />
          <PasswordField
            label={t`Current password`}
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={onClose}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className="btn-primary" disabled={saving}>
              {saving ? t`Sending...` : t`Send confirmation link`}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
