import { intlLocale, type WebLocale } from '../../i18n/locale';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client';
import type { Group } from '../../api/types';
import { downloadFromApi } from '../../lib/download';
import { tripReportPath } from '../../lib/trip-report';
import { Alert } from '../Alert';
import { FormField } from '../FormField';
import { Modal } from '../Modal';

/** Group settings → Export: the trip report as a PDF for a date range (issue #33 point 3). */
export function TripReportDialog({
  group,
  onClose,
  onDone,
}: {
  group: Group;
  onClose: () => void;
  onDone: (fileName: string) => void;
}) {
  const { t, i18n } = useLingui();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [receipts, setReceipts] = useState(false);
  const [rangeError, setRangeError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const badRange = from !== '' && to !== '' && to < from;
    setRangeError(badRange ? t`The last day must be on or after the first.` : undefined);
    if (badRange) return;
    setBusy(true);
    setError(null);
    try {
      const name = await downloadFromApi(
        tripReportPath(group.id, { from, to, receipts }, intlLocale(i18n.locale as WebLocale)),
        'report.pdf',
      );
      onDone(name);
    } catch (err) {
      setError(errorMessage(err, t`Could not make the report.`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t`Download report (PDF)`} onClose={onClose} size="sm">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {error !== null ? <Alert>{error}</Alert> : null}
        <p className="text-sm text-muted">
          <Trans>
            Members, what each person paid and their share, spending by category and by month, the
            payments that settle up, and every expense and payment. Leave the dates empty for the
            whole history.
          </Trans>
        </p>
        <div className="grid grid-cols-2 gap-3">
          <FormField
            label={t`First day`}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            data-autofocus
          />
          <FormField
            label={t`Last day`}
            type="date"
            value={to}
            min={from === '' ? undefined : from}
            onChange={(e) => setTo(e.target.value)}
            error={rangeError}
          />
        </div>
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            className="size-5 accent-[var(--primary)]"
            checked={receipts}
            onChange={(e) => setReceipts(e.target.checked)}
          />
          <span>
            <Trans>Include receipt pictures</Trans>
          </span>
        </label>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? t`Making the report…` : t`Download PDF`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
