import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { groupsApi } from '../../api/groups';
import { queryKeys } from '../../api/queryKeys';
import type { Group } from '../../api/types';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { useSubmissionKeys } from '../../hooks/useSubmissionKeys';
import { formatDate } from '../../lib/dates';
import { Alert } from '../Alert';
import { ConfirmDialog } from '../ConfirmDialog';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';
import { APP_NAME } from '../Logo';
import { QrCode } from './QrCode';

const EXPIRY_OPTIONS = [
  { value: 'never', label: msg`Never`, days: null },
  { value: '7', label: msg`7 days`, days: 7 },
  { value: '30', label: msg`30 days`, days: 30 },
] as const;

/** The group's invite link: create (with an expiry), copy, share, QR code, revoke. */
export function InviteLinkSection({ group }: { group: Group }) {
  const { t, i18n } = useLingui();
  const link = useQuery({
    queryKey: queryKeys.inviteLink(group.id),
    queryFn: () => groupsApi.inviteLink(group.id),
  });
  const [expiry, setExpiry] = useState<(typeof EXPIRY_OPTIONS)[number]['value']>('never');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const keys = useSubmissionKeys();
  const current = link.data?.inviteLink ?? null;
  const groupName = group.name;
  const canShare = typeof navigator.share === 'function';

  const create = async () => {
    setBusy(true);
    setError(null);
    const days = EXPIRY_OPTIONS.find((o) => o.value === expiry)?.days ?? null;
    try {
      await groupsApi.createInviteLink(group.id, days, keys.keyFor({ days, n: current?.token }));
      keys.succeeded();
      toast.success(current ? t`New invite link created` : t`Invite link created`);
      await invalidate();
    } catch (e) {
      setError(errorMessage(e, t`Failed to create the invite link`));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    try {
      await groupsApi.revokeInviteLink(group.id);
      toast.success(t`Invite link revoked`);
    } catch (e) {
      toast.error(errorMessage(e, t`Failed to revoke the invite link`));
    } finally {
      setConfirmRevoke(false);
      await invalidate();
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus(t`Copied`);
    } catch {
      setStatus(t`Could not copy: select the link and copy it yourself.`);
    }
    window.setTimeout(() => setStatus(''), 4000);
  };

  const share = async (url: string) => {
    try {
      await navigator.share({ title: t`Join ${groupName} on ${APP_NAME}`, url });
    } catch {
      // Cancelled by the user.
    }
  };

  const expirySelect = (
    <div>
      <label htmlFor="invite-expiry" className="label">
        <Trans>Link expires</Trans>
      </label>
      <select
        id="invite-expiry"
        className="field"
        value={expiry}
        onChange={(e) => setExpiry(e.target.value as typeof expiry)}
      >
        {EXPIRY_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {i18n._(o.label)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        <Trans>
          Anyone with the link can join this group after signing in, or take over the share of a
          person without an account.
        </Trans>
      </p>
      {error ? <Alert>{error}</Alert> : null}
      {link.isPending ? (
        <SkeletonList rows={1} height="h-24" />
      ) : link.isError ? (
        <p className="text-sm text-danger">{link.error.message}</p>
      ) : current === null ? (
        <>
          {expirySelect}
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            onClick={() => void create()}
          >
            {busy ? t`Creating...` : t`Create invite link`}
          </button>
        </>
      ) : (
        <>
          <div>
            <label htmlFor="invite-url" className="label">
              <Trans>Invite link</Trans>
            </label>
            <input
              id="invite-url"
              className="field font-mono text-sm"
              readOnly
              value={current.url}
              onFocus={(e) => e.target.select()}
            />
            <p className="mt-1 text-xs text-muted">
              {current.expiresAt
                ? t`Expires on ${{ date: formatDate(current.expiresAt) }}.`
                : t`Does not expire.`}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => void copy(current.url)}>
              <Trans>Copy</Trans>
            </button>
            {canShare ? (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => void share(current.url)}
              >
                <Trans>Share</Trans>
              </button>
            ) : null}
            <button type="button" className="btn-danger" onClick={() => setConfirmRevoke(true)}>
              <Trans>Revoke link</Trans>
            </button>
          </div>
          <p role="status" aria-live="polite" className="min-h-5 text-sm text-owed">
            {status}
          </p>
          <div className="flex justify-center">
            <QrCode value={current.url} label={t`QR code for the invite link`} />
          </div>
          <details className="rounded-xl border border-border p-3">
            <summary className="cursor-pointer text-sm font-medium">
              <Trans>Replace with a new link</Trans>
            </summary>
            <div className="mt-3 flex flex-col gap-3">
              {expirySelect}
              <button
                type="button"
                className="btn-secondary"
                disabled={busy}
                onClick={() => void create()}
              >
                {busy ? t`Creating...` : t`Create new link`}
              </button>
            </div>
          </details>
        </>
      )}
      {confirmRevoke ? (
        <ConfirmDialog
          title={t`Revoke invite link`}
          message={t`The link and its QR code stop working at once. People who already joined stay in the group.`}
          confirmLabel={t`Revoke`}
          danger
          onConfirm={revoke}
          onClose={() => setConfirmRevoke(false)}
        />
      ) : null}
    </div>
  );
}
