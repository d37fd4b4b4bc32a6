import { authApi } from '../api/auth';
import { EmailRequestForm } from '../components/forms/EmailRequestForm';
import { AuthCard, BackToSignIn } from '../components/PublicLayout';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  return (
    <AuthCard title="Forgot password" subtitle="We will e-mail you a link to set a new password.">
      <EmailRequestForm
        send={(email) => authApi.forgotPassword(email)}
        successText="If an account exists for this email, a password reset link has been sent."
        submitLabel="Send reset link"
        className="flex flex-col gap-4"
      />
      <BackToSignIn />
    </AuthCard>
  );
}
