import { useState, type FormEvent } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/client';
import { profileApi } from '../../api/profile';
import { useAuth } from '../../auth/authContext';
import { appErrorText } from '../../lib/appErrors';
import { Alert } from '../Alert';
import { PasswordField } from '../forms/PasswordField';
import { Modal } from '../Modal';
import { useToast } from '../toast/toastContext';

/** Password, then (when balances are still open) an explicit "Delete anyway". */
export function DeleteAccountModal({ onClose }: { onClose: () => void }) {
  const { i18n, t } = useLingui();
  const { signOut } = useAuth();
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [outstanding, setOutstanding] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (confirmOutstanding: boolean) => {
    if (!password) {
      setFieldError(t`Please enter your password.`);
      return;
    }
    setFieldError(undefined);
    setError(null);
    setBusy(true);
    try {
      await profileApi.deleteAccount(password, confirmOutstanding);
      // The token is dead: signed out at once, and the protected pages lead to the landing page.
      signOut({ to: '/' });
      toast.success(t`Your account has been deleted.`);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'OUTSTANDING_BALANCE') {
        setOutstanding(
          appErrorText(
            i18n,
            e,
            msg`You still have outstanding balances. Settle up first, or confirm to delete anyway.`,
          ),
        );
      } else {
        setOutstanding(null);
        setError(appErrorText(i18n, e, msg`Could not delete your account.`));
      }
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void remove(false);
  };

  return (
    <Modal title={t`Delete account`} onClose={onClose} size="sm" role="alertdialog">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          <Trans>
            Your name, address, picture and settings are erased. Expenses and payments you shared
            stay for the others under “Deleted user”, with their balances. This cannot be undone.
          </Trans>
        </p>
        {error ? <Alert>{error}</Alert> : null}
        <PasswordField
          label={t`Password`}
          autoComplete="current-password"
          value={password}
          data-autofocus
          error={fieldError}
          onChange={(e) => setPassword(e.target.value)}
        />
        {outstanding ? (
          <div className="flex flex-col gap-3">
            <Alert>{outstanding}</Alert>
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className="btn-secondary" onClick={onClose}>
                <Trans>Cancel</Trans>
              </button>
              <button
                type="button"
                className="btn-danger"
                disabled={busy}
                onClick={() => void remove(true)}
              >
                {busy ? t`Deleting...` : t`Delete anyway`}
              </button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={onClose}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className="btn-danger" disabled={busy}>
              {busy ? t`Deleting...` : t`Delete my account`}
            </button>
          </div>
        )}
      </form>
    </Modal>
  );
}
