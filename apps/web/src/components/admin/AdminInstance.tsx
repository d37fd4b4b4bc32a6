// The admin area's instance figures and backup download.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { downloadFromApi } from '../../lib/download';
import { Alert } from '../Alert';
import { DownloadIcon } from '../icons';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';
import { formatBytes } from './format';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-surface-2 p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-xl font-semibold">{value}</dd>
    </div>
  );
}

export function AdminInstance() {
  const figures = useQuery({ queryKey: ['admin', 'instance'], queryFn: adminApi.instance });
  return (
    <section aria-labelledby="admin-instance-title">
      <h2 id="admin-instance-title" className="mb-3 text-lg font-semibold">
        Instance
      </h2>
      {figures.isPending ? (
        <SkeletonList rows={2} height="h-20" />
      ) : figures.isError ? (
        <Alert>{errorMessage(figures.error)}</Alert>
      ) : (
        <dl className="card grid grid-cols-2 gap-3 p-4 sm:grid-cols-3">
          <Figure label="People" value={String(figures.data.people)} />
          <Figure label="Groups" value={String(figures.data.groups)} />
          <Figure label="Expenses" value={String(figures.data.expenses)} />
          <Figure
            label={`Database (${figures.data.database === 'postgres' ? 'PostgreSQL' : 'embedded'})`}
            value={formatBytes(figures.data.databaseBytes)}
          />
          <Figure
            label={`Receipts and pictures (${figures.data.storage === 's3' ? 'S3' : 'local'})`}
            value={formatBytes(figures.data.receiptBytes)}
          />
          <Figure label="Stored files" value={String(figures.data.receiptFiles)} />
        </dl>
      )}
    </section>
  );
}

export function AdminBackup() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFromApi('/admin/backup', 'evenly.evenly-backup.gz');
      toast.success('The backup was downloaded');
    } catch (e) {
      toast.error(errorMessage(e, 'Could not download the backup.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="admin-backup-title">
      <h2 id="admin-backup-title" className="mb-3 text-lg font-semibold">
        Backup
      </h2>
      <div className="card p-4">
        <p className="mb-3 text-muted">
          One file with the whole database and every receipt file, read in one consistent moment.
          Restore it with <code>npm run restore</code> (see the operations guide).
        </p>
        <button
          type="button"
          className="btn-primary"
          disabled={busy}
          onClick={() => void download()}
        >
          <DownloadIcon className="size-5" />
          {busy ? 'Preparing the backup…' : 'Download now'}
        </button>
      </div>
    </section>
  );
}
