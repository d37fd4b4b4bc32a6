import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { authApi } from '../api/auth';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAuth } from '../auth/authContext';
import {
  changePasswordFormErrors,
  PASSWORD_MIN_LENGTH,
  type ChangePasswordFormValues,
} from '@evenly/core';
import { appErrorText } from '../lib/appErrors';
import { formResolver } from '../lib/formResolver';
import { Alert } from './Alert';
import { PasswordField } from './forms/PasswordField';
import { NewPasswordFields } from './forms/NewPasswordFields';
import { Modal } from './Modal';
import { useToast } from './toast/toastContext';

export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { i18n, t } = useLingui();
  const { signIn } = useAuth();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormValues>({ resolver: formResolver(changePasswordFormErrors, i18n) });

  const onSubmit = handleSubmit(async ({ currentPassword, password }) => {
    setError(null);
    try {
      const response = await authApi.changePassword(currentPassword, password);
      signIn(response);
      toast.success(t`Password changed.`);
      onClose();
    } catch (e) {
      setError(appErrorText(i18n, e, msg`Failed to change password`));
    }
  });

  return (
    <Modal title={t`Security: change password`} onClose={onClose} size="sm">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <PasswordField
          label={t`Current password`}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordFields
          passwordLabel={t`New password`}
          confirmLabel={t`Confirm new password`}
          placeholder={t`Min. ${PASSWORD_MIN_LENGTH} characters`}
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          errors={errors}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t`Saving...` : t`Change password`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
