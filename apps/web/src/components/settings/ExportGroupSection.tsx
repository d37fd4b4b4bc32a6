import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import type { Group } from '../../api/types';
import { csvExportPath } from '../../lib/csvExport';
import { downloadFromApi } from '../../lib/download';
import { CsvHeadersChoice } from '../export/CsvHeadersChoice';
import { Alert } from '../Alert';
import { DownloadIcon } from '../icons';
import { TripReportDialog } from './TripReportDialog';

/** The three downloads of a group (issue #31 point 6), each with what it holds. */
const FORMATS = [
  {
    id: 'csv',
    path: 'export.csv',
    fallback: 'group.csv',
    label: msg`Export CSV`,
    what: msg`A spreadsheet: one row per expense or payment with each member’s share, the amount in the group’s currency and, beside it, what was entered in another currency. Splitwise reads it too, and it imports back here.`,
  },
  {
    id: 'json',
    path: 'export.json',
    fallback: 'group.json',
    label: msg`Export JSON`,
    what: msg`Everything of the group for other programs: members and guests, every expense with who paid and each share, comments, payments, categories, original amounts and the converted ones. Receipt links in it work for a limited time.`,
  },
  {
    id: 'zip',
    path: 'export.zip',
    fallback: 'group.zip',
    label: msg`Export with receipts (zip)`,
    what: msg`The JSON and every receipt file in one zip, the JSON naming each receipt’s file inside it: a copy to keep.`,
  },
] as const;

type FormatId = (typeof FORMATS)[number]['id'];

/**
 * Group settings: the group as CSV, as JSON, or as JSON with its receipt files in a zip; and the
 * trip report as a PDF for a date range.
 */
export function ExportGroupSection({ group }: { group: Group }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<FormatId | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const [splitwiseHeaders, setSplitwiseHeaders] = useState(false);

  async function download(format: (typeof FORMATS)[number]) {
    setBusy(format.id);
    setError(null);
    setDone(null);
    try {
      const name = await downloadFromApi(
        `/groups/${String(group.id)}/${format.id === 'csv' ? csvExportPath(splitwiseHeaders) : format.path}`,
        format.fallback,
      );
      setDone(t`Downloaded ${name}.`);
    } catch (e) {
      setError(errorMessage(e, t`Could not export the group.`));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <ul className="mb-3 space-y-3">
        {FORMATS.map((f) => (
          <li key={f.id} className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-4">
            <button
              type="button"
              className="btn-secondary shrink-0 text-center whitespace-normal sm:w-60"
              aria-busy={busy === f.id}
              aria-describedby={`export-${f.id}-what`}
              disabled={busy !== null}
              onClick={() => void download(f)}
            >
              <DownloadIcon className="size-4" />
              {busy === f.id ? t`Exporting…` : i18n._(f.label)}
            </button>
            <div className="flex flex-col gap-2">
              <p id={`export-${f.id}-what`} className="text-sm text-muted">
                {i18n._(f.what)}
              </p>
              {f.id === 'csv' ? (
                <CsvHeadersChoice
                  checked={splitwiseHeaders}
                  disabled={busy !== null}
                  onChange={setSplitwiseHeaders}
                />
              ) : null}
            </div>
          </li>
        ))}
        <li className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-4">
          <button
            type="button"
            className="btn-secondary shrink-0 text-center whitespace-normal sm:w-60"
            aria-describedby="export-report-what"
            aria-haspopup="dialog"
            disabled={busy !== null}
            onClick={() => {
              setDone(null);
              setReportOpen(true);
            }}
          >
            <DownloadIcon className="size-4" />
            <Trans>Download report (PDF)</Trans>
          </button>
          <p id="export-report-what" className="text-sm text-muted">
            <Trans>
              A report to hand round for the dates you choose: members, what each person paid, their
              share and net, spending by category and by month, the payments that settle up, and
              every expense and payment, with receipt pictures if you like.
            </Trans>
          </p>
        </li>
      </ul>
      {reportOpen ? (
        <TripReportDialog
          group={group}
          onClose={() => setReportOpen(false)}
          onDone={(name) => {
            setReportOpen(false);
            setDone(t`Downloaded ${name}.`);
          }}
        />
      ) : null}
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
