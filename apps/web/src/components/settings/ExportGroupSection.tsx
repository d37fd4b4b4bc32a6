import { useState } from 'react';
import { errorMessage } from '../../api/client';
import type { Group } from '../../api/types';
import { downloadFromApi } from '../../lib/download';
import { Alert } from '../Alert';
import { DownloadIcon } from '../icons';

/** Group settings: the group's expenses and payments as a CSV file (Splitwise's format). */
export function ExportCsvSection({ group }: { group: Group }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const name = await downloadFromApi(`/groups/${String(group.id)}/export.csv`, 'group.csv');
      setDone(`Downloaded ${name}.`);
    } catch (e) {
      setError(errorMessage(e, 'Could not export the group.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className="mb-3 text-sm text-muted">
        Every expense and payment, one row each, with each member’s share: the same spreadsheet
        Splitwise exports, readable by any spreadsheet app and importable again.
      </p>
      <button
        type="button"
        className="btn-secondary"
        aria-busy={busy}
        disabled={busy}
        onClick={() => void download()}
      >
        <DownloadIcon className="size-4" />
        {busy ? 'Exporting…' : 'Export CSV'}
      </button>
      <div aria-live="polite">
        {done !== null ? <p className="mt-2 text-sm text-muted">{done}</p> : null}
      </div>
      {error !== null ? (
        <div className="mt-3">
          <Alert>{error}</Alert>
        </div>
      ) : null}
    </>
  );
}
