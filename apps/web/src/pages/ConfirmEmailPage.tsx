import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { profileApi } from '../api/profile';
import { queryKeys } from '../api/queryKeys';
import { useAuth } from '../auth/authContext';
import { Alert } from '../components/Alert';
import { AuthCard } from '../components/PublicLayout';
import { Spinner } from '../components/Spinner';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { apiErrorText } from '../i18n/publicMessages';

const INVALID_LINK = msg`The confirmation link is invalid or has expired.`;

type State =
  | { status: 'confirming' }
  /** `address`: the confirmed address, when the server's answer names it. */
  | { status: 'success'; address: string | null }
  /** `error`: what the server answered, or null for a link without its token. */
  | { status: 'error'; error: unknown };

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
  const { i18n, t } = useLingui();
  useDocumentTitle(t`Confirm e-mail`);
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user, updateUser } = useAuth();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(
    token ? { status: 'confirming' } : { status: 'error', error: null },
  );

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    confirmOnce(token)
      .then((message) => {
        if (cancelled) return;
        const address = /is now (\S+@\S+?)\.?$/.exec(message)?.[1];
        setState({ status: 'success', address: address ?? null });
        if (address) updateUser({ email: address });
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      })
      .catch((e: unknown) => {
        if (!cancelled) setState({ status: 'error', error: e });
      });
    return () => {
      cancelled = true;
    };
  }, [token, updateUser, queryClient]);

  const next = user
    ? { to: '/app/account', label: t`Go to your account` }
    : { to: '/login', label: t`Go to sign in` };

  const address = state.status === 'success' ? state.address : null;
  return (
    <AuthCard title={t`Confirm e-mail address`}>
      {state.status === 'confirming' ? (
        <div className="flex items-center gap-3">
          <Spinner label={t`Confirming`} />
          <p>
            <Trans>Confirming your new address…</Trans>
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {state.status === 'success' ? (
            <Alert kind="success">
              {address === null ? (
                <Trans>Your email address has been changed.</Trans>
              ) : (
                <Trans>Your email address is now {address}.</Trans>
              )}
            </Alert>
          ) : (
            <Alert>
              {state.error === null
                ? i18n._(INVALID_LINK)
                : apiErrorText(i18n, state.error, INVALID_LINK)}
            </Alert>
          )}
          <Link to={next.to} className="btn-primary w-full">
            {next.label}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
