// On the account page: the way into the admin area for administrators, and for the only account
// of a new server without one, the offer to claim the role (once ever).
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminApi } from '../../api/admin';
import { queryKeys } from '../../api/queryKeys';
import { useMe } from '../../hooks/useBalances';
import { appErrorText } from '../../lib/appErrors';
import { ConfirmDialog } from '../ConfirmDialog';
import { ChevronRightIcon, ShieldIcon } from '../icons';
import { useToast } from '../toast/toastContext';

export function AdminEntry() {
  const { i18n, t } = useLingui();
  const me = useMe();
  const client = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  if (me.data?.isAdmin === true) {
    return (
      <ul className="card mb-4" aria-label={t`Administration`}>
        <li>
          <Link
            to="/app/admin"
            className="flex min-h-14 w-full items-center gap-3 px-4 py-3 text-start hover:bg-surface-2"
          >
            <ShieldIcon className="size-5 text-muted" />
            <span className="flex-1 font-medium">
              <Trans>Admin area</Trans>
            </span>
            <ChevronRightIcon className="size-5 text-muted" />
          </Link>
        </li>
      </ul>
    );
  }
  if (me.data?.canClaimAdmin !== true) return null;
  const claim = async () => {
    try {
      await adminApi.claim();
      toast.success(t`You are the administrator of this server`);
      await client.invalidateQueries({ queryKey: queryKeys.me });
    } catch (e) {
      toast.error(appErrorText(i18n, e, msg`Could not make you the administrator.`));
    } finally {
      setConfirming(false);
    }
  };
  return (
    <section aria-labelledby="claim-admin-title" className="card mb-4 p-4">
      <h2 id="claim-admin-title" className="font-semibold">
        <Trans>Administer this server</Trans>
      </h2>
      <p className="mt-1 mb-3 text-sm text-muted">
        <Trans>
          Yours is the only account on this new server, which has no administrator yet. The first
          account can become its administrator, once.
        </Trans>
      </p>
      <button type="button" className="btn-primary" onClick={() => setConfirming(true)}>
        <ShieldIcon className="size-5" />
        <Trans>Become administrator</Trans>
      </button>
      {confirming ? (
        <ConfirmDialog
          title={t`Become the administrator?`}
          message={t`You will manage people, registration and backups of this server. This offer is made only once.`}
          confirmLabel={t`Become administrator`}
          onConfirm={claim}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
