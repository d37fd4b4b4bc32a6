import { useLingui } from '@lingui/react/macro';
import { authApi } from '../api/auth';
import { EmailRequestForm } from '../components/forms/EmailRequestForm';
import { AuthCard, BackToSignIn } from '../components/PublicLayout';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export default function ForgotPasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Forgot password`);
  return (
    <AuthCard
      title={t`Forgot password`}
      subtitle={t`We will e-mail you a link to set a new password.`}
    >
      <EmailRequestForm
        send={(email) => authApi.forgotPassword(email)}
        successText={t`If an account exists for this email, a password reset link has been sent.`}
        submitLabel={t`Send reset link`}
        className="flex flex-col gap-4"
      />
      <BackToSignIn />
    </AuthCard>
  );
}
