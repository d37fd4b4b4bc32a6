import { Trans, useLingui } from '@lingui/react/macro';
// Import a group (issue #14; the other apps, issue #33 point 4): choose a group's export from
// Splitwise, Spliit, Tricount, IHateMoney, Cospend or another Evenly server (the app chosen or
// recognised from the file), check who each person is (you, a friend, or a new guest) against
// the file's totals, then import it as a new group.
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { importGroup, previewImport } from '../api/imports';
import type { ImportPreview, ImportSource } from '../api/imports';
import { Alert } from '../components/Alert';
import { ProblemAlert } from '../components/import/ImportProblem';
import { PageHeader } from '../components/PageHeader';
import { Spinner } from '../components/Spinner';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useInvalidateAll } from '../hooks/useInvalidate';
import { newIdempotencyKey } from '../lib/idempotency';
import {
  choiceOf,
  mappingOf,
  nameFromFile,
  problemOf,
  problemsOfMapping,
  sourceName,
  SOURCES,
} from '../lib/importGroup';
import type { Column, Problem } from '../lib/importGroup';
import { formatMoney } from '../lib/money';
import { formatList } from '../lib/numberFormats';

export default function ImportGroupPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Import a group`);
  const navigate = useNavigate();
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const fileId = useId();
  const sourceId = useId();
  const howId = useId();
  const [source, setSource] = useState<ImportSource>('auto');
  const nameId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [columns, setColumns] = useState<Column[]>([]);
  const [groupName, setGroupName] = useState('');
  const [reading, setReading] = useState(false);
  const [importing, setImporting] = useState(false);
  const [readProblem, setReadProblem] = useState<Problem | null>(null);
  const [importProblem, setImportProblem] = useState<Problem | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);

  async function choose(f: File | null, from: ImportSource = source) {
    setFile(f);
    setPreview(null);
    setReadProblem(null);
    setImportProblem(null);
    setKey(newIdempotencyKey());
    if (f === null) return;
    setReading(true);
    try {
      const p = await previewImport(f, from);
      setPreview(p);
      setColumns(
        p.columns.map((c) => ({
          choice: choiceOf(c.proposed),
          guestName: c.proposed.kind === 'guest' ? c.proposed.name : c.name,
        })),
      );
      setGroupName(nameFromFile(f.name, t`Imported group`));
    } catch (e) {
      setReadProblem(problemOf(e, t`Could not read this file.`));
    } finally {
      setReading(false);
    }
  }

  const mappingProblem = preview === null ? null : problemsOfMapping(columns);
  const nameProblem = groupName.trim() === '' ? t`Please enter a group name.` : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (file === null || preview === null || mappingProblem !== null || nameProblem !== null) {
      return;
    }
    setImporting(true);
    setImportProblem(null);
    try {
      const result = await importGroup(
        file,
        preview.format,
        columns.map(mappingOf),
        groupName.trim(),
        key,
      );
      await invalidate();
      // The English as it was (tests read it); each language writes its plurals in the message.
      const expenseCount = result.expenseCount;
      const paymentCount = result.paymentCount;
      toast.success(t`Imported ${expenseCount} expenses and ${paymentCount} payments`);
      void navigate(`/app/group/${String(result.group.id)}`);
    } catch (err) {
      setImportProblem(problemOf(err, t`The import failed.`));
    } finally {
      setImporting(false);
    }
  }

  const friends = preview?.friends ?? [];
  const named = preview === null ? '' : sourceName(preview.format);
  const formatName = typeof named === 'string' ? named : i18n._(named);
  const importedAs = preview?.alreadyImported?.groupName ?? '';
  const howOf = (id: ImportSource) => {
    const how = SOURCES.find((s) => s.id === id)?.how;
    return how === undefined ? null : i18n._(how);
  };

  return (
    <>
      <PageHeader title={t`Import a group`} back="/app/groups" />
      <section aria-labelledby="import-file-title" className="card mb-4 p-4">
        <h2 id="import-file-title" className="mb-1 text-base font-semibold">
          <Trans>1. Choose the file</Trans>
        </h2>
        <p className="mb-3 text-sm text-muted">
          <Trans>
            Export the group from the app you used and pick the file here. Its expenses, payments,
            dates, categories and currencies become a new group.
          </Trans>
        </p>
        <label htmlFor={sourceId} className="label">
          <Trans>The app it comes from</Trans>
        </label>
        <select
          id={sourceId}
          className="field mb-2"
          aria-describedby={howId}
          value={source}
          disabled={reading || importing}
          onChange={(e) => {
            const next = e.target.value as ImportSource;
            setSource(next);
            if (file !== null) void choose(file, next);
          }}
        >
          <option value="auto">{t`Recognise it from the file`}</option>
          {SOURCES.map((s) => (
            <option key={s.id} value={s.id}>
              {i18n._(s.name)}
            </option>
          ))}
        </select>
        <div id={howId} className="mb-3 text-sm text-muted">
          {source === 'auto' ? (
            <ul className="list-disc ps-5">
              {SOURCES.map((s) => (
                <li key={s.id}>{i18n._(s.how)}</li>
              ))}
            </ul>
          ) : (
            <p>{howOf(source)}</p>
          )}
        </div>
        <label htmlFor={fileId} className="label">
          <Trans>Group export file</Trans>
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          className="field file:me-3 file:rounded-lg file:border-0 file:bg-surface-2 file:px-3 file:py-1 file:text-fg"
          onChange={(e) => void choose(e.target.files?.[0] ?? null)}
          disabled={reading || importing}
        />
        {reading ? (
          <div className="mt-3 flex items-center gap-2 text-sm text-muted">
            <Spinner label={t`Reading the file`} />
            <span aria-hidden="true">
              <Trans>Reading the file…</Trans>
            </span>
          </div>
        ) : null}
        {readProblem !== null ? (
          <div className="mt-3">
            <ProblemAlert problem={readProblem} />
          </div>
        ) : null}
      </section>

      {preview !== null ? (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <section aria-labelledby="import-summary-title" className="card mb-4 p-4">
            <h2 id="import-summary-title" className="mb-2 text-base font-semibold">
              <Trans>2. Check what is in it</Trans>
            </h2>
            <p className="mb-2 text-sm">
              <Trans>
                Read as an export of <span className="font-semibold">{formatName}</span>.
              </Trans>
            </p>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-muted">
                  <Trans>Expenses</Trans>
                </dt>
                <dd className="font-semibold">{preview.expenseCount}</dd>
              </div>
              <div>
                <dt className="text-muted">
                  <Trans>Payments</Trans>
                </dt>
                <dd className="font-semibold">{preview.paymentCount}</dd>
              </div>
              <div>
                <dt className="text-muted">
                  <Trans>Dates</Trans>
                </dt>
                <dd className="font-semibold">
                  {preview.firstDate === preview.lastDate
                    ? preview.firstDate
                    : `${preview.firstDate} – ${preview.lastDate}`}
                </dd>
              </div>
              <div>
                <dt className="text-muted">
                  <Trans>Currencies</Trans>
                </dt>
                <dd className="font-semibold">{formatList(preview.currencies, 'items')}</dd>
              </div>
            </dl>
            {preview.alreadyImported !== null ? (
              <div className="mt-3">
                <Alert>
                  {importedAs !== '' ? (
                    <Trans>
                      You have already imported this file as{' '}
                      <Link
                        className="font-semibold underline"
                        to={`/app/group/${String(preview.alreadyImported.groupId)}`}
                      >
                        {importedAs}
                      </Link>
                      . It cannot be imported twice.
                    </Trans>
                  ) : (
                    <Trans>You have already imported this file. It cannot be imported twice.</Trans>
                  )}
                </Alert>
              </div>
            ) : null}
          </section>

          <section aria-labelledby="import-people-title" className="card mb-4 p-4">
            <h2 id="import-people-title" className="mb-1 text-base font-semibold">
              <Trans>3. Who is who</Trans>
            </h2>
            <p className="mb-3 text-sm text-muted">
              <Trans>
                Match each person in the file to you, a friend, or a new guest (someone without an
                account, who can claim their place later).
              </Trans>
            </p>
            <ul className="divide-y divide-border">
              {preview.columns.map((c, i) => {
                const column = columns[i] ?? { choice: 'guest', guestName: c.name };
                const selectId = `import-col-${String(i)}`;
                const guestId = `import-guest-${String(i)}`;
                const totalsId = `import-total-${String(i)}`;
                return (
                  <li key={`${c.name}-${String(i)}`} className="py-3 first:pt-0 last:pb-0">
                    <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                      <span className="font-semibold">{c.name}</span>
                      <span id={totalsId} className="text-sm">
                        {c.totals.map((line, k) => {
                          const amount = formatMoney(Math.abs(line.total), line.currency);
                          return (
                            <span
                              key={line.currency}
                              className={
                                line.total > 0
                                  ? 'text-owed'
                                  : line.total < 0
                                    ? 'text-owe'
                                    : 'text-muted'
                              }
                            >
                              {k > 0 ? ' · ' : ''}
                              {line.total > 0
                                ? t`gets back ${amount}`
                                : line.total < 0
                                  ? t`owes ${amount}`
                                  : t`settled`}
                            </span>
                          );
                        })}
                      </span>
                    </div>
                    <div className="grid gap-2 sm:grid-cols-2">
                      <div>
                        <label htmlFor={selectId} className="label">
                          {t`${{ name: c.name }} is`}
                        </label>
                        <select
                          id={selectId}
                          className="field"
                          aria-describedby={totalsId}
                          value={column.choice}
                          onChange={(e) =>
                            setColumns((cs) =>
                              cs.map((x, j) => (j === i ? { ...x, choice: e.target.value } : x)),
                            )
                          }
                        >
                          <option value="me">{t`Me`}</option>
                          {friends.map((f) => (
                            <option key={f.id} value={`friend:${String(f.id)}`}>
                              {t`${{ name: f.name }} (friend)`}
                            </option>
                          ))}
                          <option value="guest">{t`A new guest`}</option>
                        </select>
                      </div>
                      {column.choice === 'guest' ? (
                        <div>
                          <label htmlFor={guestId} className="label">
                            <Trans>Guest’s name</Trans>
                          </label>
                          <input
                            id={guestId}
                            className="field"
                            maxLength={100}
                            value={column.guestName}
                            aria-invalid={column.guestName.trim() === '' ? true : undefined}
                            onChange={(e) =>
                              setColumns((cs) =>
                                cs.map((x, j) =>
                                  j === i ? { ...x, guestName: e.target.value } : x,
                                ),
                              )
                            }
                          />
                        </div>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>

          <section aria-labelledby="import-group-title" className="card mb-4 p-4">
            <h2 id="import-group-title" className="mb-3 text-base font-semibold">
              <Trans>4. Name the new group</Trans>
            </h2>
            <label htmlFor={nameId} className="label">
              <Trans>Group name</Trans>
            </label>
            <input
              id={nameId}
              className="field"
              maxLength={100}
              value={groupName}
              aria-invalid={nameProblem !== null ? true : undefined}
              onChange={(e) => setGroupName(e.target.value)}
            />
            {mappingProblem !== null ? (
              <div className="mt-3">
                <Alert>{i18n._(mappingProblem)}</Alert>
              </div>
            ) : null}
            {importProblem !== null ? (
              <div className="mt-3">
                <ProblemAlert problem={importProblem} />
              </div>
            ) : null}
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <Link to="/app/groups" className="btn-secondary">
                <Trans>Cancel</Trans>
              </Link>
              <button
                type="submit"
                className="btn-primary"
                aria-busy={importing}
                disabled={
                  importing ||
                  preview.alreadyImported !== null ||
                  mappingProblem !== null ||
                  nameProblem !== null
                }
              >
                {importing ? t`Importing…` : t`Import group`}
              </button>
            </div>
          </section>
        </form>
      ) : null}
    </>
  );
}
