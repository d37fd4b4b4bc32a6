import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../api/client';
import { notificationsApi } from '../api/notifications';
import { Alert } from '../components/Alert';
import { AuthCard } from '../components/PublicLayout';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/**
 * The page behind the "Unsubscribe" link in every notification mail. Opening it changes nothing
 * (link checkers and previews open links too, RFC 8058); the button sends the one-click POST,
 * which needs no sign-in.
 */
export default function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<
    { status: 'idle' } | { status: 'sending' } | { status: 'done' | 'error'; message: string }
  >({ status: 'idle' });

  const unsubscribe = () => {
    setState({ status: 'sending' });
    notificationsApi
      .unsubscribe(token)
      .then((r) => setState({ status: 'done', message: r.message }))
      .catch((e: unknown) =>
        setState({ status: 'error', message: errorMessage(e, 'Failed to unsubscribe') }),
      );
  };

  return (
    <AuthCard title="Unsubscribe">
      {state.status === 'done' ? (
        <Alert kind="success">{state.message}</Alert>
      ) : (
        <>
          <p className="mb-4 text-sm text-muted">
            Stop the e-mails this link came with. You can turn them back on, or choose a daily
            digest instead, in your notification settings at any time.
          </p>
          {token === '' ? <Alert>This unsubscribe link is incomplete.</Alert> : null}
          {state.status === 'error' ? <Alert>{state.message}</Alert> : null}
          <button
            type="button"
            className="btn-primary mt-2 w-full"
            disabled={token === '' || state.status === 'sending'}
            onClick={unsubscribe}
          >
            {state.status === 'sending' ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
        </>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/app/account/notifications" className="font-medium text-primary underline">
          Notification settings
        </Link>
      </p>
    </AuthCard>
  );
}
