import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { authApi } from '../api/auth';
import { errorMessage } from '../api/client';
import { useAuth } from '../auth/authContext';
import { changePasswordFormErrors, type ChangePasswordFormValues } from '@evenly/core';
import { formResolver } from '../lib/formResolver';
import { Alert } from './Alert';
import { PasswordField } from './forms/PasswordField';
import { NewPasswordFields } from './forms/NewPasswordFields';
import { Modal } from './Modal';
import { useToast } from './toast/toastContext';

export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { signIn } = useAuth();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormValues>({ resolver: formResolver(changePasswordFormErrors) });

  const onSubmit = handleSubmit(async ({ currentPassword, password }) => {
    setError(null);
    try {
      const response = await authApi.changePassword(currentPassword, password);
      signIn(response);
      toast.success('Password changed.');
      onClose();
    } catch (e) {
      setError(errorMessage(e, 'Failed to change password'));
    }
  });

  return (
    <Modal title="Security: change password" onClose={onClose} size="sm">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordFields
          passwordLabel="New password"
          confirmLabel="Confirm new password"
          placeholder="Min. 6 characters"
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          errors={errors}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Change password'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
