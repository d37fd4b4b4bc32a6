import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { notificationsApi } from '../api/notifications';
import { Alert } from '../components/Alert';
import { AuthCard } from '../components/PublicLayout';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { apiErrorText } from '../i18n/publicMessages';

/** The kinds of e-mail a link turns off (core's NOTIFICATION_KIND_LABELS, translated). */
const KIND_LABELS: Record<string, MessageDescriptor> = {
  GROUP_ADDED: msg`Added to a group`,
  EXPENSE: msg`Expenses that involve me`,
  PAYMENT: msg`Payments that involve me`,
  COMMENT: msg`Comments on my expenses`,
  FRIEND_REQUEST: msg`Friend requests`,
  REMINDER: msg`Reminders to settle up`,
  BUDGET: msg`Budget alerts (80% and 100%)`,
};

/** What is off now, by the answer's `unsubscribed` (a kind, or DIGEST). */
function doneText(i18n: I18n, scope: string, serverMessage: string): string {
  if (scope === 'DIGEST') return i18n._(msg`The daily digest e-mail is now off.`);
  const label = KIND_LABELS[scope];
  if (label === undefined) return serverMessage;
  const kind = i18n._(label);
  return i18n._(msg`E-mails for “${kind}” are now off.`);
}

/**
 * The page behind the "Unsubscribe" link in every notification mail. Opening it changes nothing
 * (link checkers and previews open links too, RFC 8058); the button sends the one-click POST,
 * which needs no sign-in.
 */
export default function UnsubscribePage() {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`Unsubscribe`);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<
    | { status: 'idle' }
    | { status: 'sending' }
    | { status: 'done'; scope: string; message: string }
    | { status: 'error'; error: unknown }
  >({ status: 'idle' });

  const unsubscribe = () => {
    setState({ status: 'sending' });
    notificationsApi
      .unsubscribe(token)
      .then((r) => setState({ status: 'done', scope: r.unsubscribed, message: r.message }))
      .catch((e: unknown) => setState({ status: 'error', error: e }));
  };

  return (
    <AuthCard title={t`Unsubscribe`}>
      {state.status === 'done' ? (
        <Alert kind="success">{doneText(i18n, state.scope, state.message)}</Alert>
      ) : (
        <>
          <p className="mb-4 text-sm text-muted">
            <Trans>
              Stop the e-mails this link came with. You can turn them back on, or choose a daily
              digest instead, in your notification settings at any time.
            </Trans>
          </p>
          {token === '' ? (
            <Alert>
              <Trans>This unsubscribe link is incomplete.</Trans>
            </Alert>
          ) : null}
          {state.status === 'error' ? (
            <Alert>{apiErrorText(i18n, state.error, msg`Failed to unsubscribe.`)}</Alert>
          ) : null}
          <button
            type="button"
            className="btn-primary mt-2 w-full"
            disabled={token === '' || state.status === 'sending'}
            onClick={unsubscribe}
          >
            {state.status === 'sending' ? t`Unsubscribing…` : t`Unsubscribe`}
          </button>
        </>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/app/account/notifications" className="font-medium text-primary underline">
          <Trans>Notification settings</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
