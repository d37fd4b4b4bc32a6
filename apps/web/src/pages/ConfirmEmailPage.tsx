import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../api/client';
import { profileApi } from '../api/profile';
import { queryKeys } from '../api/queryKeys';
import { useAuth } from '../auth/authContext';
import { Alert } from '../components/Alert';
import { AuthCard } from '../components/PublicLayout';
import { Spinner } from '../components/Spinner';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

const MISSING_TOKEN = 'The confirmation link is invalid or has expired.';

type State =
  | { status: 'confirming' }
  | { status: 'success'; message: string }
  | { status: 'error'; message: string };

// A token is single use: one request per token even when effects run twice.
const requests = new Map<string, Promise<string>>();
function confirmOnce(token: string): Promise<string> {
  let request = requests.get(token);
  if (!request) {
    request = profileApi.confirmEmail(token);
    requests.set(token, request);
  }
  return request;
}

/** /confirm-email?token= — the link of the change-of-address mail (public). */
export default function ConfirmEmailPage() {
  useDocumentTitle('Confirm e-mail');
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user, updateUser } = useAuth();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(
    token ? { status: 'confirming' } : { status: 'error', message: MISSING_TOKEN },
  );

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    confirmOnce(token)
      .then((message) => {
        if (cancelled) return;
        setState({ status: 'success', message });
        const address = /is now (\S+@\S+?)\.?$/.exec(message)?.[1];
        if (address) updateUser({ email: address });
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      })
      .catch((e: unknown) => {
        if (!cancelled) setState({ status: 'error', message: errorMessage(e, MISSING_TOKEN) });
      });
    return () => {
      cancelled = true;
    };
  }, [token, updateUser, queryClient]);

  const next = user
    ? { to: '/app/account', label: 'Go to your account' }
    : { to: '/login', label: 'Go to login' };

  return (
    <AuthCard title="Confirm e-mail address">
      {state.status === 'confirming' ? (
        <div className="flex items-center gap-3">
          <Spinner label="Confirming" />
          <p>Confirming your new address...</p>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <Alert kind={state.status === 'success' ? 'success' : 'error'}>{state.message}</Alert>
          <Link to={next.to} className="btn-primary w-full">
            {next.label}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
