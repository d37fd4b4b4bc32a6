import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiTokensApi } from '../api/apiTokens';
import { errorMessage } from '../api/client';
import { queryKeys } from '../api/queryKeys';
import type { ApiToken } from '../api/types';
import { CreateApiTokenModal } from '../components/account/CreateApiTokenModal';
import { Alert } from '../components/Alert';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { KeyIcon, PlusIcon } from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { formatDateTime } from '../lib/dates';

const SCOPE_LABELS: Record<ApiToken['scope'], string> = {
  READ: 'Read only',
  READ_WRITE: 'Read and write',
};

function when(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

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
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{token.name}</span>
          <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium">
            {SCOPE_LABELS[token.scope]}
          </span>
          {expired ? (
            <span className="rounded-full bg-danger-soft px-2 py-0.5 text-xs font-medium text-danger">
              Expired
            </span>
          ) : null}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm text-muted">
          <dt>Token</dt>
          <dd className="font-mono">{token.hint}…</dd>
          <dt>Created</dt>
          <dd>{when(token.createdAt)}</dd>
          <dt>Last used</dt>
          <dd>{token.lastUsedAt === null ? 'Never' : formatDateTime(token.lastUsedAt)}</dd>
          <dt>Expires</dt>
          <dd>{token.expiresAt === null ? 'Never' : when(token.expiresAt)}</dd>
        </dl>
      </div>
      <button
        type="button"
        className="btn-secondary self-start text-danger sm:self-center"
        onClick={onRevoke}
        aria-label={`Revoke ${token.name}`}
      >
        Revoke
      </button>
    </li>
  );
}

/** Account → API tokens (issue #34 point 4): list, make, revoke personal API tokens. */
export default function ApiTokensPage() {
  useDocumentTitle('API tokens');
  const toast = useToast();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: queryKeys.apiTokens, queryFn: apiTokensApi.list });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens });

  const revoke = async (token: ApiToken) => {
    try {
      await apiTokensApi.revoke(token.id);
      toast.success(`“${token.name}” was revoked. It no longer works.`);
      setRevoking(null);
    } catch (e) {
      toast.error(errorMessage(e, 'Could not revoke the API token'));
    } finally {
      refresh();
    }
  };

  return (
    <>
      <PageHeader title="API tokens" back="/app/account" />
      <p className="mb-4 text-sm text-muted">
        Personal API tokens let your own scripts and tools use Evenly’s API as you, without your
        password: send one as <code className="font-mono">Authorization: Bearer evy_…</code>. A
        read-only token can only look. No token can manage tokens, your password, your e-mail
        address or your account, and changing your password ends every token.
      </p>
      <button
        type="button"
        className="btn-primary mb-4"
        onClick={() => setCreating(true)}
        disabled={tokens.data !== undefined && tokens.data.length >= 50}
      >
        <PlusIcon className="size-4" />
        New token
      </button>
      {tokens.isPending ? <SkeletonList /> : null}
      {tokens.isError ? (
        <Alert>
          {errorMessage(tokens.error, 'Could not load your API tokens')}{' '}
          <button type="button" className="font-semibold underline" onClick={refresh}>
            Try again
          </button>
        </Alert>
      ) : null}
      {tokens.data?.length === 0 ? (
        <div className="card flex flex-col items-center gap-2 p-6 text-center">
          <KeyIcon className="size-8 text-muted" />
          <p className="font-medium">No API tokens yet</p>
          <p className="text-sm text-muted">Make one for a script that reads or adds expenses.</p>
        </div>
      ) : null}
      {tokens.data !== undefined && tokens.data.length > 0 ? (
        <ul className="card mb-4 divide-y divide-border" aria-label="API tokens">
          {tokens.data.map((t) => (
            <TokenRow
              key={t.id}
              token={t}
              now={tokens.dataUpdatedAt}
              onRevoke={() => setRevoking(t)}
            />
          ))}
        </ul>
      ) : null}
      {creating ? (
        <CreateApiTokenModal onClose={() => setCreating(false)} onCreated={refresh} />
      ) : null}
      {revoking !== null ? (
        <ConfirmDialog
          title="Revoke this token?"
          message={`“${revoking.name}” stops working at once. Scripts that use it will be refused.`}
          confirmLabel="Revoke"
          danger
          onConfirm={() => revoke(revoking)}
          onClose={() => setRevoking(null)}
        />
      ) : null}
    </>
  );
}
