import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { emailFormErrors, type EmailFormValues } from '@evenly/core';
import { formResolver } from '../../lib/formResolver';
import { apiErrorText } from '../../i18n/publicMessages';
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
  const { i18n, t } = useLingui();
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailFormValues>({ resolver: formResolver(emailFormErrors, i18n) });

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
        text: apiErrorText(i18n, e, msg`Something went wrong. Please try again.`),
      });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className={className}>
      {heading}
      {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
      <MailStatusNotice ticket={ticket} />
      <FormField
        label={t`Email`}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? t`Sending…` : submitLabel}
      </button>
    </form>
  );
}
