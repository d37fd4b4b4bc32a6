import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { emailFormErrors, type EmailFormValues } from '@evenly/core';
import { errorMessage } from '../../api/client';
import { formResolver } from '../../lib/formResolver';
import { Alert } from '../Alert';
import { FormField } from '../FormField';
import { MailStatusNotice } from '../MailStatusNotice';

/**
 * A form that asks the server to e-mail a link to an address (a password reset, a new
 * verification): the address, the answer (worded so it never says whether an account exists),
 * and the button. Below the answer, a notice when the e-mail could not be sent (its ticket).
 */
export function EmailRequestForm({
  send,
  successText,
  submitLabel,
  heading,
  className,
}: {
  send: (email: string) => Promise<{ mailTicket: string | null }>;
  successText: string;
  submitLabel: string;
  heading?: ReactNode;
  className: string;
}) {
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailFormValues>({ resolver: formResolver(emailFormErrors) });

  const onSubmit = handleSubmit(async ({ email }) => {
    setResult(null);
    setTicket(null);
    try {
      const { mailTicket } = await send(email);
      setResult({ kind: 'success', text: successText });
      setTicket(mailTicket);
    } catch (e) {
      setResult({
        kind: 'error',
        text: errorMessage(e, 'Something went wrong. Please try again.'),
      });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className={className}>
      {heading}
      {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
      <MailStatusNotice ticket={ticket} />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : submitLabel}
      </button>
    </form>
  );
}
