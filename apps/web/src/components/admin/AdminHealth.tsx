// The admin area's health: the job queue's backlog, failed jobs (with Retry), e-mails that
// failed with the mail server's answer, push failures, and a test e-mail.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminApi } from '../../api/admin';
import type { AdminHealth as Health, AdminTestMail } from '../../api/types';
import { Alert } from '../Alert';
import { MailIcon } from '../icons';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';
import { appErrorText } from '../../lib/appErrors';
import { intlTag } from '../../i18n/locale';
import { formatWhen } from './format';

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="card p-4 text-muted">{children}</p>;
}

function Subsection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mt-5">
      <h3 className="mb-2 font-semibold">{title}</h3>
      {children}
    </div>
  );
}

function TestEmail() {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AdminTestMail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const client = useQueryClient();
  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setResult(await adminApi.testEmail());
      await client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    } catch (e) {
      setResult(null);
      setFailure(appErrorText(i18n, e, msg`Could not send the test e-mail.`));
    } finally {
      setBusy(false);
    }
  };
  const to = result?.to;
  const mailError = result?.error;
  return (
    <div className="card p-4">
      <p className="mb-3 text-muted">
        <Trans>Sends a message to your own address now and shows the mail server's answer.</Trans>
      </p>
      <button type="button" className="btn-secondary" disabled={busy} onClick={() => void send()}>
        <MailIcon className="size-5" />
        {busy ? <Trans>Sending…</Trans> : <Trans>Send test e-mail</Trans>}
      </button>
      <div className="mt-3" aria-live="polite">
        {failure !== null ? <Alert>{failure}</Alert> : null}
        {result?.sent === true ? (
          <Alert kind="success">
            <Trans>
              Sent to <span translate="no">{to}</span>.
            </Trans>
          </Alert>
        ) : null}
        {result?.sent === false ? (
          <Alert>
            <Trans>
              Could not send to <span translate="no">{to}</span>:{' '}
              <span className="break-words" translate="no">
                {mailError}
              </span>
            </Trans>
          </Alert>
        ) : null}
      </div>
    </div>
  );
}

function FailedJobs({ jobs }: { jobs: Health['failedJobs'] }) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const client = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const retry = async (id: number) => {
    setBusy(id);
    try {
      await adminApi.retryJob(id);
      toast.success(t`The job will run again`);
      await client.invalidateQueries({ queryKey: ['admin'] });
    } catch (e) {
      toast.error(appErrorText(i18n, e, msg`Could not retry the job.`));
    } finally {
      setBusy(null);
    }
  };
  if (jobs.length === 0)
    return (
      <Empty>
        <Trans>No failed jobs.</Trans>
      </Empty>
    );
  const attemptCount = (attempts: number) =>
    i18n._(msg`${plural(attempts, { one: '# attempt', other: '# attempts' })}`);
  const retryLabel = (kind: string, id: number) => t`Retry ${kind} job ${id}`;
  const failedAfter = (attempts: number, when: string) =>
    i18n._(
      msg`${plural(attempts, {
        one: `# attempt · failed ${when}`,
        other: `# attempts · failed ${when}`,
      })}`,
    );
  return (
    <ul className="card divide-y divide-border" aria-label={t`Failed jobs`}>
      {jobs.map((j) => (
        <li key={j.id} className="flex flex-wrap items-start gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-all" translate="no">
              {j.kind}
            </p>
            <p className="text-sm break-words text-danger">
              {j.error === null ? (
                <Trans>No error recorded</Trans>
              ) : (
                <span translate="no">{j.error}</span>
              )}
            </p>
            <p className="text-xs text-muted">
              {j.failedAt === null
                ? attemptCount(j.attempts)
                : failedAfter(j.attempts, formatWhen(i18n.locale, j.failedAt))}
            </p>
          </div>
          <button
            type="button"
            className="btn-secondary shrink-0"
            disabled={busy === j.id}
            onClick={() => void retry(j.id)}
            aria-label={retryLabel(j.kind, j.id)}
          >
            <Trans>Retry</Trans>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function AdminHealth() {
  const { i18n, t } = useLingui();
  const health = useQuery({ queryKey: ['admin', 'health'], queryFn: adminApi.health });
  const triedTimes = (attempts: number, next: string) =>
    i18n._(
      msg`${plural(attempts, {
        one: `Tried # time; next try ${next}`,
        other: `Tried # times; next try ${next}`,
      })}`,
    );
  return (
    <section aria-labelledby="admin-health-title">
      <h2 id="admin-health-title" className="mb-3 text-lg font-semibold">
        <Trans>Health</Trans>
      </h2>
      {health.isPending ? (
        <SkeletonList rows={3} />
      ) : health.isError ? (
        <Alert>{appErrorText(i18n, health.error, msg`Unknown error`)}</Alert>
      ) : (
        <>
          <dl className="card grid grid-cols-2 gap-3 p-4 sm:grid-cols-4">
            {(
              [
                [t`Waiting (backlog)`, health.data.jobs.due],
                [t`Scheduled`, health.data.jobs.scheduled],
                [t`Running`, health.data.jobs.running],
                [t`Failed`, health.data.jobs.failed],
              ] as const
            ).map(([label, n]) => (
              <div key={label} className="rounded-xl bg-surface-2 p-3">
                <dt className="text-sm text-muted">{label}</dt>
                <dd className="text-xl font-semibold">{n.toLocaleString(intlTag(i18n.locale))}</dd>
              </div>
            ))}
          </dl>
          <Subsection title={t`Failed jobs`}>
            <FailedJobs jobs={health.data.failedJobs} />
          </Subsection>
          <Subsection title={t`E-mails that failed`}>
            {health.data.failedMails.length === 0 ? (
              <Empty>
                <Trans>No e-mail failed.</Trans>
              </Empty>
            ) : (
              <ul className="card divide-y divide-border" aria-label={t`E-mails that failed`}>
                {health.data.failedMails.map((m) => (
                  <li key={m.id} className="px-4 py-3">
                    <p className="font-medium break-all">
                      {m.to === null ? (
                        <Trans>Unknown address</Trans>
                      ) : (
                        <span translate="no">{m.to}</span>
                      )}{' '}
                      <span className="text-sm text-muted" translate="no">
                        ({m.kind})
                      </span>
                    </p>
                    <p className="text-sm break-words text-danger" translate="no">
                      {m.error}
                    </p>
                    <p className="text-xs text-muted">
                      {m.nextAttemptAt === null
                        ? i18n._(
                            msg`${plural(m.attempts, {
                              one: 'Given up after # attempt',
                              other: 'Given up after # attempts',
                            })}`,
                          )
                        : triedTimes(m.attempts, formatWhen(i18n.locale, m.nextAttemptAt))}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Subsection>
          <Subsection title={t`Push failures`}>
            {health.data.pushFailures.length === 0 ? (
              <Empty>
                <Trans>No push notification failed.</Trans>
              </Empty>
            ) : (
              <ul className="card divide-y divide-border" aria-label={t`Push failures`}>
                {health.data.pushFailures.map((p) => (
                  <li key={p.subscriptionId} className="px-4 py-3">
                    <p className="font-medium" translate="no">
                      {p.userName}
                    </p>
                    <p className="text-sm break-words text-danger" translate="no">
                      {p.answer}
                    </p>
                    <p className="text-xs text-muted">{formatWhen(i18n.locale, p.failedAt)}</p>
                  </li>
                ))}
              </ul>
            )}
          </Subsection>
        </>
      )}
      <Subsection title={t`Test e-mail`}>
        <TestEmail />
      </Subsection>
    </section>
  );
}
