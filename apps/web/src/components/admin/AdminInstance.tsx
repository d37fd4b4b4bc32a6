// The admin area's instance figures and backup download.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminApi } from '../../api/admin';
import { appErrorText } from '../../lib/appErrors';
import { downloadFromApi } from '../../lib/download';
import { Alert } from '../Alert';
import { DownloadIcon } from '../icons';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';
import { intlTag } from '../../i18n/locale';
import { formatBytes } from './format';

/** Product names: never translated. */
const POSTGRES = 'PostgreSQL';
const OBJECT_STORAGE = 'S3';
/** The command that restores a backup. */
const RESTORE_COMMAND = 'npm run restore';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-surface-2 p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-xl font-semibold" translate="no">
        {value}
      </dd>
    </div>
  );
}

export function AdminInstance() {
  const { i18n, t } = useLingui();
  const figures = useQuery({ queryKey: ['admin', 'instance'], queryFn: adminApi.instance });
  const count = (n: number) => n.toLocaleString(intlTag(i18n.locale));
  return (
    <section aria-labelledby="admin-instance-title">
      <h2 id="admin-instance-title" className="mb-3 text-lg font-semibold">
        <Trans>Instance</Trans>
      </h2>
      {figures.isPending ? (
        <SkeletonList rows={2} height="h-20" />
      ) : figures.isError ? (
        <Alert>{appErrorText(i18n, figures.error, msg`Unknown error`)}</Alert>
      ) : (
        <dl className="card grid grid-cols-2 gap-3 p-4 sm:grid-cols-3">
          <Figure label={t`People`} value={count(figures.data.people)} />
          <Figure label={t`Groups`} value={count(figures.data.groups)} />
          <Figure label={t`Expenses`} value={count(figures.data.expenses)} />
          <Figure
            label={
              figures.data.database === 'postgres'
                ? t`Database (${POSTGRES})`
                : t`Database (embedded)`
            }
            value={formatBytes(i18n, figures.data.databaseBytes)}
          />
          <Figure
            label={
              figures.data.storage === 's3'
                ? t`Receipts and pictures (${OBJECT_STORAGE})`
                : t`Receipts and pictures (local)`
            }
            value={formatBytes(i18n, figures.data.receiptBytes)}
          />
          <Figure label={t`Stored files`} value={count(figures.data.receiptFiles)} />
        </dl>
      )}
    </section>
  );
}

export function AdminBackup() {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFromApi('/admin/backup', 'evenly.evenly-backup.gz');
      toast.success(t`The backup was downloaded`);
    } catch (e) {
      toast.error(appErrorText(i18n, e, msg`Could not download the backup.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="admin-backup-title">
      <h2 id="admin-backup-title" className="mb-3 text-lg font-semibold">
        <Trans>Backup</Trans>
      </h2>
      <div className="card p-4">
        <p className="mb-3 text-muted">
          <Trans>
            One file with the whole database and every receipt file, read in one consistent moment.
            Restore it with <code translate="no">{RESTORE_COMMAND}</code> (see the operations
            guide).
          </Trans>
        </p>
        <button
          type="button"
          className="btn-primary"
          disabled={busy}
          onClick={() => void download()}
        >
          <DownloadIcon className="size-5" />
          {busy ? t`Preparing the backup…` : t`Download now`}
        </button>
      </div>
    </section>
  );
}
