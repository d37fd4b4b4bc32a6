import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiTokensApi } from '../api/apiTokens';
import { queryKeys } from '../api/queryKeys';
import type { ApiToken } from '../api/types';
import { CreateApiTokenModal } from '../components/account/CreateApiTokenModal';
import { Alert } from '../components/Alert';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { KeyIcon, PlusIcon } from '../components/icons';
import { APP_NAME } from '../components/Logo';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { appErrorText } from '../lib/appErrors';
import { formatDateTime, formatDay } from '../lib/dates';

/** What a script sends (an HTTP header: not words). */
const AUTH_HEADER = 'Authorization: Bearer evy_…';

const SCOPE_LABELS: Record<ApiToken['scope'], MessageDescriptor> = {
  READ: msg`Read only`,
  READ_WRITE: msg`Read and write`,
};

function TokenRow({
  token,
  now,
  onRevoke,
}: {
  token: ApiToken;
  /** When the list was loaded (ms): expired tokens are marked as of then. */
  now: number;
  onRevoke: () => void;
}) {
  const { i18n, t } = useLingui();
  const when = (iso: string) => formatDay(iso);
  const tokenName = token.name;
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words" translate="no">
            {token.name}
          </span>
          <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium">
            {i18n._(SCOPE_LABELS[token.scope])}
          </span>
          {expired ? (
            <span className="rounded-full bg-danger-soft px-2 py-0.5 text-xs font-medium text-danger">
              <Trans>Expired</Trans>
            </span>
          ) : null}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm text-muted">
          <dt>
            <Trans>Token</Trans>
          </dt>
          <dd className="font-mono" translate="no">
            {token.hint}…
          </dd>
          <dt>
            <Trans>Created</Trans>
          </dt>
          <dd translate="no">{when(token.createdAt)}</dd>
          <dt>
            <Trans>Last used</Trans>
          </dt>
          <dd>
            {token.lastUsedAt === null ? (
              <Trans>Never</Trans>
            ) : (
              <span translate="no">{formatDateTime(token.lastUsedAt)}</span>
            )}
          </dd>
          <dt>
            <Trans>Expires</Trans>
          </dt>
          <dd>
            {token.expiresAt === null ? (
              <Trans>Never</Trans>
            ) : (
              <span translate="no">{when(token.expiresAt)}</span>
            )}
          </dd>
        </dl>
      </div>
      <button
        type="button"
        className="btn-secondary self-start text-danger sm:self-center"
        onClick={onRevoke}
        aria-label={t`Revoke ${tokenName}`}
      >
        <Trans>Revoke</Trans>
      </button>
    </li>
  );
}

/** Account → API tokens (issue #34 point 4): list, make, revoke personal API tokens. */
export default function ApiTokensPage() {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`API tokens`);
  const toast = useToast();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: queryKeys.apiTokens, queryFn: apiTokensApi.list });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revokingName = revoking?.name ?? '';
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens });

  const revoke = async (token: ApiToken) => {
    try {
      await apiTokensApi.revoke(token.id);
      const name = token.name;
      toast.success(t`“${name}” was revoked. It no longer works.`);
      setRevoking(null);
    } catch (e) {
      toast.error(appErrorText(i18n, e, msg`Could not revoke the API token`));
    } finally {
      refresh();
    }
  };

  return (
    <>
      <PageHeader title={t`API tokens`} back="/app/account" />
      <p className="mb-4 text-sm text-muted">
        <Trans>
          Personal API tokens let your own scripts and tools use {APP_NAME}’s API as you, without
          your password: send one as{' '}
          <code className="font-mono" translate="no">
            {AUTH_HEADER}
          </code>
          . A read-only token can only look. No token can manage tokens, your password, your e-mail
          address or your account, and changing your password ends every token.
        </Trans>
      </p>
      <button
        type="button"
        className="btn-primary mb-4"
        onClick={() => setCreating(true)}
        disabled={tokens.data !== undefined && tokens.data.length >= 50}
      >
        <PlusIcon className="size-4" />
        <Trans>New token</Trans>
      </button>
      {tokens.isPending ? <SkeletonList /> : null}
      {tokens.isError ? (
        <Alert>
          {appErrorText(i18n, tokens.error, msg`Could not load your API tokens`)}{' '}
          <button type="button" className="font-semibold underline" onClick={refresh}>
            <Trans>Try again</Trans>
          </button>
        </Alert>
      ) : null}
      {tokens.data?.length === 0 ? (
        <div className="card flex flex-col items-center gap-2 p-6 text-center">
          <KeyIcon className="size-8 text-muted" />
          <p className="font-medium">
            <Trans>No API tokens yet</Trans>
          </p>
          <p className="text-sm text-muted">
            <Trans>Make one for a script that reads or adds expenses.</Trans>
          </p>
        </div>
      ) : null}
      {tokens.data !== undefined && tokens.data.length > 0 ? (
        <ul className="card mb-4 divide-y divide-border" aria-label={t`API tokens`}>
          {tokens.data.map((token) => (
            <TokenRow
              key={token.id}
              token={token}
              now={tokens.dataUpdatedAt}
              onRevoke={() => setRevoking(token)}
            />
          ))}
        </ul>
      ) : null}
      {creating ? (
        <CreateApiTokenModal onClose={() => setCreating(false)} onCreated={refresh} />
      ) : null}
      {revoking !== null ? (
        <ConfirmDialog
          title={t`Revoke this token?`}
          message={t`“${revokingName}” stops working at once. Scripts that use it will be refused.`}
          confirmLabel={t`Revoke`}
          danger
          onConfirm={() => revoke(revoking)}
          onClose={() => setRevoking(null)}
        />
      ) : null}
    </>
  );
}
